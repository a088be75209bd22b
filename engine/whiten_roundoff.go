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

// RecursionRoundoff bounds |x_u − x| over the valid tokens, where x is a
// discounted sum of about steps terms (GAE's A_t = δ_t + γλ·A_{t+1} and its
// returns A_t + V_t, REINFORCE++'s G_t = r_t + γ·G_{t+1}; see
// RecursionSteps) computed exactly, and x_u the same computed in a float
// type of unit roundoff u, every operation rounded to nearest:
// u·(4 + 3√steps)·maxAbs, maxAbs the largest |x| (or the inputs' scale, if
// larger) over the valid tokens.
//
// Each step rounds up to five results no larger than about maxAbs (δ's
// γ·V, + r and − V, then γλ·A and the sum), an error of at most u·Σ|terms|
// that the recursion carries on, undamped when γλ = 1. Added in the worst
// case that is 5u·steps·maxAbs, 1.25 for bfloat16 over 64 steps of size 1,
// far wider than what rounding to nearest does: its errors fall as often
// up as down, so they add like a random walk, to about √steps of them.
// The 4 covers the last step's own roundings (and the sum A + V of the
// returns); 3√steps the walk, its constant calibrated on verl's loops
// emulated in bfloat16, float16 and float32 with every operation rounded
// as torch rounds it (verlGAEIn in the tests, which gives verl's own bf16
// batch bit for bit, TestVerlGAEInIsTorch): over 696 random batches
// (both loops, sparse and dense rewards, values up to 10, γ = 0.99–1,
// λ = 0.95–1, 16×256 to 256×4096) the walk reached 1.77·u·√steps·maxAbs,
// the largest max |x_u − x| at 0.51 of the bound, returns and whitened
// advantages alike (TestRecursionRoundoffEmulated keeps 74 of them a type).
// With √steps alone (WhitenedRoundoff before #37) it reached 1.5 of it,
// in batches whose values reach 10, with sparse rewards and γ < 1.
func RecursionRoundoff(u, maxAbs, steps float64) float64 {
	return u * (4 + 3*math.Sqrt(max(steps, 1))) * maxAbs
}

// WhitenedRoundoff bounds |w_u − w| over the valid tokens, where w is
// masked_whiten(x) computed exactly and w_u the same computed in a float
// type of unit roundoff u, x being a recursion of about steps terms:
// RecursionRoundoff(u, maxAbs, steps), x's own rounding and μ's, multiplied
// by the whitening gain WhitenGain(varUnbiased). Against torch's GAE and
// masked_whiten (64×512 and 256×4096 batches, γλ = 0.95 and 1, values in
// [−1, 1]) float32 came to at most 0.65 and bfloat16 computed throughout to
// at most 0.6 of the √steps bound it had before RecursionRoundoff's 3√steps.
func WhitenedRoundoff(u, maxAbs, varUnbiased, steps float64) float64 {
	return RecursionRoundoff(u, maxAbs, steps) * WhitenGain(varUnbiased)
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
