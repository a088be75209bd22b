package explain

import (
	"math"
	"testing"

	"gaelab/engine"
)

// The backward view with eligibility traces, run forwards in time over
// example A's TD errors, hands out exactly the forward view's advantages
// once every column is out (offline, values fixed): each state's total
// equals its row sum, and both equal verl's A_t from the reverse-time
// recursion. Before the end a state has received only part of its row.
func TestEligibilityTracesAgreeOffline(t *testing.T) {
	rewards := [][]float64{{0, 0, 1}}
	values := [][]float64{{0.3, 0.4, 0.6}}
	mask := [][]float64{{1, 1, 1}}
	for _, lam := range []float64{0, 0.5, 0.95, 1} {
		g := engine.GAE(engine.V1Newest, rewards, values, mask, 1, lam)
		tr := EligibilityTraces(g.Deltas[0], 1, lam)
		last := tr.Received[len(tr.Received)-1]
		for j, a := range g.Advantages[0] {
			if math.Abs(tr.Rows[j]-a) > 1e-12 || math.Abs(last[j]-a) > 1e-12 {
				t.Errorf("λ = %g, s_%d: row %g, trace total %g, verl's A %g", lam, j, tr.Rows[j], last[j], a)
			}
			if j <= 1 && math.Abs(tr.Trace[2][j]-math.Pow(lam, float64(2-j))) > 1e-12 {
				t.Errorf("λ = %g: trace of s_%d at step 2 = %g, want λ^%d", lam, j, tr.Trace[2][j], 2-j)
			}
		}
		if lam > 0 && math.Abs(tr.Received[0][0]-tr.Rows[0]) < 1e-12 {
			t.Errorf("λ = %g: s_0 has its whole row after δ_0 alone", lam)
		}
	}
}
