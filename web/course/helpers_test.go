package course_test

// Helpers of the course's tests that reach the site through web/webtest.

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// cell returns the text of the table cell of a row at t.
func cell(doc *goquery.Document, row string, t int) string {
	return strings.TrimSpace(doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Eq(t).Text())
}

// nums formats a row of numbers as the tables do.
func nums(xs []float64) []string {
	out := make([]string, len(xs))
	for k, x := range xs {
		out[k] = page.Num(x)
	}
	return out
}

// varianceEngine is an independent run of the lab on a preset: the toy's
// shape from the preset's valid tokens and largest reward, the page's λ and
// critics.
func varianceEngine(t *testing.T, s scenario.Scenario, n int, seed uint64, bias float64) engine.VarianceLab {
	t.Helper()
	res := s.Compute()
	T, outcome, best := 0, 0, -1.0
	for k, m := range res.Mask {
		if m != 1 {
			continue
		}
		if a := max(res.Rewards[k], -res.Rewards[k]); a >= best {
			best, outcome = a, T
		}
		T++
	}
	lams := []float64{0, 0.5, 0.9, 0.95, 1}
	if s.Lam != 0 && s.Lam != 0.5 && s.Lam != 0.9 && s.Lam != 0.95 && s.Lam != 1 {
		t.Fatalf("preset λ %g is not in the sweep; the test assumes it is", s.Lam)
	}
	lab, err := engine.SampleVariance(engine.NewVarianceToy(T, outcome, s.Gamma), s.Gen(), n, seed, lams, []float64{0, bias})
	if err != nil {
		t.Fatal(err)
	}
	return lab
}
