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
	pt, err := PolicyLossTerms(V1Newest, lp, old, adv, p)
	if err != nil {
		t.Fatal(err)
	}
	for tok, want := range []float64{-1 * pt.Ratio[0][0], 0, 0, 2 * pt.Ratio[0][3]} {
		got := PolicyLossSlope(V1Newest, lp, old, adv, p, 0, tok)
		if math.Abs(got-want) > 1e-6 {
			t.Errorf("token %d: slope %g, want %g (ratio %g, clipped %g)", tok, got, want, pt.Ratio[0][tok], pt.Clipped[0][tok])
		}
	}
}

// TestPolicyLossSlopeByGeneration: the slope follows each generation's own loss. A
// negative advantage at ratio e^1.5 ≈ 4.48 > c = 3 is capped by the dual
// clip from v0.4.0 on (flat: slope 0), but in v0.2 the loss is −A·ratio,
// whose slope is −A·ratio; where the two agree, so do the slopes.
func TestPolicyLossSlopeByGeneration(t *testing.T) {
	old, lp, adv := [][]float64{{-1, -1}}, [][]float64{{0.5, -1.05}}, [][]float64{{-1, 1}}
	p := ClipParams{Ratio: 0.2, Low: 0.2, High: 0.2, C: 3}
	ratio := math.Exp(1.5)
	for _, tc := range []struct {
		g    Generation
		want float64
	}{{G01, ratio}, {G03, ratio}, {G04, 0}, {G12, 0}} {
		if got := PolicyLossSlope(tc.g, lp, old, adv, p, 0, 0); math.Abs(got-tc.want) > 1e-4 {
			t.Errorf("%v: slope %g, want %g", tc.g, got, tc.want)
		}
		if got, want := PolicyLossSlope(tc.g, lp, old, adv, p, 0, 1), PolicyLossSlope(V1Newest, lp, old, adv, p, 0, 1); math.Abs(got-want) > 1e-9 {
			t.Errorf("%v: unclipped slope %g, want the newest's %g", tc.g, got, want)
		}
	}
}
