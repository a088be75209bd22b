package engine

import "math"

// How far a whitened tensor computed in a narrower float type may honestly
// be from this engine's float64 one. masked_whiten returns (x − μ)·g with
// the gain g = (σ² + 1e-8)^(−1/2): the rounding of x and of μ, of order
// u·max|x| in a type of unit roundoff u, reaches the result multiplied by
// g. On a batch whose x is nearly constant g reaches 1e4 (σ² = 0), so a
// difference of 1e-9 in μ (float64's x·1e-8/n from masked_mean's ε, where
// float32 rounds n + 1e-8 to n) becomes 1e-5 in the result. A tolerance
// for whitened numbers has to scale with g, not only with the result.

// Unit roundoffs (half the machine epsilon) of the float types a batch
// file may hold.
const (
	RoundoffF64  = 0x1p-53
	RoundoffF32  = 0x1p-24
	RoundoffF16  = 0x1p-11
	RoundoffBF16 = 0x1p-8
)

// WhitenGain is masked_whiten's factor (σ² + 1e-8)^(−1/2) for the unbiased
// variance σ² it uses.
func WhitenGain(varUnbiased float64) float64 { return 1 / math.Sqrt(varUnbiased+whitenEps) }

// RecursionSteps is how many terms a discounted sum over rows of r tokens
// with decay d (γλ for GAE, γ for REINFORCE++'s returns) effectively adds:
// min(r, 1/(1 − d)), at least 1.
func RecursionSteps(r int, d float64) float64 {
	n := float64(max(r, 1))
	if d < 1 {
		n = min(n, 1/(1-d))
	}
	return max(n, 1)
}

// WhitenedRoundoff bounds |w_u − w| over the valid tokens, where w is
// masked_whiten(x) computed exactly and w_u the same computed in a float
// type of unit roundoff u, x being a recursion of about steps terms (see
// RecursionSteps): u·(4 + √steps)·maxAbs·WhitenGain(varUnbiased), maxAbs
// the largest |x| (or the inputs' scale, if larger) over the valid tokens.
// The 4 covers x − μ, μ's own rounding, the product and the result's
// rounding; √steps the recursion's accumulated rounding. Measured against
// torch's GAE and masked_whiten (64×512 and 256×4096 batches, γλ = 0.95 and
// 1), float32 came to at most 0.65 of the bound and bfloat16 computed
// throughout to at most 0.6.
func WhitenedRoundoff(u, maxAbs, varUnbiased, steps float64) float64 {
	return u * (4 + math.Sqrt(max(steps, 1))) * maxAbs * WhitenGain(varUnbiased)
}

// MaxAbsValid is max |x| over the mask = 1 positions (0 when there are none).
func MaxAbsValid(x, mask [][]float64) float64 {
	m := 0.0
	for i, row := range x {
		for t, v := range row {
			if mask[i][t] == 1 {
				m = max(m, math.Abs(v))
			}
		}
	}
	return m
}

// WhitenInput is the tensor outcome estimator key whitens over the batch,
// and the recursion steps it took: reinforce_plus_plus's returns (a
// reward-to-go with decay γ), reinforce_plus_plus_baseline's and
// gdpo_single_reward's per-row group advantages broadcast over the valid
// tokens (1 step). ok is false for an estimator that does not whiten, or
// when the input cannot be computed.
func WhitenInput(key string, in OutcomeInputs) (x [][]float64, steps float64, ok bool) {
	switch key {
	case "reinforce_plus_plus":
		_, ret, _ := ReinforcePlusPlus(in)
		_, r := shapeOf(in.Mask)
		return ret, RecursionSteps(r, in.Gamma), ret != nil
	case "reinforce_plus_plus_baseline", "gdpo_single_reward":
		a, err := grpoScalars(in, key == "gdpo_single_reward", key)
		if err != nil {
			return nil, 0, false
		}
		return broadcastRows(a, in.Mask), 1, true
	}
	return nil, 0, false
}
