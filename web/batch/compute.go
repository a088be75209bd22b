package batch

import (
	"errors"
	"fmt"
	"strings"

	"gaelab/engine"
)

// Estimators are the outcome-only estimators the batch view shows, by their
// engine key, in the order of its table: GRPO with and without the std
// (Dr.GRPO), RLOO, REINFORCE++, REINFORCE++-baseline and ReMax (newest verl).
var Estimators = []string{
	"grpo_newest_norm_std",
	"grpo_newest_no_std(drgrpo)",
	"rloo",
	"reinforce_plus_plus",
	"reinforce_plus_plus_baseline",
	"remax",
}

// Result is a batch run through the engine. Every matrix is [B][R]: row i is
// response i, t the 0-based response-token index; rows shorter than R are
// padded with mask 0, value 0 and reward 0.
type Result struct {
	Width   int         // R, the longest response
	Mask    [][]float64 // response_mask
	Rewards [][]float64 // token_level_rewards: the score on the last valid token, 0 elsewhere (β = 0: no KL)
	Values  [][]float64 // values[i][t] = V(s_t)
	Index   []string    // the group id of each row (verl's uid)
	Scores  []float64   // s_i = Σ_t token_level_rewards[i][t], what every outcome estimator reads
	Groups  []engine.GroupStat
	// GAE is GAE over the whole [B][R] batch in the batch's verl version,
	// whitened over every valid token of every row.
	GAE engine.GAEResult
	// Alone[i] is GAE on row i by itself, a [1][R] batch: the same raw
	// advantages, whitened over row i's valid tokens only.
	Alone     []engine.GAEResult
	Estimates []Estimate // one per Estimators key, in that order
}

// Estimate is one outcome estimator's answer.
type Estimate struct {
	Key, Func  string      // the engine key and the verl function it reproduces
	Advantages [][]float64 // [B][R]; nil when Err is set
	Err        error
}

// Inputs are the batch as verl's [B][R] tensors: the inputs of GAE and of
// the outcome estimators.
func (b *Batch) Inputs() (mask, rewards, values [][]float64) {
	B, R := b.Len(), b.Width()
	mask, rewards, values = engine.NewMatrix(B, R), engine.NewMatrix(B, R), engine.NewMatrix(B, R)
	for i, row := range b.Rows {
		for t, tok := range row.Tokens {
			if tok.Valid {
				mask[i][t] = 1
			}
			values[i][t] = tok.Value
		}
		if l := row.LastValid(); l >= 0 {
			rewards[i][l] = row.Score
		}
	}
	return mask, rewards, values
}

// Outcome is the batch as the outcome estimators read it.
func (b *Batch) Outcome(mask, rewards [][]float64) engine.OutcomeInputs {
	in := engine.OutcomeInputs{
		Rewards: rewards, Mask: mask, Gamma: b.Gamma, Epsilon: engine.DefaultOutcomeEpsilon,
		Index: make([]string, b.Len()), Baselines: make([]float64, b.Len()),
	}
	for i, row := range b.Rows {
		in.Index[i], in.Baselines[i] = row.Group, row.Baseline
	}
	return in
}

// Compute runs the batch: GAE over the whole batch and over each row alone,
// the group statistics and the outcome estimators.
func (b *Batch) Compute() Result {
	mask, rewards, values := b.Inputs()
	in := b.Outcome(mask, rewards)
	res := Result{
		Width: b.Width(), Mask: mask, Rewards: rewards, Values: values, Index: in.Index,
		Scores: engine.SequenceScores(rewards),
		Groups: engine.GroupStatsGRPO(in),
		GAE:    engine.GAE(b.Gen(), rewards, values, mask, b.Gamma, b.Lam),
		Alone:  make([]engine.GAEResult, b.Len()),
	}
	for i := range b.Rows {
		res.Alone[i] = engine.GAE(b.Gen(), rewards[i:i+1], values[i:i+1], mask[i:i+1], b.Gamma, b.Lam)
	}
	for _, key := range Estimators {
		est, ok := b.estimator(key)
		if !ok {
			res.Estimates = append(res.Estimates, Estimate{Key: key, Err: fmt.Errorf("verl %s has no %s (%w)", b.VersionLabel(), key, ErrNotInRelease)})
			continue
		}
		adv, _, err := est.Run(in)
		e := Estimate{Key: key, Func: est.Func, Advantages: adv, Err: err}
		if err != nil {
			e.Advantages = nil
		}
		res.Estimates = append(res.Estimates, e)
	}
	return res
}

// ErrNotInRelease is an estimator the batch's release does not have yet.
var ErrNotInRelease = errors.New("not in this release")

// estimator is the estimator with the given Estimators key as the batch's
// verl computes it: newest verl's in a v=1 state, the release's own in a
// v=2 state (false when the release does not have it).
func (b *Batch) estimator(key string) (engine.OutcomeEstimator, bool) {
	if !b.OwnEstimators() {
		return engine.LookupOutcomeEstimator(key)
	}
	genKey := strings.Replace(key, "grpo_newest_", "grpo_", 1)
	for _, e := range b.Gen().OutcomeEstimators() {
		if e.Key == genKey {
			return e, true
		}
	}
	return engine.OutcomeEstimator{}, false
}

// Estimate returns the answer of the estimator with the given engine key.
func (r *Result) Estimate(key string) (Estimate, bool) {
	for _, e := range r.Estimates {
		if e.Key == key {
			return e, true
		}
	}
	return Estimate{}, false
}
