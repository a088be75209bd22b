package explain

import "math"

// ClippingCritic is a critic of a later mini-batch that shows the value
// clip at work, for the links that open /update/critic: each valid token's
// prediction has moved three quarters of the way from the old value to its
// return, vpreds[t] = values[t] + ¾·(R_t − values[t]) (rounded to 3
// decimals), and the clip range ε is the default when it already clips, or
// else the largest of 0.2, 0.1, 0.05, … (down to 0.001) that is at most
// half the smallest gap |R_t − values[t]| that sets it. With ε ≤ ½·|R_t −
// values[t]| a moved prediction leaves the band, on the side of its return,
// and the clipped error |R_t − values[t]| − ε ≥ ½·|R_t − values[t]| is
// larger than the unclipped ¼·|R_t − values[t]|: max takes the clipped
// term (verl's vf_clipfrac counts it). ε is chosen from the largest gap
// above the old value and the largest below it, so that, where the returns
// allow it, at least one token clips on each side.
//
// mask is verl's response_mask (1 valid); a mask-0 token keeps vpreds[t] =
// values[t]. ok is false when no valid token's gap reaches 0.002 (a
// perfect critic): no prediction can show the clip, and the caller keeps
// its default link.
//
// Index convention: values[t] = V(s_t), the old critic's value of the
// state before token t; returns[t] = R_t, the return of token t.
func ClippingCritic(values, returns, mask []float64, defaultEps float64) (vpreds []float64, eps float64, ok bool) {
	const minGap = 0.004     // ¼ of it stays above the rounding of vpreds
	above, below := 0.0, 0.0 // the largest gap R_t − values[t] on each side
	for t := range values {
		if mask[t] == 0 {
			continue
		}
		d := returns[t] - values[t]
		above, below = math.Max(above, d), math.Max(below, -d)
	}
	gap := math.Inf(1) // the smaller of the two sides' largest gaps that count
	for _, g := range []float64{above, below} {
		if g >= minGap {
			gap = math.Min(gap, g)
		}
	}
	if math.IsInf(gap, 1) {
		return nil, defaultEps, false
	}
	eps = defaultEps
	if eps > gap/2 {
		eps = 0
		for _, e := range []float64{0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001} {
			if e <= gap/2 {
				eps = e
				break
			}
		}
	}
	vpreds = make([]float64, len(values))
	for t, v := range values {
		vpreds[t] = v
		if mask[t] != 0 {
			vpreds[t] = math.Round((v+0.75*(returns[t]-v))*1000) / 1000
			if vpreds[t] == 0 {
				vpreds[t] = 0 // not −0
			}
		}
	}
	return vpreds, eps, true
}
