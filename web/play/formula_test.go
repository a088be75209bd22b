package play_test

import (
	"net/http"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/webtest"
)

// The kld formula computes the KL step as the state's table does, in every
// release and with every KL name the release accepts: a v=3 state of a
// release before v0.5.0 once computed it in a v=1 link's pseudo-generation
// (the version's), and k1/k2/k3 on v0.4.0 answered 500.
func TestFormulaKLIsTheReleases(t *testing.T) {
	for _, g := range engine.Generations() {
		tag := g.Releases()[0].Tag
		for _, kl := range engine.KLNames(g) {
			link := "/play?v=3&p=seed-b&ver=" + tag + "&kl=" + kl + "&sel=kld.0"
			if rec := webtest.Get(t, link); rec.Code == http.StatusSeeOther {
				link = rec.Header().Get("Location") // the canonical link: kl= the preset's drops
			}
			doc := webtest.Page(t, link)
			lines := doc.Find(`[data-testid="formula"] .formula-line math annotation`)
			parts := strings.Split(lines.Last().Text(), " = ")
			if len(parts) < 3 {
				t.Errorf("%s: the formula's last line %q is not kld = x · m = y", link, lines.Last().Text())
				continue
			}
			x, _, _ := strings.Cut(parts[len(parts)-2], ` \cdot `)
			x = strings.Trim(x, "()")
			if y := cell(doc, "kld", 0); x != y || parts[len(parts)-1] != y {
				t.Errorf("%s: the formula's kld is %s · 1 = %s, the table's %s", link, x, parts[len(parts)-1], y)
			}
		}
	}
}
