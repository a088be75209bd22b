package inspect

import (
	"gaelab/engine"
)

// advantagesTolerance is the tolerance of the run's advantages. Unwhitened
// ones get tolerance's precision × max(1, max |A|). Whitened ones (GAE's,
// and the outcome estimators that whiten the batch: REINFORCE++, its
// baseline variant, GDPO) get what their float types allow, each from its
// own source:
//
//   - the stored tensor's rounding, u_s·max(1, max |A|), u_s the unit
//     roundoff of the advantages' dtype (2^-8 for bf16: a correct batch
//     computed in float32 and saved in bf16 is within u_s·|A| of the truth);
//   - the arithmetic's, in the coarsest type of the tensors it is computed
//     from: engine.WhitenedRoundoff, that type's unit roundoff u_c
//     amplified by the recursion's length and the whitening gain
//     (σ² + 1e-8)^(−1/2), on S, the largest |x| whitened or combined into
//     it (raw A, values, rewards); for float64 (or JSON) inputs at least
//     p_c·max(1, max |A|), p_c their precision, as for unwhitened
//     quantities. Float32 and narrower inputs used to get p_c·max(1, max |A|)
//     too (1e-4 in float32), which let one cell off by 1e-3 pass at the
//     README's sizes (#37 class 6); verify.py uses the same bound.
//
// So a bf16 upload computed from float32 inputs is held to its rounding,
// not to 1.6e-2·max |A| (0.18 on a 256×4096 batch), while one computed in
// bf16 throughout, whose rounding the recursion and the gain amplify, is
// not called unexplained; and a nearly constant batch (g up to 1e4) gets
// the room float32 needs there.
func (a *Analysis) advantagesTolerance() float64 {
	b := a.Batch
	plain := tolerance(b.Advantages, b.Mask, b.PrecisionOf("advantages"))
	x, varUnbiased, steps, ok := a.whitenedInput()
	if !ok || b.Precisions == nil {
		return plain
	}
	pc, uc := b.inputPrecision()
	us, ok := b.Roundoffs["advantages"]
	if !ok {
		us = uc
	}
	s := engine.MaxAbsValid(x, b.Mask)
	for _, in := range [][][]float64{a.Rewards, b.Values} {
		if in != nil {
			s = max(s, engine.MaxAbsValid(in, b.Mask))
		}
	}
	w := max(1, engine.MaxAbsValid(b.Advantages, b.Mask))
	arith := engine.WhitenedRoundoff(uc, s, varUnbiased, steps)
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
