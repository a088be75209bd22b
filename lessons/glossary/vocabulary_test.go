package glossary

import (
	"slices"
	"strings"
	"testing"
)

// A variant is found outside its allowed contexts only: 值 inside 价值,
// 均值 or 阈值 is another word; 提示 is allowed as 提示词 and as the
// interface's 提示：.
func TestVariantFind(t *testing.T) {
	value := Variant{Avoid: "值", Allow: []string{"价值", "均值", "阈值"}}
	prompt := Variant{Avoid: "提示", Allow: []string{"提示词", "提示："}}
	for _, c := range []struct {
		v    Variant
		text string
		want int // occurrences found
	}{
		{value, "状态的价值、均值和阈值", 0},
		{value, "状态的值", 1},
		{value, "价值的值，均值", 1},
		{value, "值", 1},
		{prompt, "同一个提示词", 0},
		{prompt, "提示：看最后一个 token", 0},
		{prompt, "同一个提示，两条回复", 1},
		{Variant{Avoid: "batch"}, "mini-batch 和 batch", 2},
		{Variant{Avoid: "batch", Allow: []string{"mini-batch"}}, "mini-batch 和 batch", 1},
	} {
		got := c.v.Find(c.text)
		if len(got) != c.want {
			t.Errorf("%q in %q: found at %v, want %d", c.v.Avoid, c.text, got, c.want)
		}
		for _, at := range got {
			if !strings.HasPrefix(c.text[at:], c.v.Avoid) {
				t.Errorf("%q in %q: offset %d is not the variant", c.v.Avoid, c.text, at)
			}
		}
	}
}

// The committed vocabulary covers the concepts the course mixed (issue 25):
// value, score, prompt, batch, mask, reference, next value, terminal value,
// ratio, one PPO step, the dual clip and the clamp.
func TestVocabularyCoversTheMixedConcepts(t *testing.T) {
	var concepts []string
	for _, r := range Rules("zh") {
		concepts = append(concepts, r.Concept)
	}
	for _, c := range []string{"value", "score", "prompt", "batch", "mask", "reference", "next_value", "terminal_value", "ratio", "ppo_step", "dual_clip", "clamp"} {
		if !slices.Contains(concepts, c) {
			t.Errorf("no Chinese vocabulary rule for %s", c)
		}
	}
}

func TestParseRejectsBadVariants(t *testing.T) {
	for name, src := range map[string]string{
		"context without the variant": `{"terms": [{"id": "a", "en": "a", "zh": "甲", "def_en": "a", "def_zh": "甲", "lesson": "x", "zh_variants": [{"avoid": "值", "allow": ["价格"]}]}]}`,
		"empty variant":               `{"terms": [{"id": "a", "en": "a", "zh": "甲", "def_en": "a", "def_zh": "甲", "lesson": "x", "en_variants": [{"avoid": ""}]}]}`,
		"phrase without a name":       `{"terms": [], "phrases": [{"id": "p", "en": "p"}]}`,
	} {
		if _, _, err := parse([]byte(src)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}

// Misuses finds a variant in prose, at its offset in the text, and not in
// a code name (verl's attention_mask, a link's mask=1,0, a route).
func TestMisuses(t *testing.T) {
	text := "把 mask 写成掩码"
	got := Misuses("zh", text)
	if len(got) != 1 || got[0].Concept != "mask" || text[got[0].At:got[0].At+len("mask")] != "mask" {
		t.Errorf("Misuses(%q) = %+v, want mask at %d", text, got, strings.Index(text, "mask"))
	}
	for _, code := range []string{"attention_mask 是掩码", "p=seed-b&mask=1,1,0", "Σmask 个有效 token", "见 masked_mean"} {
		if got := Misuses("zh", code); len(got) != 0 {
			t.Errorf("Misuses(%q) = %+v, want none: a code name is no use of a variant", code, got)
		}
	}
	if got := Misuses("zh", "一个词元"); len(got) != 1 || got[0].Avoid != "词元" {
		t.Errorf("Misuses(一个词元) = %+v, want 词元", got)
	}
}
