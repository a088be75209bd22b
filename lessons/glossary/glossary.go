// Package glossary is GAE Lab's one vocabulary: the terms the pages and the
// lessons name, in English and Chinese, with verl's tensor name, the symbol
// and a one-line definition in both languages. The data is glossary.json
// (embedded); the message catalog (web/i18n) builds its term.* messages from
// it, and the tests of the catalog, the pages and the lessons reject the
// Chinese variants each term lists under zh_avoid; the course's texts are
// also held to each term's (and each phrase's) zh_variants and en_variants,
// variants forbidden outside the contexts they list (vocabulary.go).
package glossary

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"gaelab/lessons/mathml"
)

//go:embed glossary.json
var data []byte

// A Term is one entry of the glossary.
type Term struct {
	ID     string `json:"id"`
	En     string `json:"en"`
	Zh     string `json:"zh"`
	Tensor string `json:"tensor"` // verl's name for it, "" when it has none
	Symbol string `json:"symbol"` // as the pages write it (Unicode, TeX-like subscripts): the code's 0-based index form
	// OneBased is the symbol in the textbook's 1-based numbering ("V(s_{t+1})"
	// for V(s_t)); "" for a term without an index.
	OneBased string `json:"one_based,omitempty"`
	// Lesson is the slug of the lesson that teaches the term.
	Lesson string `json:"lesson"`
	DefEn  string `json:"def_en"`
	DefZh  string `json:"def_zh"`
	// ZhAlso are accepted short forms ("TD 误差" for 时序差分误差).
	ZhAlso []string `json:"zh_also,omitempty"`
	// ZhAvoid are variants no Chinese page or lesson may use.
	ZhAvoid []string `json:"zh_avoid"`
	// ZhVariants and EnVariants are variants the course's texts may not
	// use except in the listed contexts (vocabulary.go).
	ZhVariants []Variant `json:"zh_variants,omitempty"`
	EnVariants []Variant `json:"en_variants,omitempty"`
}

// Name is the term in language lang ("zh" or anything else for English).
func (t Term) Name(lang string) string {
	if lang == "zh" {
		return t.Zh
	}
	return t.En
}

// Def is the one-line definition in language lang.
func (t Term) Def(lang string) string {
	if lang == "zh" {
		return t.DefZh
	}
	return t.DefEn
}

// DefText is the definition in language lang as text: its $…$ formulas in
// Unicode ($V(s_t)$ → V(sₜ)), identifiers (response_length, π_ref) as
// written. The glossary page and the lessons' term popups show it.
func (t Term) DefText(lang string) string { return mathml.PlainLine(t.Def(lang)) }

var terms, byID, phrases = mustLoad()

func mustLoad() ([]Term, map[string]Term, []Phrase) {
	ts, ps, err := parse(data)
	if err != nil {
		panic(err) // the embedded file is checked by TestGlossary
	}
	m := make(map[string]Term, len(ts))
	for _, t := range ts {
		m[t.ID] = t
	}
	return ts, m, ps
}

// parse reads and checks a glossary file: unique non-empty ids, every name
// and definition present in both languages, every allowed context of a
// variant containing the variant; and its phrases (concepts that are not
// terms, with their variants).
func parse(b []byte) ([]Term, []Phrase, error) {
	var f struct {
		Terms   []Term   `json:"terms"`
		Phrases []Phrase `json:"phrases"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, nil, fmt.Errorf("glossary: %w", err)
	}
	for _, p := range f.Phrases {
		if p.ID == "" || p.En == "" || p.Zh == "" {
			return nil, nil, fmt.Errorf("glossary: phrase %q lacks an id or a name", p.ID)
		}
		if err := checkVariants(p.ID, p.EnVariants, p.ZhVariants); err != nil {
			return nil, nil, err
		}
	}
	seen := map[string]bool{}
	for i, t := range f.Terms {
		switch {
		case t.ID == "":
			return nil, nil, fmt.Errorf("glossary: term %d has no id", i)
		case seen[t.ID]:
			return nil, nil, fmt.Errorf("glossary: id %q twice", t.ID)
		case t.En == "" || t.Zh == "" || t.DefEn == "" || t.DefZh == "":
			return nil, nil, fmt.Errorf("glossary: %q lacks a name or a definition", t.ID)
		case t.Lesson == "":
			return nil, nil, fmt.Errorf("glossary: %q names no lesson that teaches it", t.ID)
		}
		if err := checkVariants(t.ID, t.EnVariants, t.ZhVariants); err != nil {
			return nil, nil, err
		}
		seen[t.ID] = true
	}
	return f.Terms, f.Phrases, nil
}

// checkVariants: every variant is non-empty and lies inside each of its
// allowed contexts.
func checkVariants(id string, lists ...[]Variant) error {
	for _, vs := range lists {
		for _, v := range vs {
			if v.Avoid == "" {
				return fmt.Errorf("glossary: %q has an empty variant", id)
			}
			for _, c := range v.Allow {
				if !strings.Contains(c, v.Avoid) {
					return fmt.Errorf("glossary: %q: the context %q does not contain %q", id, c, v.Avoid)
				}
			}
		}
	}
	return nil
}

// All returns every term in the file's order. The slice is shared: do not
// modify it.
func All() []Term { return terms }

// Lookup finds a term by id.
func Lookup(id string) (Term, bool) {
	t, ok := byID[id]
	return t, ok
}

// Avoided maps each Chinese variant the glossary rules out to the id of the
// term to use instead.
func Avoided() map[string]string {
	m := map[string]string{}
	for _, t := range terms {
		for _, v := range t.ZhAvoid {
			m[v] = t.ID
		}
	}
	return m
}
