package course_test

import (
	"regexp"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/webtest"
)

// rawTeX is formula source left as text: a one-letter symbol with a
// subscript ("R_t", "s_{t+1}"), a superscript in parentheses, a command
// or a dollar sign.
var rawTeX = regexp.MustCompile(`(^|[^A-Za-z_])[A-Za-zα-ωΑ-Ω]_(\{|[A-Za-z0-9](\b|[^A-Za-z0-9_]|$))|\^\(|\\[A-Za-z]+|\$`)

// Issue 25, error 15: the hint offered after two wrong tries typesets its
// formulas as MathML, as the lesson around it does, and leaves no TeX as
// text; for every question of the course in both languages (the generic
// hints of the asked row and the questions' own hints).
func TestHintsTypesetTeX(t *testing.T) {
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				q := p.Predict
				if q == nil {
					continue
				}
				doc := webtest.Page(t, "/lessons/"+l.Slug+"/predict/"+q.ID+"?lang="+lang+"&predict-"+q.ID+"=123456&predict-"+q.ID+"-tries=1")
				hint := doc.Find(`[data-testid="hint"]`)
				if hint.Length() != 1 {
					t.Errorf("%s/%s %s: no hint after two wrong tries", lang, l.Slug, q.ID)
					continue
				}
				prose := hint.Clone()
				prose.Find("math").Remove()
				if m := rawTeX.FindString(prose.Text()); m != "" {
					t.Errorf("%s/%s %s: the hint shows TeX %q as text: %s", lang, l.Slug, q.ID, m, strings.TrimSpace(prose.Text()))
				}
			}
		}
	}
}
