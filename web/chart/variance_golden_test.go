package chart

import "testing"

// The variance chart has its golden SVG like every other chart (light and
// the dark projector theme).
func TestVarianceGolden(t *testing.T) {
	dark := varianceInput()
	dark.Theme = Dark().Projector()
	for name, in := range map[string]VarianceInput{"variance": varianceInput(), "variance-dark-proj": dark} {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, name, func() ([]byte, error) { return Variance(in) })
			checkRoot(t, svg, "gae-variance")
		})
	}
}
