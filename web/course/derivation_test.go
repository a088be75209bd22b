package course

import (
	"strings"
	"testing"

	"gaelab/lessons"
)

// Issue 36, "reveals derive every number they use": the GAE lesson's A₀
// reveal used A₁ = 0.58 without deriving it. A reveal that multiplies a
// later advantage in derives it first (its own "= {adv.k}" before the
// "× {adv.k}"), in both languages.
func TestRevealDerivesTheAdvantagesItUses(t *testing.T) {
	checked := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				q := p.Predict
				if q == nil || q.Derivation == "" {
					continue
				}
				d := q.Derivation
				for i := 0; ; {
					j := strings.Index(d[i:], "× {adv.")
					if j < 0 {
						break
					}
					j += i
					cell := d[j+len("× ") : j+strings.Index(d[j:], "}")+1]
					if k := strings.Index(d, "= "+cell); k < 0 || k > j {
						t.Errorf("%s %s/%s: the reveal uses %s before deriving it", lang, l.Slug, q.ID, cell)
					}
					checked++
					i = j + 1
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no reveal multiplies an advantage")
	}
}
