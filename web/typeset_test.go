package web

import (
	"regexp"
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// unrenderedMath is a catalog formula that reached a page untypeset.
var unrenderedMath = regexp.MustCompile(`\$[^$\s]*[\\_^][^$]*\$`)

// TestNoRawTeX: no page, in either language, shows pseudo-TeX to a reader:
// formulas are MathML (their TeX source lives only in <annotation>), and
// text that cannot hold markup (titles, options) uses Unicode (s₁, γλ).
func TestNoRawTeX(t *testing.T) {
	h := Routes()
	for _, link := range pageLinks(t) {
		if p, _, _ := strings.Cut(link, "?"); strings.HasSuffix(p, ".svg") {
			continue
		}
		for _, l := range i18n.Langs {
			text := readableText(t, fetchIn(t, h, link, l))
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
