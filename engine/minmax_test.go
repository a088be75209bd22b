package engine

import (
	"math"
	"testing"
)

// TestMinMaxAreMath checks fmax, fmin and clamp against math.Max and
// math.Min, bit for bit, on every pair (and triple) of special values.
func TestMinMaxAreMath(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, -2.5,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 20, -20}
	for _, x := range vals {
		for _, y := range vals {
			if got, want := fmax(x, y), math.Max(x, y); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("fmax(%v, %v) = %v (%#x), math.Max %v (%#x)", x, y, got, math.Float64bits(got), want, math.Float64bits(want))
			}
			if got, want := fmin(x, y), math.Min(x, y); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("fmin(%v, %v) = %v (%#x), math.Min %v (%#x)", x, y, got, math.Float64bits(got), want, math.Float64bits(want))
			}
			for _, z := range vals {
				if got, want := clamp(x, y, z), math.Max(math.Min(x, z), y); math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("clamp(%v, %v, %v) = %v, math %v", x, y, z, got, want)
				}
			}
		}
	}
}
