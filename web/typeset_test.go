package web

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// unrenderedMath is a catalog formula that reached a page untypeset.
var unrenderedMath = regexp.MustCompile(`\$[^$\s]*[\\_^][^$]*\$`)

// TestNoRawTeX: no page, in either language, shows pseudo-TeX to a reader:
// formulas are MathML (their TeX source lives only in <annotation>), and
// text that cannot hold markup (titles, options) uses Unicode (s₁, γλ).
// Nor does any page hold goldmark's "raw HTML omitted" (issue 36: a `</s>`
// outside code read as a tag and dropped): every page of the corpora and
// every lesson, fresh and with every answer shown.
func TestNoRawTeX(t *testing.T) {
	h := Routes()
	for _, link := range append(pageLinks(t), everyLesson()...) {
		if p, _, _ := strings.Cut(link, "?"); strings.HasSuffix(p, ".svg") {
			continue
		}
		for _, l := range i18n.Langs {
			body := fetchIn(t, h, link, l)
			if i := bytes.Index(body, []byte("raw HTML omitted")); i >= 0 {
				t.Errorf("%s (%s) dropped raw HTML: …%s…", link, l, body[max(0, i-120):i])
			}
			text := readableText(t, body)
			if m := unrenderedMath.FindString(text); m != "" {
				t.Errorf("%s (%s) shows a formula's TeX: %q", link, l, m)
			}
			for _, raw := range []string{"_{", "^{", `\lambda`, `\gamma`, `\delta`} {
				if i := strings.Index(text, raw); i >= 0 {
					lo, hi := max(0, i-40), min(len(text), i+40)
					t.Errorf("%s (%s) shows raw %q: …%s…", link, l, raw, strings.ReplaceAll(text[lo:hi], "\n", " "))
				}
			}
		}
	}
}

// rawSubscript is a textbook subscript written the programmer's way: one
// letter, or V(s, then an underscore and an index letter or a brace, as in
// A_t, V(s_t), G_t, r_t, s_{t+1}, x_i (verl's names such as kl_coef are
// longer, and code is not text).
var rawSubscript = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])(?:[A-Za-zδγλπθ]|V\(s)_(?:[tiTkjn]|\{)(?:[^A-Za-z0-9_]|$)`)

// TestNoRawSubscripts (issue 35): no page, in either language, shows a
// reader a raw subscript such as A_t, V(s_t), G_t or r_t in its visible
// text or in the attributes a reader meets: text-only places use Unicode
// (Aₜ, V(sₜ)), formulas MathML. The course issue (36) emptied the lessons'
// exception list: every page of the corpora, and every lesson on a fresh
// load and with every answer shown (everyLesson), in both languages.
func TestNoRawSubscripts(t *testing.T) {
	h := Routes()
	for _, link := range append(pageLinks(t), everyLesson()...) {
		if p, _, _ := strings.Cut(link, "?"); strings.HasSuffix(p, ".svg") {
			continue
		}
		for _, l := range i18n.Langs {
			text := readableText(t, fetchIn(t, h, link, l))
			if loc := rawSubscript.FindStringIndex(text); loc != nil {
				lo, hi := max(0, loc[0]-40), min(len(text), loc[1]+40)
				t.Errorf("%s (%s) shows a raw subscript %q: …%s…", link, l, strings.TrimSpace(text[loc[0]:loc[1]]), strings.ReplaceAll(text[lo:hi], "\n", " "))
			}
		}
	}
}

// everyLesson is every lesson twice: on a fresh load and with every
// question's answer shown (its derivation, diagnoses and explanation), the
// lessons the link corpora do not hold included.
func everyLesson() []string {
	var out []string
	for _, l := range lessons.Embedded().Lessons("en") {
		var shown []string
		for _, p := range l.Parts {
			switch {
			case p.Predict != nil:
				shown = append(shown, "predict-"+p.Predict.ID+"-reveal=1")
			case p.Choice != nil:
				shown = append(shown, "choice-"+p.Choice.ID+"-reveal=1")
			}
		}
		out = append(out, "/lessons/"+l.Slug+"?lang=en", "/lessons/"+l.Slug+"?"+strings.Join(append(shown, "lang=en"), "&"))
	}
	return out
}
