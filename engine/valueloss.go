package engine

// ValueTerms are the per-token terms of verl's compute_value_loss, unmasked,
// [B][R]: position t compares the critic's prediction for V(s_t) with the
// return R_t of token t.
type ValueTerms struct {
	VPredClipped [][]float64 // vpreds clipped to values ± cliprange_value
	Losses1      [][]float64 // (vpreds − returns)²
	Losses2      [][]float64 // (vpredclipped − returns)²
	MaxLoss      [][]float64 // max(Losses1, Losses2): the per-token loss
	Clipped      [][]float64 // 1 where Losses2 > Losses1, else 0
}

// ValueLossTerms computes the clipped value loss per token. values are the
// critic's outputs before this PPO step, vpreds the current critic's; on the
// first mini-batch they are equal and clipping does nothing.
func ValueLossTerms(values, vpreds, returns [][]float64, cliprange float64) ValueTerms {
	b, r := shapeOf(values)
	var vt ValueTerms
	newMatrices(b, r, &vt.VPredClipped, &vt.Losses1, &vt.Losses2, &vt.MaxLoss, &vt.Clipped)
	for i, row := range values {
		n := len(row)
		vps, rets := vpreds[i][:n], returns[i][:n]
		vcs, l1s, l2s, maxs, clipped := vt.VPredClipped[i][:n], vt.Losses1[i][:n], vt.Losses2[i][:n], vt.MaxLoss[i][:n], vt.Clipped[i][:n]
		for t, old := range row {
			vp, ret := vps[t], rets[t]
			vc := clamp(vp, old-cliprange, old+cliprange)
			l1, l2 := (vp-ret)*(vp-ret), (vc-ret)*(vc-ret)
			vcs[t], l1s[t], l2s[t] = vc, l1, l2
			maxs[t] = fmax(l1, l2)
			clipped[t] = indicator(l2 > l1)
		}
	}
	return vt
}

// ValueLoss is the critic's vf_loss and vf_clipfrac for one aggregation mode.
type ValueLoss struct {
	Loss     float64 // vf_loss = 0.5·agg(MaxLoss, mask, mode)
	ClipFrac float64 // vf_clipfrac = masked_mean(Clipped, mask)
}

// ShiftedCriticMask is the mask verl v0.1–v0.3 used for the critic's values
// and loss: the attention mask at sequence positions −R−1 … −2, i.e. 1 at
// t = 0 (the last prompt token) and response_mask[t−1] for t ≥ 1. It keeps
// the value right after EOS, which PR #1850 (v0.4.0) stopped doing.
func ShiftedCriticMask(mask [][]float64) [][]float64 {
	b, r := shapeOf(mask)
	out := newMatrix(b, r)
	for i, row := range mask {
		for t := range row {
			if t == 0 {
				out[i][t] = 1
			} else {
				out[i][t] = row[t-1]
			}
		}
	}
	return out
}

// HasHoles reports whether any row has a mask = 0 position followed by a
// mask = 1 position (a multi-turn observation span), where the v0.2 attention
// mask and response_mask part ways and ShiftedCriticMask is not what v0.2 used.
func HasHoles(mask [][]float64) bool {
	for _, row := range mask {
		for t := 1; t < len(row); t++ {
			if row[t-1] == 0 && row[t] == 1 {
				return true
			}
		}
	}
	return false
}
