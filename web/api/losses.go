package api

import "gaelab/engine"

// valueLoss is the value_loss block: newest per token and per mode, and v0.2
// with response_mask and with the shifted mask its critic really used.
func valueLoss(req *request, returns [][]float64) obj {
	mask := req.tensors["response_mask"]
	vt := engine.ValueLossTerms(req.tensors["values"], req.tensors["vpreds"], returns, req.cfg.CliprangeValue)
	byMode := obj{}
	for _, mode := range engine.AggModes {
		byMode[string(mode)] = valueLossObj(engine.AggregateValueLoss(engine.V1Newest, vt, mask, mode))
	}
	early := valueLossObj(engine.AggregateValueLoss(engine.V1Early, vt, mask, engine.TokenMean))
	early["note"] = "verl v0.2 compute_value_loss (token-mean, 0.5 factor) with response_mask as the mask"
	if !engine.HasHoles(mask) {
		shifted := engine.ShiftedCriticMask(mask)
		s := valueLossObj(engine.AggregateValueLoss(engine.V1Early, vt, shifted, engine.TokenMean))
		s["mask"] = shifted
		s["note"] = "the mask v0.2's dp_critic really passed: the attention mask at positions −R−1 … −2, which keeps the value right after EOS (fixed by PR #1850 in v0.4.0)"
		early["with_v02_shifted_mask"] = s
	}
	return obj{
		"newest": obj{"per_token": valueTermsObj(vt), "by_agg_mode": byMode},
		"early":  early,
	}
}

func valueLossObj(vl engine.ValueLoss, err error) obj {
	if err != nil {
		return errorObj(err)
	}
	return obj{"vf_loss": vl.Loss, "vf_clipfrac": vl.ClipFrac}
}

// policyLoss is the policy_loss block, and the newest pg_loss in the
// configured mode (nil if verl refuses), which the actor KL loss adds to.
func policyLoss(req *request, advantages [][]float64) (obj, *float64) {
	t, c := req.tensors, req.cfg
	block := obj{}
	var pgLoss *float64

	newest := obj{}
	pt, err := engine.PolicyLossTerms(engine.V1Newest, t["log_probs"], t["old_log_probs"], advantages, engine.ClipParams{Low: c.ClipLow, High: c.ClipHigh, C: c.ClipC})
	if err != nil {
		newest = errorObj(err)
	} else {
		byMode := obj{}
		for _, mode := range engine.AggModes {
			pl, err := engine.AggregatePolicyLoss(engine.V1Newest, pt, t["response_mask"], mode)
			byMode[string(mode)] = policyLossObj(pl, err)
			if err == nil && mode == c.LossAggMode {
				pgLoss = &pl.Loss
			}
		}
		newest["per_token"] = obj{
			"log_ratio_clamped":  pt.LogRatio,
			"ratio":              pt.Ratio,
			"pg_losses1":         pt.Losses1,
			"pg_losses2":         pt.Losses2,
			"pg_losses3_dual":    pt.Losses3,
			"pg_losses_final":    pt.Final,
			"clipped_token":      pt.Clipped,
			"dual_clipped_token": pt.DualClipped,
		}
		newest["by_agg_mode"] = byMode
	}
	block["newest"] = newest

	var early obj
	ept, err := engine.PolicyLossTerms(engine.V1Early, t["log_probs"], t["old_log_probs"], advantages, engine.ClipParams{Low: c.ClipRatio, High: c.ClipRatio})
	if err != nil {
		early = errorObj(err)
	} else {
		early = policyLossObj(engine.AggregatePolicyLoss(engine.V1Early, ept, t["response_mask"], engine.TokenMean))
		delete(early, "pg_clipfrac_lower")
	}
	early["note"] = "verl v0.2 compute_policy_loss: one clip_ratio, no dual clip, no ±20 log-ratio clamp, token-mean only"
	block["early"] = early
	return block, pgLoss
}

func policyLossObj(pl engine.PolicyLoss, err error) obj {
	if err != nil {
		return errorObj(err)
	}
	return obj{"pg_loss": pl.Loss, "pg_clipfrac": pl.ClipFrac, "ppo_kl": pl.PPOKL, "pg_clipfrac_lower": pl.ClipFracLower}
}

// actorKLLoss is the use_kl_loss path for each of the four KL estimators.
func actorKLLoss(req *request, pgLoss float64) obj {
	t, c := req.tensors, req.cfg
	byType := obj{}
	for _, name := range []string{engine.KL, engine.KLAbs, engine.KLMSE, engine.KLLowVar} {
		a, err := engine.ActorKL(engine.V1Newest, name, t["log_probs"], t["ref_log_prob"], t["response_mask"], c.LossAggMode, c.KLLossCoef, pgLoss)
		if err != nil {
			byType[name] = errorObj(err)
			continue
		}
		byType[name] = obj{"kld": a.KLD, "kl_loss": a.KLLoss, "policy_loss_total": a.Total}
	}
	return obj{
		"kl_loss_coef": c.KLLossCoef,
		"kl_loss_type": c.KLLossType,
		"by_type":      byType,
		"note":         "use_kl_loss path: kld = kl_penalty(log_probs, ref_log_prob, type) of the current policy; policy_loss_total = pg_loss + kl_loss_coef·agg(kld) (entropy_coeff = 0)",
	}
}

// valueTermsObj is the value loss's per-token tensors, as verl names them.
func valueTermsObj(vt engine.ValueTerms) obj {
	return obj{
		"vpredclipped":  vt.VPredClipped,
		"vf_losses1":    vt.Losses1,
		"vf_losses2":    vt.Losses2,
		"max_loss":      vt.MaxLoss,
		"clipped_token": vt.Clipped,
	}
}
