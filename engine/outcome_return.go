package engine

import "fmt"

// Reward-to-go estimators: each token t (0-based response-token index) gets
// the rewards from t onward, so advantages differ along a row and returns
// differ from advantages.

// ReinforcePlusPlus is compute_reinforce_plus_plus_outcome_advantage as of
// verl v0.9.0 (PR verl#7300). Scanning each row backwards from t = R−1 with
// a running return G = 0:
//
//	c = r_t + γ·G;  returns[t] = c·mask[t];  G = c only where mask[t] = 1
//
// so G crosses a mask = 0 span (a multi-turn observation) unchanged: the
// rewards there are dropped, no extra γ is applied, and the return there is
// 0. Advantages are the returns whitened over every valid token of the whole
// batch, times the mask. With fewer than two valid tokens whitening fails;
// the returns are still given, with nil advantages and the error.
//
// Up to v0.8 verl instead set returns[t] = c and reset G to 0 at every
// mask = 0 token, which dropped the outcome reward of earlier turns
// (verl#7278).
func ReinforcePlusPlus(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	const who = "reinforce_plus_plus"
	if err := checkOutcome(in, who, false); err != nil {
		return nil, nil, err
	}
	b, r := shapeOf(in.Rewards)
	returns = newMatrix(b, r)
	carry := in.gen().Has(ReinforceCarry)
	for i, row := range in.Rewards {
		var g float64 // G_{t+1}, the return carried from the next valid token
		for t := r - 1; t >= 0; t-- {
			c := row[t] + in.Gamma*g
			switch {
			case !carry: // before v0.9.0: the return at t is c, then reset where mask = 0
				returns[i][t] = c
				g = c * in.Mask[i][t]
			case in.Mask[i][t] == 1:
				returns[i][t] = c
				g = c
			}
		}
	}
	advantages, err = whitenMasked(in.gen(), returns, in.Mask, who)
	if err != nil {
		return nil, returns, err
	}
	return advantages, returns, nil
}

// ReMax is compute_remax_outcome_advantage. returns[t] = G_t = Σ_{k≥t}
// r_k·mask[k], the undiscounted reward-to-go over valid tokens, and
// advantages[t] = G_t − b_i·mask[t], where b_i = Baselines[i] is the reward of
// the greedy response to row i's prompt. Without baselines it fails with
// ErrNoBaselines.
func ReMax(in OutcomeInputs) (advantages, returns [][]float64, err error) {
	const who = "remax"
	if err := checkOutcome(in, who, false); err != nil {
		return nil, nil, err
	}
	if in.Baselines == nil {
		return nil, nil, ErrNoBaselines
	}
	if len(in.Baselines) != len(in.Rewards) {
		return nil, nil, fmt.Errorf("engine: %s: reward_baselines has %d entries but the batch has %d rows (one greedy-response reward per row)", who, len(in.Baselines), len(in.Rewards))
	}
	b, r := shapeOf(in.Rewards)
	returns, advantages = newMatrix(b, r), newMatrix(b, r)
	for i, row := range in.Rewards {
		var g float64
		for t := r - 1; t >= 0; t-- {
			m := in.Mask[i][t]
			g += row[t] * m
			returns[i][t] = g
			advantages[i][t] = g - in.Baselines[i]*m
		}
	}
	return advantages, returns, nil
}
