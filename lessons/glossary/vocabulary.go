package glossary

import (
	"regexp"
	"strings"
)

// A Variant is a phrase the course must not use for a concept, with the
// contexts in which the same characters mean something else and are
// allowed: 值 is forbidden for "value" (the word is 价值) but allowed inside
// 价值, 均值 or 阈值; 提示 is forbidden for "prompt" (提示词) but allowed
// as the interface's "hint" (提示：).
type Variant struct {
	Avoid string   `json:"avoid"`
	Allow []string `json:"allow,omitempty"` // each contains Avoid
}

// A Phrase is a concept the course names that is not a glossary term (the
// dual clip, one PPO step, a clamp), with its one name in each language
// and the variants to avoid.
type Phrase struct {
	ID         string    `json:"id"`
	En         string    `json:"en"`
	Zh         string    `json:"zh"`
	EnVariants []Variant `json:"en_variants,omitempty"`
	ZhVariants []Variant `json:"zh_variants,omitempty"`
}

// A Rule is one variant of one concept in one language: what to write
// (Use) instead of Avoid, outside the contexts Allow.
type Rule struct {
	Concept, Use string
	Variant
}

// Rules lists every vocabulary rule of language lang ("zh" or "en"): each
// term's zh_avoid (no allowed context) and zh_variants / en_variants, then
// each phrase's.
func Rules(lang string) []Rule {
	var out []Rule
	for _, t := range terms {
		if lang == "zh" {
			for _, v := range t.ZhAvoid {
				out = append(out, Rule{t.ID, t.Zh, Variant{Avoid: v}})
			}
		}
		for _, v := range pick(lang, t.EnVariants, t.ZhVariants) {
			out = append(out, Rule{t.ID, t.Name(lang), v})
		}
	}
	for _, p := range phrases {
		use := p.En
		if lang == "zh" {
			use = p.Zh
		}
		for _, v := range pick(lang, p.EnVariants, p.ZhVariants) {
			out = append(out, Rule{p.ID, use, v})
		}
	}
	return out
}

func pick(lang string, en, zh []Variant) []Variant {
	if lang == "zh" {
		return zh
	}
	return en
}

// Find returns the byte offsets in text where the variant is used: each
// occurrence of Avoid that is not part of one of the allowed contexts.
func (v Variant) Find(text string) []int {
	var out []int
	for i := 0; ; {
		j := strings.Index(text[i:], v.Avoid)
		if j < 0 {
			return out
		}
		at := i + j
		if !v.allowedAt(text, at) {
			out = append(out, at)
		}
		i = at + len(v.Avoid)
	}
}

// allowedAt reports whether the occurrence of Avoid at offset at lies
// inside one of the allowed contexts.
func (v Variant) allowedAt(text string, at int) bool {
	for _, ctx := range v.Allow {
		for k := strings.Index(ctx, v.Avoid); k >= 0; {
			if start := at - k; start >= 0 && strings.HasPrefix(text[start:], ctx) {
				return true
			}
			next := strings.Index(ctx[k+1:], v.Avoid)
			if next < 0 {
				break
			}
			k += 1 + next
		}
	}
	return false
}

// codeName is a code name in a text (attention_mask, masked_mean,
// algorithm.lam, core_algos.py), a sum over a tensor (Σmask), a route
// (/batch) or a link's query (p=seed-b&mask=1,1,0): verl's names and the
// site's addresses stay English, so a variant inside one is no use of it.
var codeName = regexp.MustCompile(`[A-Za-z0-9]*[_./=&-][A-Za-z0-9_./=&,-]*[A-Za-z0-9]|\bmasked\w*|Σ\w+|/\w+`)

// A Misuse is a rule that a text breaks, at byte offset At of the text.
type Misuse struct {
	Rule
	At int
}

// Misuses are the rules of language lang that text breaks outside its code
// names, each once, at its first use.
func Misuses(lang, text string) []Misuse {
	blank := codeName.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
	var out []Misuse
	for _, r := range Rules(lang) {
		if at := r.Find(blank); len(at) > 0 {
			out = append(out, Misuse{r, at[0]})
		}
	}
	return out
}
