package explain

import (
	"math"
	"testing"

	"gaelab/engine"
)

// The six-case clip table, golden: with ε = 0.2 a positive advantage is
// clipped (gradient 0) only above the band, a negative one only below it;
// everywhere else the unclipped term −A·ρ wins and its slope is −A·ρ. The
// dual clip caps a negative advantage's loss at c = 3 far above the band.
func TestClipCasesGolden(t *testing.T) {
	cases, err := ClipCases(engine.V1Newest, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		pos     bool
		region  ClipRegion
		ratio   float64
		loss    float64
		clipped bool
		slope   float64
	}{
		{true, BelowBand, 0.6, -0.6, false, -0.6},
		{true, InBand, 1, -1, false, -1},
		{true, AboveBand, 1.4, -1.2, true, 0},
		{false, BelowBand, 0.6, 0.8, true, 0},
		{false, InBand, 1, 1, false, 1},
		{false, AboveBand, 1.4, 1.4, false, 1.4},
	}
	if len(cases) != len(want) {
		t.Fatalf("%d cases, want 6", len(cases))
	}
	for i, w := range want {
		c := cases[i]
		if c.Positive != w.pos || c.Region != w.region || math.Abs(c.Ratio-w.ratio) > 1e-12 ||
			math.Abs(c.Loss-w.loss) > 1e-9 || c.Clipped != w.clipped || math.Abs(c.Slope-w.slope) > 1e-6 {
			t.Errorf("case %d = %+v, want %+v", i, c, w)
		}
	}
	d, err := DualClipCase(engine.V1Newest, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(d.Loss-3) > 1e-9 || d.Slope != 0 {
		t.Errorf("dual clip case = %+v, want loss 3 (−A·c) and slope 0", d)
	}
}
