package scenario

import (
	"math"

	"gaelab/engine"
)

// Result is a scenario run through the engine in its verl version. Every
// slice is indexed by t, the 0-based response-token index.
type Result struct {
	Mask     []float64 // response_mask
	Scores   []float64 // token_level_scores (the typed rewards when DirectRewards)
	KLD      []float64 // kl_penalty(old, ref) · mask; 0 when DirectRewards
	KLTerm   []float64 // −β·KLD, the KL part of the reward
	Rewards  []float64 // token_level_rewards r_t
	KLMetric float64   // the batch KL metric verl logs
	KLErr    error     // why the KL step failed (v0.2's metric of an empty row), or nil
	GAE      engine.GAEResult
}

// row returns row 0 of a [1][T] matrix, or nil.
func row(m [][]float64) []float64 {
	if len(m) == 0 {
		return nil
	}
	return m[0]
}

// Compute runs the scenario: KL in the reward (unless rewards are typed
// directly), then GAE with whitening, as verl's s.Version does.
func (s *Scenario) Compute() Result {
	n := s.Len()
	mask, scores, old, ref, values := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for t, tok := range s.Tokens {
		mask[t], old[t], ref[t], values[t] = tok.Kind.Mask(), tok.Old, tok.Ref, tok.Value
		scores[t] = tok.Score
		if s.DirectRewards {
			scores[t] = tok.Reward
		}
	}
	res := Result{Mask: mask, Scores: scores, Rewards: scores, KLD: make([]float64, n), KLTerm: make([]float64, n)}
	if !s.DirectRewards {
		kl, err := s.applyKLPenalty(scores, old, ref, mask)
		res.KLErr = err
		if kl.Rewards != nil {
			res.KLD, res.Rewards, res.KLMetric = row(kl.KLD), row(kl.Rewards), kl.CurrentKL
			for t, k := range res.KLD {
				res.KLTerm[t] = -kl.Beta * k
			}
		}
	}
	res.GAE = engine.GAE(s.Gen(), [][]float64{res.Rewards}, [][]float64{values}, [][]float64{mask}, s.Gamma, s.Lam)
	return res
}

// applyKLPenalty is apply_kl_penalty of the scenario's verl. A release whose
// KL metric divides 0 by 0 (v0.2–v0.3.0.rc0, a response with no valid token)
// reports it as the v0.2 engine does.
func (s *Scenario) applyKLPenalty(scores, old, ref, mask []float64) (engine.KLReward, error) {
	one := func(x []float64) [][]float64 { return [][]float64{x} }
	if s.Release == "" {
		return engine.ApplyKLPenalty(s.Version.V1Gen(), one(scores), one(old), one(ref), one(mask), s.KL, &engine.FixedKLController{Beta: s.Beta})
	}
	kl, err := engine.ApplyKLPenalty(s.Gen(), one(scores), one(old), one(ref), one(mask), s.KL, &engine.FixedKLController{Beta: s.Beta})
	if err == nil && math.IsNaN(kl.CurrentKL) {
		_, err = engine.ApplyKLPenalty(engine.V1Early, one(scores), one(old), one(ref), one(mask), s.KL, &engine.FixedKLController{Beta: s.Beta})
	}
	return kl, err
}
