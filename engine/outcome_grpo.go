package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The GRPO family: estimators built on each group's mean and standard
// deviation of the sequence scores s_i = Σ_t token_level_rewards[i][t]. Row i
// gets one scalar a_i, broadcast as advantages[i][t] = a_i·mask[i][t] with t
// the 0-based response-token index; returns equal advantages.

// GroupStat is the statistics loop GRPO used for one group.
type GroupStat struct {
	ID          string    // the group id (verl's uid), as in OutcomeInputs.Index
	Members     []int     // the rows of the group, ascending
	Scores      []float64 // s_i of those rows, in the same order
	Mean        float64   // the group mean; 0 for a singleton (verl's substitute)
	StdUnbiased float64   // torch.std, Bessel n − 1; 1 for a singleton (verl's substitute), 0 when all scores are equal
}

// GroupStatsGRPO returns the statistics compute_grpo_outcome_advantage uses,
// one GroupStat per uid in order of first appearance. A group of one sample
// has no spread to measure, so verl substitutes mean 0 and std 1. It reads
// the first min(len(Rewards), len(Index)) rows; the estimators report a length
// mismatch as an error.
func GroupStatsGRPO(in OutcomeInputs) []GroupStat {
	return groupStats(SequenceScores(in.Rewards), in.Index)
}

func groupStats(scores []float64, index []string) []GroupStat {
	groups := groupRows(index, len(scores))
	stats := make([]GroupStat, len(groups))
	for k, g := range groups {
		st := GroupStat{ID: g.id, Members: g.rows, Scores: pick(scores, g.rows), Mean: 0, StdUnbiased: 1}
		if len(g.rows) > 1 {
			st.Mean = groupMean(st.Scores)
			st.StdUnbiased = groupStdUnbiased(st.Scores, st.Mean)
		}
		stats[k] = st
	}
	return stats
}

// GRPO is compute_grpo_outcome_advantage (newest, the loop version). For each
// group, a_i = (s_i − mean)/(std + ε) with the unbiased std, or a_i = s_i −
// mean when normByStd is false (Dr.GRPO, norm_adv_by_std_in_grpo=False). A
// singleton group uses mean 0 and std 1, so a = s/(1 + ε); a group whose
// scores are all equal gets a = 0.
func GRPO(in OutcomeInputs, normByStd bool) (advantages, returns [][]float64, err error) {
	a, err := grpoScalars(in, normByStd, "grpo")
	if err != nil {
		return nil, nil, err
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// grpoScalars is the per-row a_i of GRPO; who names the caller in errors.
func grpoScalars(in OutcomeInputs, normByStd bool, who string) ([]float64, error) {
	if err := checkOutcome(in, who, true); err != nil {
		return nil, err
	}
	if normByStd {
		if err := checkEpsilon(in.Epsilon, who); err != nil {
			return nil, err
		}
	}
	scores := SequenceScores(in.Rewards)
	return normalise(scores, groupStats(scores, in.Index), normByStd, in.Epsilon, who)
}

// normalise turns each score into (s − mean)/(std + ε), or s − mean.
func normalise(scores []float64, stats []GroupStat, normByStd bool, eps float64, who string) ([]float64, error) {
	a := make([]float64, len(scores))
	for _, st := range stats {
		for _, i := range st.Members {
			if !normByStd {
				a[i] = scores[i] - st.Mean
				continue
			}
			d := st.StdUnbiased + eps
			if d == 0 {
				return nil, fmt.Errorf("engine: %s: group %q has std 0 (all its scores are equal) and epsilon is 0, so (s − mean)/(std + ε) is 0/0; use epsilon > 0 (verl's default is 1e-6)", who, st.ID)
			}
			a[i] = (scores[i] - st.Mean) / d
		}
	}
	return a, nil
}

// GRPOVectorized is compute_grpo_vectorized_outcome_advantage (v0.6.0+),
// the same estimator as GRPO computed with verl/utils/groupwise.py: the ids
// go through as_torch_index, which turns ids that all parse as integers into
// those integers (so "07" and "7" are one group, and a negative id makes
// index_add_ raise), and group_mean_std gives per group mean = Σs/n and
// var = Σ(s − mean)²/max(n − 1, 1), std = √max(var, floor); singletons use
// mean 0 and std 1. Before VectorizedNoVarFloor (v0.8.0, PR #6348) the
// variance is one-pass, (Σs² − (Σs)²/n)/max(n − 1, 1), floored at ε (std ≥
// √ε = 1e-3 for ε = 1e-6); from v0.8.0 it is two-pass with floor 0. verl
// computes these statistics in float32 whatever the input dtype.
func GRPOVectorized(in OutcomeInputs, normByStd bool) (advantages, returns [][]float64, err error) {
	const who = "grpo_vectorized"
	if err := checkOutcome(in, who, true); err != nil {
		return nil, nil, err
	}
	if normByStd {
		if err := checkEpsilon(in.Epsilon, who); err != nil {
			return nil, nil, err
		}
	}
	ids, err := asTorchIndex(in.Index)
	if err != nil {
		return nil, nil, err
	}
	twoPass := in.gen().Has(VectorizedNoVarFloor)
	floor := 0.0
	if !twoPass {
		floor = in.Epsilon
	}
	scores := SequenceScores(in.Rewards)
	stats := groupStats(scores, ids)
	for k, st := range stats {
		n := len(st.Members)
		if n <= 1 {
			continue
		}
		var s1, s2, ss float64
		for _, s := range st.Scores {
			s1 += s
			s2 += s * s
		}
		mean := s1 / float64(n)
		for _, s := range st.Scores {
			ss += (s - mean) * (s - mean)
		}
		if !twoPass {
			ss = s2 - s1*s1/float64(n)
		}
		stats[k].Mean = mean
		stats[k].StdUnbiased = math.Sqrt(max(ss/float64(max(n-1, 1)), floor))
	}
	a, err := normalise(scores, stats, normByStd, in.Epsilon, who)
	if err != nil {
		return nil, nil, err
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// AsTorchIndex is verl's as_torch_index on a list of uids (asTorchIndex):
// the group ids vectorized GRPO uses, or the IndexError it raises.
func AsTorchIndex(index []string) ([]string, error) { return asTorchIndex(index) }

// asTorchIndex is verl's as_torch_index on a list of uids: if every id
// parses as an integer (numpy's astype(int64): optional sign, digits,
// surrounding spaces), the ids are those integers, so numeric-looking strings
// such as "07" and "7" name one group; a negative integer then makes
// group_mean_std's index_add_ raise. Otherwise the ids stay as they are.
func asTorchIndex(index []string) ([]string, error) {
	out := make([]string, len(index))
	for i, id := range index {
		n, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(id), "+"), 10, 64)
		if err != nil {
			return index, nil
		}
		if n < 0 {
			return nil, raise("IndexError", "index out of range in self", "group id %q is a negative integer, and vectorized GRPO uses the ids as tensor indices", id)
		}
		out[i] = strconv.FormatInt(n, 10)
	}
	return out, nil
}

// GRPOEarly is verl v0.2's compute_grpo_outcome_advantage: the same
// arithmetic as GRPO(in, true). v0.2 has no Dr.GRPO option. Its score is
// (token_level_rewards * (token_level_rewards != 0)).sum(-1): the product
// with the non-zero mask keeps every reward, so s_i is the sum of all the
// row's rewards, as in every later release.
func GRPOEarly(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	a, err := grpoScalars(in, true, "grpo (v0.2)")
	if err != nil {
		return nil, nil, err
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// GDPO is compute_gdpo_outcome_advantage with one reward component of weight
// 1: the GRPO advantages (broadcast over the mask), then whitened over every
// valid token of the whole batch, then multiplied by the mask again. It
// fails, as verl does, when the batch has fewer than two valid tokens.
func GDPO(in OutcomeInputs, normByStd bool) (advantages, returns [][]float64, err error) {
	return whitenedGroupAdvantages(in, normByStd, "gdpo")
}

// whitenedGroupAdvantages is GRPO's per-row advantage broadcast over the
// valid tokens, whitened over the whole batch and masked again: GDPO with one
// component, and (without the std) REINFORCE++-baseline.
func whitenedGroupAdvantages(in OutcomeInputs, normByStd bool, who string) (advantages, returns [][]float64, err error) {
	a, err := grpoScalars(in, normByStd, who)
	if err != nil {
		return nil, nil, err
	}
	adv, err := whitenMasked(in.gen(), broadcastRows(a, in.Mask), in.Mask, who)
	if err != nil {
		return nil, nil, err
	}
	return adv, cloneMatrix(adv), nil
}

// GRPOPassK is compute_grpo_passk_outcome_advantage: in each group only the
// best sample gets a non-zero advantage, r_max − r_2nd (the gap to the
// second-best score), divided by (std + ε) when normByStd; every other row
// gets 0. verl picks the best with torch.topk, whose choice among tied maxima
// is unspecified; a tie means r_max − r_2nd = 0, so every row gets 0 whichever
// is picked (here the first). A group with fewer than two samples has no
// second-best, and verl raises; so does this, naming the first such group in
// order of appearance by its uid.
func GRPOPassK(in OutcomeInputs, normByStd bool) (advantages, returns [][]float64, err error) {
	const who = "grpo_passk"
	if err := checkOutcome(in, who, true); err != nil {
		return nil, nil, err
	}
	if normByStd {
		if err := checkEpsilon(in.Epsilon, who); err != nil {
			return nil, nil, err
		}
	}
	a := make([]float64, len(in.Rewards))
	for _, st := range GroupStatsGRPO(in) {
		n := len(st.Members)
		if n < 2 {
			return nil, nil, fmt.Errorf("engine: %s: pass@k needs at least 2 samples per group (it rewards the best sample by its lead over the second best), but group %q has %d", who, st.ID, n)
		}
		best, second := 0, 1 // positions in st.Scores
		if st.Scores[second] > st.Scores[best] {
			best, second = second, best
		}
		for k := 2; k < n; k++ {
			switch s := st.Scores[k]; {
			case s > st.Scores[best]:
				best, second = k, best
			case s > st.Scores[second]:
				second = k
			}
		}
		lead := st.Scores[best] - st.Scores[second]
		if normByStd {
			d := st.StdUnbiased + in.Epsilon
			if d == 0 {
				// std 0 means all scores are equal, so the lead is 0 too.
				return nil, nil, fmt.Errorf("engine: %s: group %q has std 0 (all its scores are equal) and epsilon is 0, so the lead 0/(std + ε) is 0/0; use epsilon > 0 (verl's default is 1e-6)", who, st.ID)
			}
			lead /= d
		}
		a[st.Members[best]] = lead
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}
