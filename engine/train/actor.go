package train

import (
	"math"
	"strings"

	"gaelab/engine"
)

// updateActor is update_policy: ppo_epochs over the mini-batches, each the
// release's clipped policy loss (minus entropy_coeff times the entropy,
// plus kl_loss_coef times the KL loss), its exact gradient with respect to
// the logits, grad-norm clipping and an AdamW step.
func (tr *Trainer) updateActor(b *Batch, metrics *engine.MetricLists) error {
	c, g, st := tr.cfg, tr.g, &tr.st
	B, R := c.Rows(), c.Length
	lr := c.lr(c.ActorLR, st.ActorSched)
	mode := tr.aggMode()
	mbs := c.miniBatches()
	weights := make([][]float64, len(mbs))
	for k, mb := range mbs {
		w, err := rowWeightsWith(actorAgg(g), g, b.ResponseMask[mb[0]:mb[1]], mode)
		if err != nil {
			return err
		}
		weights[k] = w
	}
	logp, ent := engine.NewMatrix(B, R), engine.NewMatrix(B, R)
	grad := make([]float64, len(st.Actor))
	var pgSum, klSum float64
	if summedLosses(g) {
		metrics.Set(engine.MetricPGLoss, 0)
		metrics.Set(engine.MetricKLLoss, 0)
	}
	first := true
	for range c.PPOEpochs {
		for k, mb := range mbs {
			lo, hi := mb[0], mb[1]
			ab, err := tr.actorLoss(st.Actor, b, lo, hi, weights[k], logp, ent, grad)
			if err != nil {
				return err
			}
			pl, entropy, kl := ab.pl, ab.entropy, ab.kl
			norm := clipGradNorm(grad, GradClip)
			adamW(st.Actor, grad, &st.ActorAdam, lr)

			switch {
			case summedLosses(g):
				pgSum += pl.Loss
				metrics.Set(engine.MetricPGLoss, pgSum)
			default:
				metrics.Append(engine.MetricPGLoss, pl.Loss)
			}
			if entropyInUpdate(g) || engineWorkers(g) && c.EntropyCoeff != 0 {
				metrics.Append(engine.MetricEntropyLoss, entropy)
			}
			metrics.Append(engine.MetricPGClipFrac, pl.ClipFrac)
			metrics.Append(engine.MetricPPOKL, pl.PPOKL)
			if g.Has(engine.DualClip) {
				metrics.Append(engine.MetricPGClipFracLower, pl.ClipFracLower)
			}
			if summedLosses(g) && c.EntropyCoeff != 0 {
				if first { // update_policy's list replaces the trainer's value
					metrics.Set(engine.MetricEntropy, entropy)
				} else {
					metrics.Append(engine.MetricEntropy, entropy)
				}
			}
			if c.UseKLLoss {
				switch {
				case summedLosses(g):
					klSum += kl.KLLoss
					metrics.Set(engine.MetricKLLoss, klSum)
				case lastKLLoss(g):
					metrics.Set(engine.MetricKLLoss, kl.KLLoss)
				default:
					metrics.Append(engine.MetricKLLoss, kl.KLLoss)
				}
				metrics.Append(engine.MetricKLCoef, c.KLLossCoef)
			}
			if engineWorkers(g) {
				metrics.Append(MetricActorLoss, ab.total)
			}
			metrics.Append(engine.MetricActorGradNorm, norm)
			first = false
		}
	}
	if actorLRBeforeStep(g) {
		metrics.Set(engine.MetricActorLR, lr)
	}
	st.ActorSched++
	if !actorLRBeforeStep(g) {
		metrics.Set(engine.MetricActorLR, c.lr(c.ActorLR, st.ActorSched))
	}
	return nil
}

// actorBatch is one mini-batch's losses.
type actorBatch struct {
	pl      engine.PolicyLoss
	entropy float64 // the entropy term (0 when the loss has none)
	kl      engine.ActorKLLoss
	total   float64 // the loss whose gradient grad holds: pg_loss − entropy_coeff·entropy + kl_loss_coef·kl_loss
}

// actorLoss computes rows lo…hi−1's actor loss at logits params and
// overwrites grad with its gradient; w are the rows' agg_loss weights
// (rowWeights), logp and ent [B][R] scratch.
func (tr *Trainer) actorLoss(params []float64, b *Batch, lo, hi int, w []float64, logp, ent [][]float64, grad []float64) (actorBatch, error) {
	c, g := tr.cfg, tr.g
	R, A := c.Length, Actions()
	mode := tr.aggMode()
	clip := engine.ClipParams{Ratio: c.ClipRatio, Low: c.ClipRatio, High: c.ClipRatio, C: c.ClipRatioC}
	entropyLoss := entropyInUpdate(g) || c.EntropyCoeff != 0
	m := b.ResponseMask[lo:hi]
	for i := lo; i < hi; i++ {
		row := b.Responses[i]
		for t := range R {
			if b.ResponseMask[i][t] == 0 {
				continue
			}
			off := c.ActorIndex(b.Prompt[i], t, prevAt(row, t), 0)
			logp[i][t], ent[i][t] = tokenStats(params[off:off+A], tr.probs, row[t]-1)
		}
	}
	lp := logp[lo:hi]
	pt, err := engine.PolicyLossTerms(g, lp, b.OldLogProbs[lo:hi], b.Advantages[lo:hi], clip)
	if err != nil {
		return actorBatch{}, err
	}
	agg := actorAgg(g)
	var pl engine.PolicyLoss
	if engineWorkers(g) {
		pl, err = engine.AggregatePolicyLossEngine(g, pt, m, mode)
	} else {
		pl, err = engine.AggregatePolicyLoss(g, pt, m, mode)
	}
	if err != nil {
		return actorBatch{}, err
	}
	var entropy float64
	if entropyLoss {
		if entropy, err = agg(g, ent[lo:hi], m, mode); err != nil {
			return actorBatch{}, err
		}
	}
	var kl engine.ActorKLLoss
	if c.UseKLLoss && engineWorkers(g) { // losses.py :135: kl_penalty, then agg_loss with the global batch
		if kl.KLD, err = engine.KLPenalty(g, c.KLLossType, lp, b.RefLogProb[lo:hi]); err != nil {
			return actorBatch{}, err
		}
		if kl.KLLoss, err = agg(g, kl.KLD, m, mode); err != nil {
			return actorBatch{}, err
		}
		kl.Total = pl.Loss + c.KLLossCoef*kl.KLLoss
	} else if c.UseKLLoss {
		if kl, err = engine.ActorKL(g, c.KLLossType, lp, b.RefLogProb[lo:hi], m, mode, c.KLLossCoef, pl.Loss); err != nil {
			return actorBatch{}, err
		}
	}

	clear(grad)
	for i := lo; i < hi; i++ {
		row := b.Responses[i]
		wi := w[i-lo]
		for t := range R {
			mt := b.ResponseMask[i][t]
			if mt == 0 {
				continue
			}
			var gl, gh float64
			if pt.Clipped[i-lo][t] == 0 && (pt.DualClipped == nil || pt.DualClipped[i-lo][t] == 0) &&
				(!g.Has(engine.LogRatioClamp) || math.Abs(logp[i][t]-b.OldLogProbs[i][t]) <= 20) {
				gl = wi * mt * (-b.Advantages[i][t] * pt.Ratio[i-lo][t])
			}
			if c.UseKLLoss {
				gl += c.KLLossCoef * wi * mt * klSlope(g, c.KLLossType, logp[i][t], b.RefLogProb[i][t])
			}
			if entropyLoss {
				gh = -c.EntropyCoeff * wi * mt
			}
			off := c.ActorIndex(b.Prompt[i], t, prevAt(row, t), 0)
			logitGrad(params[off:off+A], tr.probs, row[t]-1, gl, gh, grad[off:off+A])
		}
	}
	total := pl.Loss - c.EntropyCoeff*entropy
	if !entropyLoss {
		total = pl.Loss
	}
	if c.UseKLLoss {
		total += c.KLLossCoef * kl.KLLoss
	}
	return actorBatch{pl: pl, entropy: entropy, kl: kl, total: total}, nil
}

// logitGrad adds to dz the gradient of gl·log π(a|s) + gh·H(π(·|s)) with
// respect to the logits z of s: gl·(1[k = a] − p_k) − gh·p_k·(z_k − Σ_j p_j z_j).
func logitGrad(z, p []float64, a int, gl, gh float64, dz []float64) {
	dist(z, p)
	var zbar float64
	if gh != 0 {
		for k, x := range z {
			zbar += p[k] * x
		}
	}
	for k := range dz {
		d := -gl * p[k]
		if k == a {
			d += gl
		}
		if gh != 0 {
			d -= gh * p[k] * (z[k] - zbar)
		}
		dz[k] += d
	}
}

// klSlope is ∂kl_penalty(logprob, ref, name)/∂logprob as torch's autograd
// takes it (kl: 1; abs: sign; mse: d; low_var_kl: 1 − e^x with x = ref −
// logprob, 0 where a clamp holds (the ±20 pre-clamp from v0.4.1, the ±10
// clamp always); a "+" name: k2's gradient d, from v0.8.0).
func klSlope(g engine.Generation, name string, logprob, ref float64) float64 {
	d := logprob - ref
	if strings.HasSuffix(name, "+") {
		return d
	}
	switch name {
	case engine.KL, "k1":
		return 1
	case engine.KLAbs:
		switch {
		case d > 0:
			return 1
		case d < 0:
			return -1
		}
		return 0
	case engine.KLMSE, "k2":
		return d
	}
	x := -d // low_var_kl, k3
	if g.Has(engine.K3PreClamp) && (x < -20 || x > 20) {
		return 0
	}
	if v := math.Exp(x) - x - 1; v < -10 || v > 10 {
		return 0
	}
	return 1 - math.Exp(x)
}
