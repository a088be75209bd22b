package engine

// The reference implementations of TestVersionAsGeneration and
// FuzzVersionAsGeneration: the twelve Foo(Version) functions and their
// helpers as they were before the pseudo-generations replaced them
// (commit 707dbcb), renamed legacyFoo, with v.Release() and v.meanEps()
// spelled out as they were. Do not edit: they are what v=1 links computed.

import (
	"fmt"
	"math"
	"strings"
)

// legacyRelease is v.Release() as it was: the releases whose GAE v computes.
func legacyRelease(v Version) string {
	if v == VerlEarly {
		return G01.Range()
	}
	return RangeLabel(G06, G12)
}

// legacyMeanEps is v.meanEps() as it was: masked_mean's ε.
func legacyMeanEps(v Version) float64 {
	if v == VerlEarly {
		return 0
	}
	return 1e-8
}

// legacyAggregate is verl's agg_loss(loss, mask, mode) in version v. In v0.2 only
// token-mean exists, computed with v0.2's masked_mean.
func legacyAggregate(v Version, loss, mask [][]float64, mode AggMode) (float64, error) {
	if v == VerlEarly {
		if mode != TokenMean {
			return 0, fmt.Errorf("engine: verl v0.2 has no loss_agg_mode %q (only token-mean)", mode)
		}
		return legacyMaskedMean(VerlEarly, loss, mask)
	}
	_, r := shapeOf(loss)
	var total, tokens, seqSum, seqMean, rows float64
	for i, row := range loss {
		var sum, n float64
		for t, l := range row {
			if m := mask[i][t]; m != 0 {
				sum += l * m
				n += m
			}
		}
		total += sum
		tokens += n
		if n > 0 { // the seq-mean modes skip rows without a valid token
			rows++
			seqSum += sum
			seqMean += sum / (n + maskedMeanEps)
		}
	}
	switch mode {
	case TokenMean:
		if tokens == 0 {
			return 0, errNoTokens
		}
		return total / tokens, nil
	case TokenSum:
		return total, nil
	}
	if rows == 0 {
		return 0, errNoTokens
	}
	switch mode {
	case SeqMeanTokenSum:
		return seqSum / rows, nil
	case SeqMeanTokenMean:
		return seqMean / rows, nil
	case SeqMeanTokenSumNorm:
		return seqSum / rows / float64(r), nil
	}
	return 0, fmt.Errorf("engine: invalid loss_agg_mode %q", mode)
}

// legacyMaskedMean is verl's masked_mean over the whole batch: Σx·m / (Σm + ε), with
// ε = 1e-8 in the newest version and none in v0.2, where an empty mask
// divides 0 by 0 and this returns ErrNoValidToken.
func legacyMaskedMean(v Version, x, mask [][]float64) (float64, error) {
	return legacyMaskedMeanScaled(v, 1, x, mask)
}

// legacyMaskedMeanScaled is MaskedMean of k·x, for k = ±1.
func legacyMaskedMeanScaled(v Version, k float64, x, mask [][]float64) (float64, error) {
	n := maskCount(mask)
	if v == VerlEarly && n == 0 {
		return 0, ErrNoValidToken
	}
	return legacyMaskedSum(k, x, mask) / (n + legacyMeanEps(v)), nil
}

// legacyMaskedSum is Σ (k·x)·m over the positions where m ≠ 0; k = −1 is the sum
// of −x (k·x is exact for k = ±1), without a negated copy of x.
func legacyMaskedSum(k float64, x, mask [][]float64) float64 {
	var s float64
	for i, row := range x {
		for t, v := range row {
			if m := mask[i][t]; m != 0 {
				s += (k * v) * m
			}
		}
	}
	return s
}

// legacyWhiten is verl's masked_whiten(x, mask) with shift_mean: the statistics run
// over every mask = 1 position of the whole batch, and the result
// (x − μ)·(σ² + 1e-8)^(−1/2) is given at every position, masked ones included
// (verl does not zero them). With fewer than two valid tokens verl raises: the
// result is nil, the error says why, and the statistics computed before the
// raise are still returned.
func legacyWhiten(v Version, x, mask [][]float64) ([][]float64, WhitenStats, error) {
	return whiten(legacyMeanEps(v), x, mask)
}

// legacyGAE runs verl's generalised advantage estimation on rewards r and values V.
//
// Early (v0.2): δ_t = r_t + γV_{t+1} − V_t with V_R = 0 at the end of the
// tensor, A_t = δ_t + γλA_{t+1}; the mask is used only for whitening.
// Newest (PR #2337, v0.5.0+): the same across mask = 1 positions only, so
// observation spans and tail padding are skipped: V_next and A_next come from
// the next valid token and rewards inside masked spans are discarded.
func legacyGAE(v Version, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	return GAE(v.Gen(), rewards, values, mask, gamma, lam)
}

// legacyKLNames lists the estimator names a version accepts, in the order the UI
// offers them. v0.2 spells only the four long names; the newest version adds
// the k1/k2/k3 aliases and the straight-through "+" names (v0.8.0+, PR #6058),
// whose forward value is their base estimator's.
func legacyKLNames(v Version) []string {
	if v == VerlEarly {
		return []string{KL, KLAbs, KLMSE, KLLowVar}
	}
	return []string{KL, "k1", KLAbs, KLMSE, "k2", KLLowVar, "k3", "k1+", "k3+", "low_var_kl+"}
}

// legacyKlBase resolves a name to its forward formula for version v.
func legacyKlBase(v Version, name string) (string, error) {
	if name == KLFull {
		return "", fmt.Errorf("engine: kl_penalty %q: verl raises NotImplementedError (the full KL needs the whole vocabulary distribution, not two log-probs)", name)
	}
	base := name
	if v == VerlNewest && strings.HasSuffix(name, "+") {
		base = strings.TrimSuffix(name, "+")
	}
	if v == VerlNewest {
		base = klAlias(base)
	}
	switch base {
	case KL, KLAbs, KLMSE, KLLowVar:
		return base, nil
	}
	return "", fmt.Errorf("engine: kl_penalty %q is not known to verl %s (it knows %s)", name, legacyRelease(v), strings.Join(legacyKLNames(v), ", "))
}

// legacyKlValue is one token's forward KL for a resolved base name; d = logprob − ref.
func legacyKlValue(v Version, base string, logprob, ref float64) float64 {
	d := logprob - ref
	switch base {
	case KLAbs:
		return math.Abs(d)
	case KLMSE:
		return 0.5 * d * d
	case KLLowVar:
		x := ref - logprob
		if v == VerlNewest {
			x = clamp(x, -klPreK3, klPreK3)
		}
		return clamp(math.Exp(x)-x-1, -klClampK3, klClampK3)
	}
	return d
}

// legacyKLPenalty is verl's kl_penalty(logprob, ref_logprob, name) at every
// position, unmasked: [B][R] per-token KL estimates of token t.
func legacyKLPenalty(v Version, name string, logprob, ref [][]float64) ([][]float64, error) {
	base, err := legacyKlBase(v, name)
	if err != nil {
		return nil, err
	}
	return legacyKlMatrix(v, base, logprob, ref), nil
}

// legacyKlMatrix is klValue at every position of logprob and ref.
func legacyKlMatrix(v Version, base string, logprob, ref [][]float64) [][]float64 {
	b, r := shapeOf(logprob)
	out := newMatrix(b, r)
	for i, lp := range logprob {
		o, rf := out[i][:len(lp)], ref[i][:len(lp)]
		for t, x := range lp {
			o[t] = legacyKlValue(v, base, x, rf[t])
		}
	}
	return out
}

// legacyApplyKLPenalty turns token_level_scores into token_level_rewards the way
// verl's apply_kl_penalty does, then calls ctl.Update(CurrentKL, B), so β
// changes only for the next step. The KL compares π_old with the reference.
// In v0.2 a row with no valid token makes the metric 0/0: that is an error,
// returned with the rewards, which verl computed before the metric.
func legacyApplyKLPenalty(v Version, scores, oldLogProbs, refLogProb, mask [][]float64, klName string, ctl KLController) (KLReward, error) {
	base, err := legacyKlBase(v, klName)
	if err != nil {
		return KLReward{}, err
	}
	res := legacyPenalize(v, base, scores, oldLogProbs, refLogProb, mask, ctl.Value())
	var total float64
	for i := range res.KLD {
		sum, n := rowKL(res.KLD[i], mask[i])
		if v == VerlEarly {
			if n == 0 {
				return res, fmt.Errorf("engine: KL metric: row %d has no valid token, and verl v0.2 divides 0 by 0 there", i)
			}
			total += sum / n
		} else {
			total += sum / (n + maskedMeanEps)
		}
	}
	if len(res.KLD) > 0 {
		res.CurrentKL = total / float64(len(res.KLD))
	}
	ctl.Update(res.CurrentKL, len(res.KLD))
	return res, nil
}

// legacyPenalize is the rewards half of apply_kl_penalty, the same in every
// generation: each token's KL (kl_penalty's base estimator in v's form),
// masked, and the scores minus β times it, in one pass whose three matrices
// share one allocation.
func legacyPenalize(v Version, base string, scores, oldLogProbs, refLogProb, mask [][]float64, beta float64) KLReward {
	b, r := shapeOf(oldLogProbs)
	res := KLReward{Beta: beta}
	newMatrices(b, r, &res.KLDUnmasked, &res.KLD, &res.Rewards)
	for i, lp := range oldLogProbs {
		un, kld, rw := res.KLDUnmasked[i], res.KLD[i], res.Rewards[i]
		ref, m, s := refLogProb[i][:len(lp)], mask[i][:len(lp)], scores[i][:len(lp)]
		for t, x := range lp {
			k := legacyKlValue(v, base, x, ref[t])
			km := k * m[t]
			un[t], kld[t], rw[t] = k, km, s[t]-beta*km
		}
	}
	return res
}

// legacyPolicyLossTerms is compute_policy_loss_vanilla (newest) or v0.2's
// compute_policy_loss per token. A is the advantage of token t.
func legacyPolicyLossTerms(v Version, logProbs, oldLogProbs, advantages [][]float64, p ClipParams) (PolicyTerms, error) {
	if v == VerlNewest && !(p.C > 1) {
		return PolicyTerms{}, fmt.Errorf("engine: clip_ratio_c must be greater than 1 (verl asserts it), got %g", p.C)
	}
	pt := newPolicyTerms(logProbs, v == VerlNewest)
	for i := range logProbs {
		for t, lp := range logProbs[i] {
			a, x := advantages[i][t], lp-oldLogProbs[i][t]
			if v == VerlNewest {
				x = clamp(x, -logRatioClamp, logRatioClamp)
			}
			ratio := math.Exp(x)
			if math.IsInf(ratio, 0) {
				return PolicyTerms{}, fmt.Errorf("engine: verl %s policy loss: exp(log_probs − old_log_probs) overflows at [%d][%d] (log-ratio %g; newest verl clamps it to ±20)", legacyRelease(v), i, t, x)
			}
			l1 := -a * ratio
			l2 := -a * clamp(ratio, 1-p.Low, 1+p.High)
			m1 := fmax(l1, l2)
			pt.LogRatio[i][t], pt.Ratio[i][t] = x, ratio
			pt.Losses1[i][t], pt.Losses2[i][t] = l1, l2
			pt.Clipped[i][t] = indicator(l2 > l1)
			pt.Final[i][t] = m1
			if v == VerlNewest {
				l3 := -a * p.C
				pt.Losses3[i][t] = l3
				pt.DualClipped[i][t] = indicator(m1 > l3 && a < 0)
				if a < 0 {
					pt.Final[i][t] = fmin(l3, m1)
				}
			}
		}
	}
	return pt, nil
}

// legacyAggregatePolicyLoss applies verl's aggregation and metrics to the terms.
func legacyAggregatePolicyLoss(v Version, pt PolicyTerms, mask [][]float64, mode AggMode) (PolicyLoss, error) {
	var pl PolicyLoss
	var err error
	if pl.Loss, err = legacyAggregate(v, pt.Final, mask, mode); err != nil {
		return PolicyLoss{}, err
	}
	pl.ClipFrac, _ = legacyMaskedMean(v, pt.Clipped, mask)
	pl.PPOKL, _ = legacyMaskedMeanScaled(v, -1, pt.LogRatio, mask)
	if pt.DualClipped != nil {
		pl.ClipFracLower, _ = legacyMaskedMean(v, pt.DualClipped, mask)
	}
	if math.IsInf(pl.Loss, 0) {
		return PolicyLoss{}, fmt.Errorf("engine: verl %s pg_loss overflows to infinity", legacyRelease(v))
	}
	return pl, nil
}

// legacyActorKL computes the actor's KL loss for one estimator and adds it to pgLoss.
func legacyActorKL(v Version, name string, logProbs, refLogProb, mask [][]float64, mode AggMode, coef, pgLoss float64) (ActorKLLoss, error) {
	kld, err := legacyKLPenalty(v, name, logProbs, refLogProb)
	if err != nil {
		return ActorKLLoss{}, err
	}
	loss, err := legacyAggregate(v, kld, mask, mode)
	if err != nil {
		return ActorKLLoss{}, err
	}
	return ActorKLLoss{KLD: kld, KLLoss: loss, Total: pgLoss + coef*loss}, nil
}

// legacyPolicyLossSlope is ∂pg_losses[i][t]/∂log_probs[i][t] of PolicyTerms in
// version v, by a central difference of the loss itself (so every clip and
// the dual clip act as verl's code has them), and 0 where the loss is flat
// there (a clip holds the token's ratio).
func legacyPolicyLossSlope(v Version, logProbs, oldLogProbs, advantages [][]float64, p ClipParams, i, t int) float64 {
	return policyLossSlope(func(lp, old, adv [][]float64) (PolicyTerms, error) { return legacyPolicyLossTerms(v, lp, old, adv, p) }, logProbs, oldLogProbs, advantages, i, t)
}

// legacyAggregateValueLoss applies verl's aggregation to the per-token terms. In
// v0.2 mask is the one the critic used (see ShiftedCriticMask) and only
// token-mean exists.
func legacyAggregateValueLoss(v Version, vt ValueTerms, mask [][]float64, mode AggMode) (ValueLoss, error) {
	loss, err := legacyAggregate(v, vt.MaxLoss, mask, mode)
	if err != nil {
		return ValueLoss{}, err
	}
	frac, err := legacyMaskedMean(v, vt.Clipped, mask)
	if err != nil {
		return ValueLoss{}, err
	}
	return ValueLoss{Loss: 0.5 * loss, ClipFrac: frac}, nil
}
