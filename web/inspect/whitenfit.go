package inspect

import (
	"math"

	"gaelab/engine"
)

// WhiteningStatsDiffer is the per-batch whitening check's finding: the
// file's whitened advantages are an affine image a·x + b of the raw ones
// the chosen computation whitens (x: GAE's advantages, REINFORCE++'s
// returns, …), but (a, b) is not the release's (1/σ, −μ/σ): the batch was
// whitened with another mean or standard deviation (a μ or σ off by 5 %
// is within bf16's per-cell tolerance, and is caught here).
const WhiteningStatsDiffer = "whitening_stats_differ"

// whitenFitSE is how many standard errors of rounding (a, b) may lie from
// the release's before the finding is made.
const whitenFitSE = 4

// whiteningFinding fits the file's advantages y ≈ a·x + b by least squares
// over the valid tokens and compares (a, b) with the release's (g, −μ·g),
// g the whitening gain (σ² + 1e-8)^(−1/2). Each coefficient's standard
// error is what rounding alone explains: the regression's, from the
// residuals' variance (at least the stored dtype's rounding of y,
// u_s²·mean(y²)/3), plus the rounding of σ and μ themselves in the
// coarsest input type (u_c·a, u_c·b). The finding is made when either
// coefficient lies more than whitenFitSE of them away, only when the
// affine fit reproduces every cell within the advantages' tolerance (else
// the difference is not one of statistics) and no named candidate other
// than the release explains them. Value is the file's σ (1/a), Tensor
// "advantages"; Fit holds [μ_file, σ_file, μ, σ].
func (a *Analysis) whiteningFinding() *Finding {
	b := a.Batch
	if a.Check == nil || a.Check.Advantages == nil || b.Advantages == nil {
		return nil
	}
	if e := a.Check.Advantages.ExplainedBy; e != nil && *e != "exact" {
		return nil
	}
	x, varU, _, ok := a.whitenedInput()
	if !ok {
		return nil
	}
	y := b.Advantages
	var n, sx, sy float64
	for i, row := range b.Mask {
		for t, m := range row {
			if m == 1 {
				n++
				sx += x[i][t]
				sy += y[i][t]
			}
		}
	}
	if n < 3 {
		return nil
	}
	mx, my := sx/n, sy/n
	var sxx, sxy, syy float64
	for i, row := range b.Mask {
		for t, m := range row {
			if m == 1 {
				dx, dy := x[i][t]-mx, y[i][t]-my
				sxx += dx * dx
				sxy += dx * dy
				syy += y[i][t] * y[i][t]
			}
		}
	}
	if !(sxx > 0) || sxx/n < 1e-12*max(1, mx*mx) {
		return nil // a constant batch: nothing to fit
	}
	fa := sxy / sxx
	fb := my - fa*mx
	var rss, worst float64
	for i, row := range b.Mask {
		for t, m := range row {
			if m == 1 {
				r := y[i][t] - (fa*x[i][t] + fb)
				rss += r * r
				worst = max(worst, math.Abs(r))
			}
		}
	}
	if worst > a.Check.Advantages.Tolerance || math.IsNaN(fa) || math.IsNaN(fb) {
		return nil
	}
	_, uc := b.inputPrecision()
	us := uc
	if u, ok := b.Roundoffs["advantages"]; ok {
		us = u
	}
	if b.Roundoffs == nil {
		uc, us = engine.RoundoffF32, engine.RoundoffF32
	}
	g := engine.WhitenGain(varU)
	a0, b0 := g, -mx*g
	s2 := max(rss/(n-2), us*us*syy/n/3)
	seA := math.Sqrt(s2/sxx + uc*uc*a0*a0)
	seB := math.Sqrt(s2*(1/n+mx*mx/sxx) + uc*uc*b0*b0 + uc*uc*a0*a0*mx*mx)
	if math.Abs(fa-a0) <= whitenFitSE*seA && math.Abs(fb-b0) <= whitenFitSE*seB {
		return nil
	}
	sigma, sigma0 := 1/fa, 1/a0
	return &Finding{Kind: WhiteningStatsDiffer, Tensor: "advantages", Cells: [][2]int{}, Value: sigma,
		Fit: []float64{-fb / fa, sigma, mx, sigma0}}
}
