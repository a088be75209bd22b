package course_test

import (
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"gaelab/engine/explain"
)

// Issue 36, "KL estimators as losses": scores-and-rewards' table says, in
// each language, what explain.KLLoss computes on a small categorical: which
// estimator's value is unbiased for KL(π‖π_ref), and whether its gradient
// as a loss averages to 0, to ∇KL(π‖π_ref) or to ∇KL(π_ref‖π).
func TestKLLossTableMatchesEngine(t *testing.T) {
	pi := []float64{0.5, 0.3, 0.2}
	m, err := explain.KLLoss([]float64{math.Log(pi[0]), math.Log(pi[1]), math.Log(pi[2])}, []float64{0.4, 0.4, 0.2})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-9 {
				return false
			}
		}
		return true
	}
	words := map[string]struct{ unbiased, biased, zero, rev, fwd string }{
		"en": {"unbiased", "biased", "0:", "∇KL(π_θ ‖ π_ref)", "∇KL(π_ref ‖ π_θ)"},
		"zh": {"无偏", "有偏", "0：", "∇KL(π_θ ‖ π_ref)", "∇KL(π_ref ‖ π_θ)"},
	}
	row := regexp.MustCompile(`(?m)^\| (k[123])[ （(].*? \| (.*) \| (.*) \|$`)
	for lang, w := range words {
		b, err := os.ReadFile("../../lessons/" + lang + "/scores-and-rewards.md")
		if err != nil {
			t.Fatal(err)
		}
		rows := row.FindAllStringSubmatch(string(b), -1)
		if len(rows) != 3 {
			t.Fatalf("%s: %d rows of the estimator table, want 3", lang, len(rows))
		}
		for i, r := range rows {
			e := m.Estimators[i]
			if r[1] != e.Name {
				t.Fatalf("%s: row %d is %s, the engine's %s", lang, i, r[1], e.Name)
			}
			unbiased := math.Abs(e.Value-m.Reverse) < 1e-12
			if unbiased != (strings.Contains(r[2], w.unbiased) && !strings.Contains(strings.ReplaceAll(r[2], w.unbiased, ""), w.biased)) {
				t.Errorf("%s %s: the table says %q, the engine's E[k] = %g against KL = %g", lang, e.Name, r[2], e.Value, m.Reverse)
			}
			var want string
			switch {
			case same(e.Grad, make([]float64, len(e.Grad))):
				want = w.zero
			case same(e.Grad, m.GradRev):
				want = w.rev
			case same(e.Grad, m.GradForward):
				want = w.fwd
			default:
				t.Fatalf("%s: the engine's gradient %v is none of the three", e.Name, e.Grad)
			}
			if !strings.HasPrefix(r[3], want) {
				t.Errorf("%s %s: the table says the gradient is %q, the engine says %q", lang, e.Name, r[3], want)
			}
		}
	}
}
