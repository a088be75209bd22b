package engine

import "fmt"

// KLController supplies β (verl's kl_ctrl.value) and adapts it after a step.
type KLController interface {
	Value() float64
	Update(currentKL float64, nSteps int)
}

// FixedKLController is verl's FixedKLController: β never changes.
type FixedKLController struct{ Beta float64 }

func (c *FixedKLController) Value() float64      { return c.Beta }
func (c *FixedKLController) Update(float64, int) {}

// AdaptiveKLController is verl's AdaptiveKLController (Ziegler et al. 2019),
// identical in v0.2 and newest: e = clip(KL/target − 1, ±0.2), then
// β ← β·(1 + e·nSteps/horizon).
type AdaptiveKLController struct {
	Beta, Target, Horizon float64
}

func (c *AdaptiveKLController) Value() float64 { return c.Beta }

func (c *AdaptiveKLController) Update(currentKL float64, nSteps int) {
	e := clamp(currentKL/c.Target-1, -0.2, 0.2)
	c.Beta *= 1 + e*float64(nSteps)/c.Horizon
}

// KLReward is the result of verl's apply_kl_penalty. Matrices are [B][R];
// position t belongs to token t.
type KLReward struct {
	KLDUnmasked [][]float64 // kl_penalty(old_log_probs, ref_log_prob)
	KLD         [][]float64 // KLDUnmasked · mask
	Beta        float64     // β read before the controller's update
	Rewards     [][]float64 // token_level_rewards = scores − β·KLD
	CurrentKL   float64     // the logged metric: mean over rows of each row's masked mean of KLD
}

// ApplyKLPenalty turns token_level_scores into token_level_rewards the way
// verl's apply_kl_penalty does, then calls ctl.Update(CurrentKL, B), so β
// changes only for the next step. The KL compares π_old with the reference.
// In v0.2 a row with no valid token makes the metric 0/0: that is an error,
// returned with the rewards, which verl computed before the metric.
func ApplyKLPenalty(v Version, scores, oldLogProbs, refLogProb, mask [][]float64, klName string, ctl KLController) (KLReward, error) {
	base, err := klBase(v, klName)
	if err != nil {
		return KLReward{}, err
	}
	res := penalize(v, base, scores, oldLogProbs, refLogProb, mask, ctl.Value())
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

// penalize is the rewards half of apply_kl_penalty, the same in every
// generation: each token's KL (kl_penalty's base estimator in v's form),
// masked, and the scores minus β times it, in one pass whose three matrices
// share one allocation.
func penalize(v Version, base string, scores, oldLogProbs, refLogProb, mask [][]float64, beta float64) KLReward {
	b, r := shapeOf(oldLogProbs)
	res := KLReward{Beta: beta}
	newMatrices(b, r, &res.KLDUnmasked, &res.KLD, &res.Rewards)
	for i, lp := range oldLogProbs {
		un, kld, rw := res.KLDUnmasked[i], res.KLD[i], res.Rewards[i]
		ref, m, s := refLogProb[i][:len(lp)], mask[i][:len(lp)], scores[i][:len(lp)]
		for t, x := range lp {
			k := klValue(v, base, x, ref[t])
			km := k * m[t]
			un[t], kld[t], rw[t] = k, km, s[t]-beta*km
		}
	}
	return res
}

// rowKL is one row's masked KL sum and its number of valid tokens, the
// two halves of the row's masked mean in the KL metric.
func rowKL(kld, mask []float64) (sum, n float64) {
	for t, k := range kld {
		sum += k * mask[t]
		n += mask[t]
	}
	return sum, n
}
