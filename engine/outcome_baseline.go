package engine

import "fmt"

// Group-baseline estimators other than GRPO's mean/std: each row's score
// s_i = Σ_t token_level_rewards[i][t] minus a baseline taken from its group,
// broadcast as advantages[i][t] = a_i·mask[i][t] (t the 0-based
// response-token index); returns equal advantages.

// RLOO is compute_rloo_outcome_advantage (the loop version), the
// leave-one-out baseline: for a group of n > 1 samples,
// a_i = s_i·n/(n−1) − mean·n/(n−1), which is s_i minus the mean of the other
// n − 1 scores. A singleton keeps its score, a = s.
func RLOO(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	if err := checkOutcome(in, "rloo", true); err != nil {
		return nil, nil, err
	}
	scores := SequenceScores(in.Rewards)
	a := make([]float64, len(scores))
	for _, st := range groupStats(scores, in.Index) {
		n := float64(len(st.Members))
		for _, i := range st.Members {
			a[i] = scores[i] // a singleton keeps s
			if n > 1 {
				a[i] = scores[i]*n/(n-1) - st.Mean*n/(n-1)
			}
		}
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// RLOOVectorized is compute_rloo_vectorized_outcome_advantage:
// a_i = (n·s_i − Σ_group s)/max(n − 1, 1) for groups of n > 1, which equals
// RLOO there. A singleton gets 0, not its score as in RLOO: the two verl
// functions disagree on singleton groups.
func RLOOVectorized(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	if err := checkOutcome(in, "rloo_vectorized", true); err != nil {
		return nil, nil, err
	}
	scores := SequenceScores(in.Rewards)
	a := make([]float64, len(scores))
	for _, g := range groupRows(in.Index, len(scores)) {
		n := float64(len(g.rows))
		if n <= 1 {
			continue // a singleton gets 0
		}
		var sum float64
		for _, i := range g.rows {
			sum += scores[i]
		}
		for _, i := range g.rows {
			a[i] = (n*scores[i] - sum) / (n - 1)
		}
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// OPO is compute_opo_outcome_advantage: the baseline is the length-weighted
// group mean b = Σ_j |o_j|·s_j / Σ_j |o_j|, where |o_j| = Σ_t mask[j][t] is the
// number of valid tokens of row j, and a_i = s_i − b. A singleton's baseline
// is 0. A group of several rows with no valid token at all has no weight, and
// verl would divide 0 by 0: that is an error.
func OPO(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	const who = "opo"
	if err := checkOutcome(in, who, true); err != nil {
		return nil, nil, err
	}
	scores := SequenceScores(in.Rewards)
	a := make([]float64, len(scores))
	for _, g := range groupRows(in.Index, len(scores)) {
		var b float64 // a singleton's baseline is 0
		if len(g.rows) > 1 {
			var num, den float64
			for _, i := range g.rows {
				l := maskCount(in.Mask[i : i+1])
				num += l * scores[i]
				den += l
			}
			if den == 0 {
				return nil, nil, fmt.Errorf("engine: %s: group %q has no valid token in any of its %d rows, so its length-weighted baseline Σ|o|·s/Σ|o| is 0/0", who, g.id, len(g.rows))
			}
			b = num / den
		}
		for _, i := range g.rows {
			a[i] = scores[i] - b
		}
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// GPG is compute_gpg_outcome_advantage: a_i = α·(s_i − mean)/f_norm with the
// group mean (0 for a singleton), f_norm = 1 and
// α = B / max(#{i : s_i ≠ 0}, 1), the batch size over the number of rows with a
// non-zero score in the whole batch. verl computes α inside the function and
// ignores the alpha argument. The count is exact, so a score that is zero in
// float32 but 1e-17 in float64 (say 0.1 + 0.2 − 0.3) changes α.
func GPG(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	if err := checkOutcome(in, "gpg", true); err != nil {
		return nil, nil, err
	}
	scores := SequenceScores(in.Rewards)
	nonZero := 0
	for _, s := range scores {
		if s != 0 {
			nonZero++
		}
	}
	alpha := float64(len(scores)) / float64(max(nonZero, 1))
	const fNorm = 1.0
	a := make([]float64, len(scores))
	for _, st := range groupStats(scores, in.Index) {
		for _, i := range st.Members {
			a[i] = alpha * (scores[i] - st.Mean) / fNorm
		}
	}
	adv := broadcastRows(a, in.Mask)
	return adv, cloneMatrix(adv), nil
}

// ReinforcePlusPlusBaseline is
// compute_reinforce_plus_plus_baseline_outcome_advantage: s_i − mean of its
// group (0 for a singleton), broadcast over the valid tokens, then whitened
// over every valid token of the whole batch and multiplied by the mask. It
// fails, as verl does, when the batch has fewer than two valid tokens.
func ReinforcePlusPlusBaseline(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	return whitenedGroupAdvantages(in, false, "reinforce_plus_plus_baseline")
}
