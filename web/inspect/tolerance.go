package inspect

import (
	"gaelab/engine"
)

// advantagesTolerance is the tolerance of the run's advantages. Unwhitened
// ones get tolerance's precision × max(1, max |A|). Whitened ones (GAE's,
// and the outcome estimators that whiten the batch: REINFORCE++, its
// baseline variant, GDPO) get what their float types allow
// (roundoffTolerance) with the whitening gain (σ² + 1e-8)^(−1/2).
//
// So a bf16 upload computed from float32 inputs is held to its rounding,
// not to 1.6e-2·max |A| (0.18 on a 256×4096 batch), while one computed in
// bf16 throughout, whose rounding the recursion and the gain amplify, is
// not called unexplained; and a nearly constant batch (g up to 1e4) gets
// the room float32 needs there.
func (a *Analysis) advantagesTolerance() float64 {
	b := a.Batch
	x, varUnbiased, steps, ok := a.whitenedInput()
	if !ok {
		return tolerance(b.Advantages, b.Mask, b.PrecisionOf("advantages"))
	}
	return a.roundoffTolerance("advantages", b.Advantages, x, steps, engine.WhitenGain(varUnbiased))
}

// returnsTolerance is the tolerance of the run's returns, by the
// advantages' rule (roundoffTolerance) on what the chosen computation's
// returns are: GAE's raw advantages + values and REINFORCE++'s reward-to-go,
// recursions of engine.RecursionSteps(R, γλ) and (R, γ) terms with no gain;
// the outcome estimators that return their advantages as returns get the
// advantages' tolerance. Before checker 37.4 they had tolerance's precision
// × max(1, max |R|) with nothing for the recursion, so verl's GAE in bf16
// throughout (verl_bf16_throughout, returns 0.07 from the engine's) was not
// exact, while in float32 one return off by 1e-3 passed where max |R| > 10.
func (a *Analysis) returnsTolerance() float64 {
	b, c := a.Batch, a.Config
	switch {
	case a.GAE != nil:
		return a.roundoffTolerance("returns", b.Returns, a.GAE.Advantages, engine.RecursionSteps(b.R, c.Gamma*c.Lam), 1)
	case c.Estimator == "reinforce_plus_plus":
		if x, steps, ok := engine.WhitenInput(c.Estimator, a.outcomeInputs()); ok {
			return a.roundoffTolerance("returns", b.Returns, x, steps, 1)
		}
	default:
		if x, varUnbiased, steps, ok := a.whitenedInput(); ok {
			return a.roundoffTolerance("returns", b.Returns, x, steps, engine.WhitenGain(varUnbiased))
		}
	}
	return tolerance(b.Returns, b.Mask, b.PrecisionOf("returns"))
}

// roundoffTolerance is the tolerance of the run's tensor name (got) that
// the chosen computation makes from x, a recursion of steps terms,
// multiplied by gain (1 when it does not whiten). Each part from its own
// source:
//
//   - the stored tensor's rounding, u_s·max(1, max |got|), u_s the unit
//     roundoff of its dtype (2^-8 for bf16: a correct batch computed in
//     float32 and saved in bf16 is within u_s·|x| of the truth);
//   - the arithmetic's, in the coarsest type of the tensors it is computed
//     from: engine.RecursionRoundoff × gain, that type's unit roundoff u_c
//     accumulated over the recursion, on S, the largest |x| computed or
//     combined into it (x, values, rewards); for float64 (or JSON) inputs
//     at least p_c·max(1, max |got|), p_c their precision, as for
//     unwhitened quantities. Float32 and narrower inputs used to get
//     p_c·max(1, max |got|) too (1e-4 in float32), which let one cell off
//     by 1e-3 pass at the README's sizes (#37 class 6); verify.py uses the
//     same bound.
//
// A batch built without dtypes (no Precisions) gets tolerance's
// precision × max(1, max |got|).
func (a *Analysis) roundoffTolerance(name string, got, x [][]float64, steps, gain float64) float64 {
	b := a.Batch
	if b.Precisions == nil {
		return tolerance(got, b.Mask, b.PrecisionOf(name))
	}
	pc, uc := b.inputPrecision()
	us, ok := b.Roundoffs[name]
	if !ok {
		us = uc
	}
	s := engine.MaxAbsValid(x, b.Mask)
	for _, in := range [][][]float64{a.Rewards, b.Values} {
		if in != nil {
			s = max(s, engine.MaxAbsValid(in, b.Mask))
		}
	}
	w := max(1, engine.MaxAbsValid(got, b.Mask))
	arith := engine.RecursionRoundoff(uc, s, steps) * gain
	if uc <= engine.RoundoffF64 {
		arith = max(pc*w, arith) // float64 (or JSON) inputs: their text's precision, as for unwhitened quantities
	}
	return us*w + arith
}

// whitenedInput is what the chosen computation whitened over the batch,
// its unbiased variance and the recursion's length; ok is false when the
// advantages are not whitened (or whitening failed).
func (a *Analysis) whitenedInput() (x [][]float64, varUnbiased, steps float64, ok bool) {
	c := a.Config
	if a.GAE != nil {
		if a.GAE.Whitened == nil {
			return nil, 0, 0, false
		}
		return a.GAE.Advantages, a.GAE.Whitening.VarUnbiased, engine.RecursionSteps(a.Batch.R, c.Gamma*c.Lam), true
	}
	x, steps, ok = engine.WhitenInput(c.Estimator, a.outcomeInputs())
	if !ok {
		return nil, 0, 0, false
	}
	_, st, err := engine.Whiten(c.Release.Gen, x, a.Batch.Mask)
	if err != nil {
		return nil, 0, 0, false
	}
	return x, st.VarUnbiased, steps, true
}
