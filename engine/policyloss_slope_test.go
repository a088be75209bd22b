package engine

import (
	"math"
	"testing"
)

// TestPolicyLossSlope: where no clip holds, pg_loss = −A·ratio, whose slope
// in log π is −A·ratio; where a clip holds the ratio, the loss is flat.
func TestPolicyLossSlope(t *testing.T) {
	old := [][]float64{{-1, -1, -1, -1}}
	lp := [][]float64{{-1.05, -0.5, -1.5, -0.98}} // ratios e^-0.05, e^0.5, e^-0.5, e^0.02
	adv := [][]float64{{1, 1, -1, -2}}
	p := ClipParams{Low: 0.2, High: 0.2, C: 3}
	pt, err := PolicyLossTerms(VerlNewest, lp, old, adv, p)
	if err != nil {
		t.Fatal(err)
	}
	for tok, want := range []float64{-1 * pt.Ratio[0][0], 0, 0, 2 * pt.Ratio[0][3]} {
		got := PolicyLossSlope(VerlNewest, lp, old, adv, p, 0, tok)
		if math.Abs(got-want) > 1e-6 {
			t.Errorf("token %d: slope %g, want %g (ratio %g, clipped %g)", tok, got, want, pt.Ratio[0][tok], pt.Clipped[0][tok])
		}
	}
}
