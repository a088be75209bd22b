package engine

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

// penalize is the rewards half of apply_kl_penalty, the same in every
// generation: each token's KL (kl_penalty's base estimator, k3 pre-clamped or not),
// masked, and the scores minus β times it, in one pass whose three matrices
// share one allocation.
func penalize(preClamp bool, base string, scores, oldLogProbs, refLogProb, mask [][]float64, beta float64) KLReward {
	b, r := shapeOf(oldLogProbs)
	res := KLReward{Beta: beta}
	newMatrices(b, r, &res.KLDUnmasked, &res.KLD, &res.Rewards)
	for i, lp := range oldLogProbs {
		un, kld, rw := res.KLDUnmasked[i], res.KLD[i], res.Rewards[i]
		ref, m, s := refLogProb[i][:len(lp)], mask[i][:len(lp)], scores[i][:len(lp)]
		for t, x := range lp {
			k := klValue(preClamp, base, x, ref[t])
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
