package api

import (
	"context"
	"encoding/json"
	"slices"

	"gaelab/engine"
)

// versions are the two generations every block is given for.
var versions = []engine.Version{engine.VerlEarly, engine.VerlNewest}

// obj is one JSON object of an output block.
type obj = map[string]any

// errorObj is a part verl refuses: {"error": "..."}.
func errorObj(err error) obj { return obj{"error": err.Error()} }

// overflow replaces a block whose numbers left the float64 range.
const overflow = "engine: a result is not a finite number (the inputs are too large for float64 arithmetic); use smaller inputs"

// klRewardObj is a kl_reward block: apply_kl_penalty's tensors and metric.
func klRewardObj(res engine.KLReward) obj {
	return obj{
		"kld_unmasked":        res.KLDUnmasked,
		"kld":                 res.KLD,
		"beta":                res.Beta,
		"token_level_rewards": res.Rewards,
		"current_kl_metric":   res.CurrentKL,
	}
}

// finiteBlock marshals a block, or an error object if any number in it is
// NaN or ±Inf, so that the answer never carries a non-finite number.
func finiteBlock(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(obj{"error": overflow})
	}
	return b
}

// run computes every output block the inputs allow; false, as soon as a
// block takes the answer past MaxAnswerBytes (the rest is not computed).
func run(ctx context.Context, req *request) (map[string]json.RawMessage, bool) {
	out := map[string]json.RawMessage{}
	size := 0
	put := func(key string, v any) {
		out[key] = finiteBlock(v)
		size += len(out[key])
	}
	// over: stop computing once the answer is too large or the request ended.
	over := func() bool { return size > MaxAnswerBytes || ctx.Err() != nil }
	mask := req.tensors["response_mask"]
	c := req.cfg

	if req.has("old_log_probs", "ref_log_prob") {
		put("kl_variants", klVariants(ctx, req.tensors["old_log_probs"], req.tensors["ref_log_prob"]))
	}
	if over() {
		return nil, false
	}
	rewards := req.tensors["token_level_rewards"]
	if scores := req.tensors["token_level_scores"]; scores != nil {
		rewards = scores
		if c.UseKLInReward {
			block, r := klReward(req)
			put("kl_reward", block)
			rewards = r
		}
	}
	if rewards != nil {
		put("token_level_rewards", rewards)
	}
	if over() {
		return nil, false
	}

	var gaeNewest *engine.GAEResult
	if rewards != nil && req.has("values") {
		gae := obj{}
		for _, v := range versions {
			if ctx.Err() != nil {
				return nil, false
			}
			g := engine.GAE(v.V1Gen(), rewards, req.tensors["values"], mask, c.Gamma, c.Lam)
			gae[v.String()] = gaeBlock(g)
			if v == engine.VerlNewest {
				gaeNewest = &g
			}
		}
		put("gae", gae)
	}
	if gaeNewest != nil && req.has("vpreds") && !over() {
		put("value_loss", valueLoss(req, gaeNewest.Returns))
	}
	if over() {
		return nil, false
	}

	advantages := req.tensors["advantages"]
	if advantages == nil && gaeNewest != nil {
		advantages = gaeNewest.Whitened
	}
	if advantages != nil && req.has("log_probs", "old_log_probs") && !over() {
		block, pgLoss := policyLoss(req, advantages)
		put("policy_loss", block)
		if c.UseKLLoss && req.has("ref_log_prob") && pgLoss != nil {
			put("actor_kl_loss", actorKLLoss(req, *pgLoss))
		}
	}
	if req.index != nil && rewards != nil && !over() {
		put("outcome_estimators", outcomeEstimators(req, rewards))
	}
	if req.updates != nil {
		put("beta_after_each_update", adaptiveBetas(req))
	}
	return out, !over()
}

// klVariants is kl_penalty(old_log_probs, ref_log_prob, name) for every name
// each version knows, plus "full", which every version refuses.
// Once ctx ends the rest is left out.
func klVariants(ctx context.Context, old, ref [][]float64) obj {
	block := obj{}
	for _, v := range versions {
		if ctx.Err() != nil {
			return block
		}
		byName := obj{}
		for _, name := range append(engine.KLNames(v.V1Gen()), engine.KLFull) {
			if kl, err := engine.KLPenalty(v.V1Gen(), name, old, ref); err != nil {
				byName[name] = errorObj(err)
			} else {
				byName[name] = kl
			}
		}
		block[v.String()] = byName
	}
	return block
}

// klReward is apply_kl_penalty with the configured controller (newest), and
// whether v0.2 gives the same rewards. It returns nil rewards if verl raises.
func klReward(req *request) (obj, [][]float64) {
	c := req.cfg
	t := req.tensors
	reward := func(v engine.Version) (engine.KLReward, engine.KLController, error) {
		ctl := klController(c)
		res, err := engine.ApplyKLPenalty(v.V1Gen(), t["token_level_scores"], t["old_log_probs"], t["ref_log_prob"], t["response_mask"], c.KLPenalty, ctl)
		return res, ctl, err
	}
	res, ctl, err := reward(engine.VerlNewest)
	if err != nil {
		return errorObj(err), nil
	}
	early, _, _ := reward(engine.VerlEarly) // v0.2 may fail only on the metric of an empty row
	block := klRewardObj(res)
	block["early_equals_newest"] = equalMatrices(early.Rewards, res.Rewards)
	if c.KLCtrlType == "adaptive" {
		block["beta_after_update"] = ctl.Value()
	}
	return block, res.Rewards
}

func klController(c config) engine.KLController {
	if c.KLCtrlType == "adaptive" {
		return &engine.AdaptiveKLController{Beta: c.KLCoef, Target: c.TargetKL, Horizon: c.Horizon}
	}
	return &engine.FixedKLController{Beta: c.KLCoef}
}

func equalMatrices(a, b [][]float64) bool {
	return slices.EqualFunc(a, b, func(x, y []float64) bool { return slices.Equal(x, y) })
}

// gaeBlock is one gae.early / gae.newest object; statistics verl never
// reached (0 or 1 valid tokens) are null.
func gaeBlock(g engine.GAEResult) obj {
	st := g.Whitening
	block := obj{
		"next_values_used":    g.NextValues,
		"deltas":              g.Deltas,
		"advantages_raw":      g.Advantages,
		"returns":             g.Returns,
		"advantages_whitened": g.Whitened,
		"whiten_mean":         nullUnless(st.N > 0, st.Mean),
		"whiten_var_biased":   nullUnless(st.N > 0, st.VarBiased),
		"whiten_var_unbiased": nullUnless(st.N > 1, st.VarUnbiased),
		"error":               nil,
	}
	if g.WhitenErr != nil {
		block["error"] = g.WhitenErr.Error()
	}
	return block
}

func nullUnless(ok bool, x float64) any {
	if !ok {
		return nil
	}
	return x
}
