package engine

import (
	"errors"
	"math"
)

// Whitening errors, where verl's masked_var raises.
var (
	ErrNoValidToken  = errors.New("engine: whiten: at least one element in the mask has to be 1 (the batch has no valid token)")
	ErrOneValidToken = errors.New("engine: whiten: the sum of the mask is one, so the Bessel correction n/(n−1) divides by zero; use more tokens")
)

// maskedMeanEps is the ε that newest verl adds to Σmask in masked_mean (PR #782).
const maskedMeanEps = 1e-8

// whitenEps is the ε added to the variance inside the inverse square root.
const whitenEps = 1e-8

// maskCount is Σmask over the whole batch.
func maskCount(mask [][]float64) float64 {
	var n float64
	for _, row := range mask {
		for _, m := range row {
			n += m
		}
	}
	return n
}

// WhitenStats are the batch statistics masked_whiten uses.
type WhitenStats struct {
	N           int     // Σmask: the number of valid tokens in the whole batch
	Mean        float64 // masked mean μ; meaningless when N = 0
	VarBiased   float64 // masked mean of (x − μ)²; meaningless when N = 0
	VarUnbiased float64 // VarBiased·N/(N−1), the variance verl uses; meaningless when N ≤ 1
}

// Whiten is verl's masked_whiten(x, mask) with shift_mean, as generation
// g computes it: the statistics run over every mask = 1 position of the
// whole batch, with g's masked_mean ε (none before MaskedMeanEps,
// v0.3.0.post0), and the result (x − μ)·(σ² + 1e-8)^(−1/2) is given at every
// position, masked ones included (verl does not zero them). With fewer than
// two valid tokens verl raises: the result is nil, the error says why, and
// the statistics computed before the raise are still returned.
func Whiten(g Generation, x, mask [][]float64) ([][]float64, WhitenStats, error) {
	return whiten(g.meanEps(), x, mask)
}

// whiten is masked_whiten with masked_mean's ε eps.
func whiten(eps float64, x, mask [][]float64) ([][]float64, WhitenStats, error) {
	n, sum := 0.0, 0.0
	for i, row := range x {
		n, sum = maskedSums(row, mask[i], n, sum)
	}
	return whitenFrom(eps, x, mask, nil, n, sum, nil)
}

// maskedSums continues Whiten's first pass over one row: n += m and
// sum += x·m where m ≠ 0, in order.
func maskedSums(x, m []float64, n, sum float64) (float64, float64) {
	m = m[:len(x)]
	for t, w := range m {
		if w != 0 {
			n += w
			sum += x[t] * w
		}
	}
	return n, sum
}

// whitenFrom finishes masked_whiten of x given its first pass (n = Σmask,
// sum = Σx·mask), writing into out when it is x's shape. runs, when not nil,
// records the mask's 1s, and a row of 0s and 1s is read through it.
func whitenFrom(eps float64, x, mask [][]float64, runs *maskRuns, n, sum float64, out [][]float64) ([][]float64, WhitenStats, error) {
	st := WhitenStats{N: int(n)}
	if n == 0 {
		return nil, st, ErrNoValidToken
	}
	st.Mean = sum / (n + eps)
	var sq float64 // Σ (x − μ)²·m: masked_var's second masked_mean, unscaled
	for i, row := range x {
		if runs != nil && !runs.other[i] {
			sq = runs.sumSquares(i, row, st.Mean, sq)
			continue
		}
		for t, m := range mask[i][:len(row)] {
			if m != 0 {
				d := row[t] - st.Mean
				sq += d * d * m
			}
		}
	}
	st.VarBiased = sq / (n + eps)
	if n == 1 {
		return nil, st, ErrOneValidToken
	}
	st.VarUnbiased = st.VarBiased * (n / (n - 1))
	scale := 1 / math.Sqrt(st.VarUnbiased+whitenEps)
	b, r := shapeOf(x)
	out = reuseMatrix(out, b, r)
	mean := st.Mean
	for i, row := range x {
		o := out[i][:len(row)]
		for t, a := range row {
			o[t] = (a - mean) * scale
		}
	}
	return out, st, nil
}

// meanEps is the ε masked_mean adds to Σmask in generation g (MaskedMeanEps).
func (g Generation) meanEps() float64 {
	if g.Has(MaskedMeanEps) {
		return maskedMeanEps
	}
	return 0
}
