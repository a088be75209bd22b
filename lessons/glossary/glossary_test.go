package glossary

import (
	"strings"
	"testing"
)

// The embedded glossary parses, holds at least 30 terms, and names the
// Chinese terms learners and the Chinese ML community use.
func TestGlossary(t *testing.T) {
	if n := len(All()); n < 30 {
		t.Errorf("the glossary holds %d terms, want at least 30", n)
	}
	want := map[string]string{
		"value": "价值", "advantage": "优势", "return": "回报", "gamma": "折扣因子", "td_error": "时序差分误差",
		"token": "token", "critic": "critic", "actor": "actor", "playground": "实验台",
		"bootstrap": "自举", "terminal_value": "终止价值",
	}
	for id, zh := range want {
		term, ok := Lookup(id)
		if !ok {
			t.Errorf("no term %q", id)
			continue
		}
		if term.Zh != zh {
			t.Errorf("%s: zh = %q, want %q", id, term.Zh, zh)
		}
	}
	for _, id := range []string{"critic", "actor", "token", "playground"} {
		term, _ := Lookup(id)
		if len(term.ZhAvoid) == 0 {
			t.Errorf("%s lists no Chinese variants to avoid", id)
		}
	}
}

// An avoided variant may never be part of an accepted name: the page and
// lesson tests would then reject the glossary's own words.
func TestAvoidedNeverInAcceptedNames(t *testing.T) {
	for variant, id := range Avoided() {
		for _, term := range All() {
			for _, name := range append([]string{term.Zh, term.DefZh}, term.ZhAlso...) {
				if strings.Contains(name, variant) {
					t.Errorf("%q (avoided for %s) is inside %s's accepted %q", variant, id, term.ID, name)
				}
			}
		}
	}
}

// The bootstrap wording is decided once: bootstrapping uses the critic's
// V(s_{t+1}); the 0 after the last token is the terminal value.
func TestBootstrapWording(t *testing.T) {
	b, _ := Lookup("bootstrap")
	if !strings.Contains(b.DefEn, "V(sₜ₊₁)") || !strings.Contains(b.DefEn, "rest of the return") {
		t.Errorf("bootstrap's definition = %q", b.DefEn)
	}
	tv, _ := Lookup("terminal_value")
	if !strings.Contains(tv.DefEn, "not a bootstrap") || !strings.Contains(tv.DefZh, "不是自举") {
		t.Errorf("terminal value's definitions = %q / %q", tv.DefEn, tv.DefZh)
	}
}

func TestParseRejects(t *testing.T) {
	for name, src := range map[string]string{
		"not json":   `{`,
		"no id":      `{"terms": [{"en": "a", "zh": "甲", "def_en": "a", "def_zh": "甲"}]}`,
		"twice":      `{"terms": [{"id": "a", "en": "a", "zh": "甲", "def_en": "a", "def_zh": "甲"}, {"id": "a", "en": "a", "zh": "甲", "def_en": "a", "def_zh": "甲"}]}`,
		"no zh name": `{"terms": [{"id": "a", "en": "a", "def_en": "a", "def_zh": "甲"}]}`,
	} {
		if _, _, err := parse([]byte(src)); err == nil || !strings.HasPrefix(err.Error(), "glossary: ") {
			t.Errorf("%s: err = %v, want a glossary: error", name, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(data)
	f.Add([]byte(`{"terms": [{"id": "a"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ts, _, err := parse(b)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, term := range ts {
			if term.ID == "" || seen[term.ID] || term.En == "" || term.Zh == "" {
				t.Fatalf("parse accepted %+v", term)
			}
			seen[term.ID] = true
		}
	})
}
