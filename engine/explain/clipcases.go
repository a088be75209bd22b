package explain

import (
	"math"

	"gaelab/engine"
)

// ClipRegion is where a token's ratio ρ = π_θ/π_old lies against the clip
// band [1 − ε_low, 1 + ε_high].
type ClipRegion int

const (
	BelowBand ClipRegion = iota // ρ < 1 − ε_low
	InBand                      // inside the band
	AboveBand                   // ρ > 1 + ε_high
)

// ClipCase is one cell of PPO's six-case clip table: the sign of the
// token's advantage and where its ratio lies, computed by the engine's
// policy loss (verl's newest generation, so the dual clip is there) at one
// ratio of the region.
type ClipCase struct {
	Positive bool       // the advantage's sign: A = +1 or A = −1
	Region   ClipRegion // where Ratio lies
	Ratio    float64    // the ratio the case is computed at
	Loss     float64    // the token's pg_loss term
	Clipped  bool       // the clipped term won the max (pg_clipfrac counts it)
	Slope    float64    // ∂loss/∂log π_θ at the token: 0 when the clip holds the ratio
}

// ClipCases are the six cases of the clip table, A > 0 first, each region
// in order, computed at ratios 1 − 2ε, 1 and 1 + 2ε with ε_low = ε_high = eps
// and the dual clip's c = 3 (verl's default clip_ratio_c), in generation g.
// A ratio of 1 + 2ε stays below c for any eps < 1, so the dual clip never
// acts here; DualClipCase shows where it does.
func ClipCases(g engine.Generation, eps float64) ([]ClipCase, error) {
	var out []ClipCase
	for _, pos := range []bool{true, false} {
		for region, ratio := range []float64{1 - 2*eps, 1, 1 + 2*eps} {
			c, err := clipCase(g, eps, pos, ratio)
			if err != nil {
				return nil, err
			}
			c.Region = ClipRegion(region)
			out = append(out, c)
		}
	}
	return out, nil
}

// DualClipCase is a token with A = −1 and a ratio of 4, above the dual
// clip's c = 3: its loss is capped at −A·c and its gradient is 0 again.
func DualClipCase(g engine.Generation, eps float64) (ClipCase, error) {
	c, err := clipCase(g, eps, false, 4)
	c.Region = AboveBand
	return c, err
}

func clipCase(g engine.Generation, eps float64, positive bool, ratio float64) (ClipCase, error) {
	adv := -1.0
	if positive {
		adv = 1
	}
	p := engine.ClipParams{Ratio: eps, Low: eps, High: eps, C: 3}
	lp, old := [][]float64{{math.Log(ratio)}}, [][]float64{{0}}
	a := [][]float64{{adv}}
	pt, err := engine.PolicyLossTerms(g, lp, old, a, p)
	if err != nil {
		return ClipCase{}, err
	}
	return ClipCase{
		Positive: positive, Ratio: ratio, Loss: pt.Final[0][0], Clipped: pt.Clipped[0][0] == 1,
		Slope: engine.PolicyLossSlope(g, lp, old, a, p, 0, 0),
	}, nil
}
