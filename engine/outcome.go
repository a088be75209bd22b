package engine

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Outcome-only advantage estimators (GRPO and its relatives, RLOO, OPO, GPG,
// REINFORCE++, ReMax): the critic-free estimators of verl's core_algos.py.
// This file holds what they share: the inputs, the registry, the sequence
// scores and the grouping by uid. The estimators themselves are in
// outcome_grpo.go (group mean and std), outcome_baseline.go (other group
// baselines) and outcome_return.go (reward-to-go).
//
// Index conventions: rows i are sequences (one sampled response each), t is
// the 0-based response-token index, and every [B][R] matrix is indexed
// [i][t]. An estimator reduces row i to one score s_i and, except for
// REINFORCE++ and ReMax, broadcasts one scalar a_i over the row:
// advantages[i][t] = a_i·mask[i][t].

// DefaultOutcomeEpsilon is verl's default ε for the GRPO family: the
// advantage is (s − mean)/(std + ε).
const DefaultOutcomeEpsilon = 1e-6

// OutcomeInputs are what every outcome estimator reads. Rewards and Mask are
// [B][R]: row i is one sequence, column t the 0-based response-token index.
type OutcomeInputs struct {
	Rewards   [][]float64 // token_level_rewards[i][t], the reward of token t of row i
	Mask      [][]float64 // response_mask[i][t], 0/1: 1 on trainable tokens
	Index     []string    // group id (verl's uid) per row, canonicalised by the caller to a string ("0", "uid-0")
	Baselines []float64   // reward_baselines per row (ReMax); nil when not given
	Gamma     float64     // REINFORCE++ discount
	Epsilon   float64     // GRPO-family ε (verl default 1e-6, DefaultOutcomeEpsilon)
	Gen       Generation  // the verl generation; 0 means the newest (G12)
}

// gen is the generation the estimators reproduce.
func (in OutcomeInputs) gen() Generation {
	if in.Gen == 0 {
		return LastGeneration
	}
	return in.Gen
}

// OutcomeEstimator is one estimator under the key the golden file and the JSON API use.
type OutcomeEstimator struct {
	Key  string // e.g. "grpo_newest_norm_std", "grpo_newest_no_std(drgrpo)", "rloo", "remax"
	Func string // the verl function it reproduces, e.g. "compute_grpo_outcome_advantage"
	// Run computes [B][R] advantages and returns, indexed [i][t] like the
	// inputs. On error advantages is nil; returns is kept only where verl
	// computed it before raising (reinforce_plus_plus, whose whitening
	// comes after the returns).
	Run func(in OutcomeInputs) (advantages, returns [][]float64, err error)
}

// OutcomeEstimators lists every estimator, in the order of the golden README's table.
// All are newest verl (v0.9.0) except grpo_early_v0.2.
var OutcomeEstimators = []OutcomeEstimator{
	{"grpo_newest_norm_std", "compute_grpo_outcome_advantage", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GRPO(in, true)
	}},
	{"grpo_newest_no_std(drgrpo)", "compute_grpo_outcome_advantage (norm_adv_by_std_in_grpo=False)", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GRPO(in, false)
	}},
	{"grpo_vectorized_norm_std", "compute_grpo_vectorized_outcome_advantage", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GRPOVectorized(in, true)
	}},
	{"grpo_vectorized_no_std", "compute_grpo_vectorized_outcome_advantage (norm_adv_by_std_in_grpo=False)", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GRPOVectorized(in, false)
	}},
	{"gdpo_single_reward", "compute_gdpo_outcome_advantage (one reward component)", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GDPO(in, true)
	}},
	{"grpo_early_v0.2", "compute_grpo_outcome_advantage (verl v0.2)", GRPOEarly},
	{"grpo_passk", "compute_grpo_passk_outcome_advantage", func(in OutcomeInputs) ([][]float64, [][]float64, error) {
		return GRPOPassK(in, true)
	}},
	{"rloo", "compute_rloo_outcome_advantage", RLOO},
	{"rloo_vectorized", "compute_rloo_vectorized_outcome_advantage", RLOOVectorized},
	{"opo", "compute_opo_outcome_advantage", OPO},
	{"gpg", "compute_gpg_outcome_advantage", GPG},
	{"reinforce_plus_plus", "compute_reinforce_plus_plus_outcome_advantage", ReinforcePlusPlus},
	{"reinforce_plus_plus_baseline", "compute_reinforce_plus_plus_baseline_outcome_advantage", ReinforcePlusPlusBaseline},
	{"remax", "compute_remax_outcome_advantage", ReMax},
}

// LookupOutcomeEstimator finds an estimator by its key.
func LookupOutcomeEstimator(key string) (OutcomeEstimator, bool) {
	for _, e := range OutcomeEstimators {
		if e.Key == key {
			return e, true
		}
	}
	return OutcomeEstimator{}, false
}

// ErrNoBaselines is ReMax called without reward_baselines.
var ErrNoBaselines = errors.New("engine: remax: reward_baselines are missing; ReMax subtracts the reward b_i of the greedy response from row i, so it needs one baseline per row")

// SequenceScores returns s_i = Σ_t rewards[i][t] for each row i: the sum runs
// over all R positions, without the mask, as in verl (a reward sitting on a
// mask = 0 token still counts).
func SequenceScores(rewards [][]float64) []float64 {
	s := make([]float64, len(rewards))
	for i, row := range rewards {
		for _, r := range row {
			s[i] += r
		}
	}
	return s
}

// checkOutcome validates the shapes an estimator reads: Rewards and Mask
// both [B][R], and, when needIndex, one group id per row. who names the
// estimator in the error.
func checkOutcome(in OutcomeInputs, who string, needIndex bool) error {
	b, r := shapeOf(in.Rewards)
	if len(in.Mask) != b {
		return fmt.Errorf("engine: %s: response_mask has %d rows but token_level_rewards has %d", who, len(in.Mask), b)
	}
	for i := range b {
		if len(in.Rewards[i]) != r {
			return fmt.Errorf("engine: %s: token_level_rewards row %d has %d tokens, row 0 has %d (the batch must be [B][R])", who, i, len(in.Rewards[i]), r)
		}
		if len(in.Mask[i]) != r {
			return fmt.Errorf("engine: %s: response_mask row %d has %d tokens, token_level_rewards has %d", who, i, len(in.Mask[i]), r)
		}
	}
	if needIndex && len(in.Index) != b {
		return fmt.Errorf("engine: %s: index has %d group ids but the batch has %d rows (one uid per row)", who, len(in.Index), b)
	}
	return nil
}

// checkEpsilon rejects an ε that could make std + ε zero or negative.
func checkEpsilon(eps float64, who string) error {
	if !(eps >= 0) || math.IsInf(eps, 0) {
		return fmt.Errorf("engine: %s: epsilon must be a finite number ≥ 0 (verl's default is 1e-6), got %g", who, eps)
	}
	return nil
}

// outcomeGroup is the rows sharing one uid.
type outcomeGroup struct {
	id   string
	rows []int // ascending
}

// groupRows groups row indices by uid, in order of first appearance (the
// order of verl's defaultdict). Only the first n rows are read.
func groupRows(index []string, n int) []outcomeGroup {
	n = min(n, len(index))
	var groups []outcomeGroup
	at := make(map[string]int)
	for i := range n {
		k, ok := at[index[i]]
		if !ok {
			k = len(groups)
			at[index[i]] = k
			groups = append(groups, outcomeGroup{id: index[i]})
		}
		groups[k].rows = append(groups[k].rows, i)
	}
	return groups
}

// pick returns xs at the given rows.
func pick(xs []float64, rows []int) []float64 {
	out := make([]float64, len(rows))
	for k, i := range rows {
		out[k] = xs[i]
	}
	return out
}

// groupMean is the arithmetic mean computed as x₀ + Σ(x_k − x₀)/n. It equals
// verl's Σx/n up to rounding, and a group of equal scores gets exactly that
// score as its mean, so its deviations and its std are exactly 0.
func groupMean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var d float64
	for _, x := range xs {
		d += x - xs[0]
	}
	return xs[0] + d/float64(len(xs))
}

// groupStdUnbiased is torch.std: √(Σ(x − mean)²/(n − 1)), for n ≥ 2.
func groupStdUnbiased(xs []float64, mean float64) float64 {
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return math.Sqrt(ss / float64(len(xs)-1))
}

// broadcastRows returns a[i]·mask[i][t] at every [i][t].
func broadcastRows(a []float64, mask [][]float64) [][]float64 {
	b, r := shapeOf(mask)
	out := newMatrix(b, r)
	for i, row := range mask {
		for t, m := range row {
			out[i][t] = a[i] * m
		}
	}
	return out
}

// cloneMatrix copies x, so that advantages and returns never alias.
func cloneMatrix(x [][]float64) [][]float64 {
	return mapMatrix(x, func(v float64) float64 { return v })
}

// whitenMasked is masked_whiten(x, mask)·mask over the whole batch with the
// whitening of generation g, as GDPO and both REINFORCE++ estimators apply it.
func whitenMasked(g Generation, x, mask [][]float64, who string) ([][]float64, error) {
	w, _, err := Whiten(g, x, mask)
	if err != nil {
		return nil, &estimatorError{who: who, err: err}
	}
	return zipMatrix(w, mask, func(a, m float64) float64 { return a * m }), nil
}

// estimatorError names the estimator in front of an error from a shared step
// (whitening), keeping errors.Is(err, ErrOneValidToken) working.
type estimatorError struct {
	who string
	err error
}

func (e *estimatorError) Error() string {
	return "engine: " + e.who + ": " + strings.TrimPrefix(e.err.Error(), "engine: ")
}

func (e *estimatorError) Unwrap() error { return e.err }

// ForceDeviceSuffix marks the vectorized GRPO results of v0.6.0–v0.7.0 as
// pytest and CI saw them (VERL_FORCE_DEVICE=cpu), where a real run raised.
const ForceDeviceSuffix = "[VERL_FORCE_DEVICE=cpu]"

// errVectorizedCrash is what grpo_vectorized raised outside pytest in
// v0.6.0–v0.7.0 (VectorizedGRPOCrash).
var errVectorizedCrash = &VerlError{
	Type:    "TypeError",
	Message: "to() received an invalid combination of arguments - got (dtype=torch.dtype, device=module, ), but expected one of …",
	Why:     "group_mean_std is called without a device and _resolve_device returns the torch module; it ran only under pytest or with VERL_FORCE_DEVICE set, until PR #4961 (v0.7.1)",
}

// OutcomeEstimators lists the estimators generation g has, under the keys
// of golden-versions-shared.json, each computed as g computes it (Run sets
// in.Gen = g). In v0.6.0–v0.7.0 the vectorized GRPO keys carry verl's
// TypeError, and the same keys with ForceDeviceSuffix the numbers pytest saw.
func (g Generation) OutcomeEstimators() []OutcomeEstimator {
	at := func(run func(OutcomeInputs) ([][]float64, [][]float64, error)) func(OutcomeInputs) ([][]float64, [][]float64, error) {
		return func(in OutcomeInputs) ([][]float64, [][]float64, error) {
			in.Gen = g
			return run(in)
		}
	}
	grpo := func(norm bool) func(OutcomeInputs) ([][]float64, [][]float64, error) {
		return at(func(in OutcomeInputs) ([][]float64, [][]float64, error) { return GRPO(in, norm) })
	}
	vec := func(norm bool) func(OutcomeInputs) ([][]float64, [][]float64, error) {
		return at(func(in OutcomeInputs) ([][]float64, [][]float64, error) { return GRPOVectorized(in, norm) })
	}
	crash := func(OutcomeInputs) ([][]float64, [][]float64, error) { return nil, nil, errVectorizedCrash }
	list := []OutcomeEstimator{{"grpo_norm_std", "compute_grpo_outcome_advantage", grpo(true)}}
	if g.Has(NewEstimators04) {
		list = append(list, OutcomeEstimator{"grpo_no_std(drgrpo)", "compute_grpo_outcome_advantage (norm_adv_by_std_in_grpo=False)", grpo(false)})
	}
	if g.Has(VectorizedEstimators) {
		const f = "compute_grpo_vectorized_outcome_advantage"
		if g.Has(VectorizedGRPOCrash) {
			list = append(list,
				OutcomeEstimator{"grpo_vectorized_norm_std", f, crash},
				OutcomeEstimator{"grpo_vectorized_no_std", f + " (norm_adv_by_std_in_grpo=False)", crash},
				OutcomeEstimator{"grpo_vectorized_norm_std" + ForceDeviceSuffix, f + " under pytest", vec(true)},
				OutcomeEstimator{"grpo_vectorized_no_std" + ForceDeviceSuffix, f + " under pytest (norm_adv_by_std_in_grpo=False)", vec(false)})
		} else {
			list = append(list,
				OutcomeEstimator{"grpo_vectorized_norm_std", f, vec(true)},
				OutcomeEstimator{"grpo_vectorized_no_std", f + " (norm_adv_by_std_in_grpo=False)", vec(false)})
		}
	}
	if g.Has(GDPOEstimator) {
		list = append(list, OutcomeEstimator{"gdpo_single_reward", "compute_gdpo_outcome_advantage (one reward component)", at(func(in OutcomeInputs) ([][]float64, [][]float64, error) { return GDPO(in, true) })})
	}
	if g.Has(NewEstimators04) {
		list = append(list, OutcomeEstimator{"grpo_passk", "compute_grpo_passk_outcome_advantage", at(func(in OutcomeInputs) ([][]float64, [][]float64, error) { return GRPOPassK(in, true) })})
	}
	if g.Has(RLOOEstimator) {
		list = append(list, OutcomeEstimator{"rloo", "compute_rloo_outcome_advantage", at(RLOO)})
	}
	if g.Has(VectorizedEstimators) {
		list = append(list, OutcomeEstimator{"rloo_vectorized", "compute_rloo_vectorized_outcome_advantage", at(RLOOVectorized)})
	}
	if g.Has(NewEstimators04) {
		list = append(list, OutcomeEstimator{"opo", "compute_opo_outcome_advantage", at(OPO)})
	}
	if g.Has(GPGEstimator) {
		list = append(list, OutcomeEstimator{"gpg", "compute_gpg_outcome_advantage", at(GPG)})
	}
	list = append(list, OutcomeEstimator{"reinforce_plus_plus", "compute_reinforce_plus_plus_outcome_advantage", at(ReinforcePlusPlus)})
	if g.Has(NewEstimators04) {
		list = append(list, OutcomeEstimator{"reinforce_plus_plus_baseline", "compute_reinforce_plus_plus_baseline_outcome_advantage", at(ReinforcePlusPlusBaseline)})
	}
	return append(list, OutcomeEstimator{"remax", "compute_remax_outcome_advantage", at(ReMax)})
}
