package compare_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
	"gaelab/web/webtest"
)

// The update and compare pages typeset the formulas of their prose (the
// intro, the notes) as MathML in both languages: <math> elements in the
// intro and, on the update pages, in the notes; none of the formulas' TeX
// left as text there; the same message, through T, reads as Unicode.
func TestProseMathTypeset(t *testing.T) {
	for _, c := range []struct {
		path  string
		notes bool // the notes hold a formula too
		key   string
	}{
		{"/update/critic?v=1&p=seed-b", true, "update.critic.intro"},
		{"/update/actor?v=1&p=seed-b", true, "update.actor.intro"},
		{"/compare/lambda?v=1&p=seed-b", false, "sweep.lam.intro"},
		{"/compare/estimators?v=1&p=seed-b", false, "sweep.est.intro"},
		{"/compare/variance?v=1&p=seed-b&n=50", false, "var.intro"},
	} {
		for _, l := range i18n.Langs {
			doc := webtest.Page(t, c.path+"&lang="+string(l))
			intro := doc.Find("p.intro").First()
			if intro.Find("math").Length() == 0 {
				t.Errorf("%s (%s): the intro has no <math>: %q", c.path, l, intro.Text())
			}
			parts := []*goquery.Selection{intro}
			if c.notes {
				notes := doc.Find(`[data-testid="notes"]`)
				if notes.Find("p math").Length() == 0 {
					t.Errorf("%s (%s): no note holds a <math>: %q", c.path, l, notes.Text())
				}
				parts = append(parts, notes)
			}
			for _, p := range parts {
				p = p.Clone()
				p.Find("math").Remove()
				for _, raw := range []string{"$", "_t", `\`} {
					if strings.Contains(p.Text(), raw) {
						t.Errorf("%s (%s): prose outside <math> holds %q: %q", c.path, l, raw, p.Text())
					}
				}
			}
			if plain := l.T(c.key, "v0.9.0"); strings.ContainsAny(plain, `$\`) || !strings.Contains(plain, "V(sₜ)") && !strings.Contains(plain, "ρₜ") {
				t.Errorf("%s through T is not plain Unicode: %q", c.key, plain)
			}
		}
	}
}

// The compare pages' other prose with formulas is typeset too: the
// estimators' mask note and telescoping identity, the λ sweep's weights
// panel, a bug's story; in both languages.
func TestCompareProseMathTypeset(t *testing.T) {
	for _, c := range []struct{ path, sel string }{
		{"/compare/estimators?v=1&p=seed-b", `[data-testid="mask-note"]`},
		{"/compare/estimators?v=1&p=seed-b", `#identity-heading + p`},
		{"/compare/lambda?v=1&p=seed-b", `[data-testid="weights"] p`},
		{"/compare/bugs?v=1&p=seed-b&bug=shift", `[data-testid="bug-story"]`},
	} {
		for _, l := range i18n.Langs {
			doc := webtest.Page(t, c.path+"&lang="+string(l))
			p := doc.Find(c.sel)
			if p.Length() == 0 {
				t.Fatalf("%s: nothing at %s", c.path, c.sel)
			}
			if p.Find("math").Length() == 0 {
				t.Errorf("%s (%s): %s has no <math>: %q", c.path, l, c.sel, p.Text())
			}
			p = p.Clone()
			p.Find("math").Remove()
			if text := p.Text(); strings.ContainsAny(text, `$\`) || strings.Contains(text, "_{") {
				t.Errorf("%s (%s): %s holds TeX outside <math>: %q", c.path, l, c.sel, text)
			}
		}
	}
}
