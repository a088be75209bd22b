package engine

import "math"

// logRatioClamp bounds log π_θ − log π_old before the exp (newest, PR #1779).
const logRatioClamp = 20.0

// ClipParams are the PPO clip settings of the actor.
type ClipParams struct {
	Ratio     float64 // clip_ratio: before ClipLowHigh (v0.4.0) the only ε, the ratio clipped to 1 ± Ratio
	Low, High float64 // ε_low, ε_high: the ratio is clipped to [1 − Low, 1 + High]
	C         float64 // dual-clip constant clip_ratio_c (newest only; verl asserts C > 1)
}

// PolicyTerms are the per-token terms of the PPO policy loss, unmasked,
// [B][R]; position t is token t. In v0.2 LogRatio is not clamped and there
// is no dual clip (Losses3 and DualClipped are nil).
type PolicyTerms struct {
	LogRatio    [][]float64 // clamp(log_probs − old_log_probs, −20, 20)
	Ratio       [][]float64 // exp(LogRatio) = π_θ/π_old
	Losses1     [][]float64 // −A·ratio
	Losses2     [][]float64 // −A·clamp(ratio, 1 − ε_low, 1 + ε_high)
	Losses3     [][]float64 // −A·c, the dual-clip cap
	Final       [][]float64 // the loss per token
	Clipped     [][]float64 // 1 where Losses2 > Losses1
	DualClipped [][]float64 // 1 where max(Losses1, Losses2) > Losses3 and A < 0
}

// PolicyLoss is the actor's pg_loss and its metrics for one aggregation mode.
type PolicyLoss struct {
	Loss          float64 // pg_loss = agg(Final, mask, mode)
	ClipFrac      float64 // pg_clipfrac = masked_mean(Clipped)
	PPOKL         float64 // ppo_kl = masked_mean(−LogRatio)
	ClipFracLower float64 // pg_clipfrac_lower = masked_mean(DualClipped); 0 in v0.2
}

// ActorKLLoss is the use_kl_loss path: kl_loss_coef·agg(KL(log_probs, ref))
// added to pg_loss. The KL compares the current policy π_θ (not π_old) with
// the reference.
type ActorKLLoss struct {
	KLD    [][]float64 // kl_penalty(log_probs, ref_log_prob), unmasked
	KLLoss float64     // agg(KLD, mask, mode)
	Total  float64     // pg_loss + coef·KLLoss (entropy_coeff = 0)
}

// newPolicyTerms allocates the per-token terms of a batch shaped like
// logProbs; dual adds the dual clip's Losses3 and DualClipped.
func newPolicyTerms(logProbs [][]float64, dual bool) PolicyTerms {
	b, r := shapeOf(logProbs)
	var pt PolicyTerms
	if dual {
		newMatrices(b, r, &pt.LogRatio, &pt.Ratio, &pt.Losses1, &pt.Losses2, &pt.Final, &pt.Clipped, &pt.Losses3, &pt.DualClipped)
	} else {
		newMatrices(b, r, &pt.LogRatio, &pt.Ratio, &pt.Losses1, &pt.Losses2, &pt.Final, &pt.Clipped)
	}
	return pt
}

// PolicyLossSlope is ∂pg_losses[i][t]/∂log_probs[i][t] of
// PolicyLossTerms in generation g, by a central difference of the loss
// itself (so every clip and the dual clip act as verl's code has them), and
// 0 where the loss is flat there (a clip holds the token's ratio) or not
// finite around the point.
func PolicyLossSlope(g Generation, logProbs, oldLogProbs, advantages [][]float64, p ClipParams, i, t int) float64 {
	return policyLossSlope(func(lp, old, adv [][]float64) (PolicyTerms, error) { return PolicyLossTerms(g, lp, old, adv, p) }, logProbs, oldLogProbs, advantages, i, t)
}

// policyLossSlope is the central difference of terms' loss at [i][t] in log_probs[i][t].
func policyLossSlope(terms func(lp, old, adv [][]float64) (PolicyTerms, error), logProbs, oldLogProbs, advantages [][]float64, i, t int) float64 {
	const h = 1e-5
	at := func(d float64) float64 {
		lp := append([]float64(nil), logProbs[i]...)
		lp[t] += d
		pt, err := terms([][]float64{lp}, oldLogProbs[i:i+1], advantages[i:i+1])
		if err != nil {
			return 0
		}
		return pt.Final[0][t]
	}
	s := (at(h) - at(-h)) / (2 * h)
	if math.Abs(s) < 1e-6 || math.IsNaN(s) || math.IsInf(s, 0) {
		return 0
	}
	return s
}
