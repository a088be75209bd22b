package explain

import (
	"math"
	"testing"

	"gaelab/engine"
)

// The clipping critic clips, by the engine's own value loss, at least one
// token on each side where the returns allow it, only with valid tokens,
// and keeps the default ε when that already clips.
func TestClippingCritic(t *testing.T) {
	for _, c := range []struct {
		name                     string
		values, returns, mask    []float64
		def, wantEps             float64
		wantAbove, wantBelow, ok bool
	}{
		{"both sides, default ε", []float64{0, 0, 0}, []float64{2, -3, 0.1}, []float64{1, 1, 1}, 0.5, 0.5, true, true, true},
		{"small gaps, smaller ε", []float64{0.3, 0.4, 0.6}, []float64{1, 1, 1}, []float64{1, 1, 1}, 0.5, 0.2, true, false, true},
		{"both sides, tiny gap", []float64{0.5, 0.5, 0.5}, []float64{0.9, 0.47, 0.5}, []float64{1, 1, 1}, 0.5, 0.01, true, true, true},
		{"masked gaps do not count", []float64{0, 0, 0}, []float64{1, -1, 0}, []float64{1, 0, 0}, 0.5, 0.5, true, false, true},
		{"perfect critic", []float64{0.2, 0.4}, []float64{0.2, 0.4}, []float64{1, 1}, 0.5, 0.5, false, false, false},
	} {
		vp, eps, ok := ClippingCritic(c.values, c.returns, c.mask, c.def)
		if ok != c.ok || eps != c.wantEps {
			t.Errorf("%s: ε = %v, ok = %v; want %v, %v", c.name, eps, ok, c.wantEps, c.ok)
		}
		if !ok {
			continue
		}
		vt := engine.ValueLossTerms([][]float64{c.values}, [][]float64{vp}, [][]float64{c.returns}, eps)
		above, below := false, false
		for i, clipped := range vt.Clipped[0] {
			if c.mask[i] == 0 {
				if vp[i] != c.values[i] {
					t.Errorf("%s: masked t=%d moved to %v", c.name, i, vp[i])
				}
				continue
			}
			if clipped == 1 {
				above = above || vp[i] > c.values[i]
				below = below || vp[i] < c.values[i]
			}
			if want := math.Round((c.values[i]+0.75*(c.returns[i]-c.values[i]))*1000) / 1000; vp[i] != want {
				t.Errorf("%s: vpreds[%d] = %v, want %v", c.name, i, vp[i], want)
			}
		}
		if above != c.wantAbove || below != c.wantBelow {
			t.Errorf("%s: clipped above %v, below %v; want %v, %v (vpreds %v, ε %v)", c.name, above, below, c.wantAbove, c.wantBelow, vp, eps)
		}
	}
}
