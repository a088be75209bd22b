package api

import (
	"context"

	"gaelab/engine"
)

// outcomeEstimators runs every outcome-only estimator on the rewards, with
// the loop GRPO's group statistics and each row's sequence score; an
// estimator whose numbers overflow is an error on its own.
func outcomeEstimators(req *request, rewards [][]float64) obj {
	return outcomeBlock(req.ctx, outcomeInputs(req, rewards), engine.OutcomeEstimators, func(o obj) any { return finiteBlock(o) })
}

// outcomeInputs are the estimators' inputs in the request.
func outcomeInputs(req *request, rewards [][]float64) engine.OutcomeInputs {
	return engine.OutcomeInputs{
		Rewards:   rewards,
		Mask:      req.tensors["response_mask"],
		Index:     req.index,
		Baselines: req.baselines,
		Gamma:     req.cfg.Gamma,
		Epsilon:   req.cfg.Epsilon,
	}
}

// outcomeBlock runs the estimators ests on in: each one's advantages and
// returns (passed through each) or its error, the loop GRPO's group
// statistics and each row's sequence score. Once ctx ends the rest is
// left out (nobody reads the answer).
func outcomeBlock(ctx context.Context, in engine.OutcomeInputs, ests []engine.OutcomeEstimator, each func(obj) any) obj {
	block := obj{}
	for _, est := range ests {
		if ctx.Err() != nil {
			return block
		}
		adv, ret, err := est.Run(in)
		if err != nil {
			block[est.Key] = errorObj(err)
			continue
		}
		block[est.Key] = each(obj{"advantages": adv, "returns": ret})
	}
	stats := obj{}
	for _, g := range engine.GroupStatsGRPO(in) {
		stats[g.ID] = obj{"members": g.Members, "scores": g.Scores, "mean": g.Mean, "std_unbiased": g.StdUnbiased}
	}
	block["group_stats_loop_grpo"] = stats
	block["sequence_scores"] = engine.SequenceScores(in.Rewards)
	return block
}

// adaptiveBetas replays inputs.updates through the adaptive KL controller,
// identical in v0.2 and newest verl.
func adaptiveBetas(req *request) obj {
	block := obj{}
	for _, v := range versions {
		ctl := &engine.AdaptiveKLController{Beta: req.cfg.InitKLCoef, Target: req.cfg.TargetKL, Horizon: req.cfg.Horizon}
		betas := make([]float64, len(req.updates))
		for i, u := range req.updates {
			ctl.Update(u.CurrentKL, u.NSteps)
			betas[i] = ctl.Value()
		}
		block[v.String()] = betas
	}
	return block
}
