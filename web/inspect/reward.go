package inspect

import (
	"encoding/json"
	"math"
	"slices"

	"gaelab/engine"
)

// RewardKLMismatch is the reward check's finding: the file's
// token_level_rewards are not token_level_scores − β·KL with the
// config's β and kl_penalty (β = 0 when the KL is not in the reward).
const RewardKLMismatch = "reward_kl_mismatch"

// KLCoefDrifted is the reward check's note in its place when the config's
// kl_ctrl is adaptive and the rewards fit the config's KL type with
// another β (Value): the controller moved β from kl_coef, as it does.
const KLCoefDrifted = "kl_coef_drifted"

// RewardCheck is the KL term inside the run's token_level_rewards, checked
// whenever the file has token_level_scores, token_level_rewards,
// old_log_probs and ref_log_prob: verl's apply_kl_penalty gives
// rewards = scores − β·kl_penalty(old, ref)·mask, so the rewards are
// recomputed with the config's β and type, and β is fitted for every KL
// type the release knows (least squares over the valid tokens).
type RewardCheck struct {
	// KLPenalty and KLCoef are what the config puts in the reward: KLCoef
	// is 0 when the release's trainer leaves the KL out of it.
	KLPenalty string  `json:"kl_penalty"`
	KLCoef    float64 `json:"kl_coef"`
	// MaxAbsDiff is max |rewards − (scores − β·KL)| over the valid
	// tokens at the config's β and type, At its [row, t].
	MaxAbsDiff float64 `json:"max_abs_diff"`
	At         [2]int  `json:"at"`
	Tolerance  float64 `json:"tolerance"`
	Exact      bool    `json:"exact"`
	// Fits are every KL type with the β that fits it best and that fit's
	// max |diff|, the closest first (β = 0, "no KL", among them).
	Fits []RewardFit `json:"fits"`
	// FitBy is the closest fit when it is within Tolerance, else nil.
	FitBy *RewardFit `json:"fit_by"`
}

// MarshalJSON writes an infinite difference (the release cannot compute
// the config's KL type) as null.
func (rc RewardCheck) MarshalJSON() ([]byte, error) {
	type plain RewardCheck
	return json.Marshal(struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}{plain(rc), finite(rc.MaxAbsDiff)})
}

// UnmarshalJSON reads a null difference as +Inf.
func (rc *RewardCheck) UnmarshalJSON(data []byte) error {
	type plain RewardCheck
	var v struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*rc = RewardCheck(v.plain)
	rc.MaxAbsDiff = infinite(v.MaxAbsDiff)
	return nil
}

// RewardFit is one KL type's best β.
type RewardFit struct {
	KLPenalty  string  `json:"kl_penalty"` // "" for no KL at all (β = 0)
	KLCoef     float64 `json:"kl_coef"`
	MaxAbsDiff float64 `json:"max_abs_diff"`
}

// rewardKLTypes are the KL types every release knows, one per formula
// (k1/k2/k3 and the "+" names compute the same as kl/mse/low_var_kl).
var rewardKLTypes = []string{engine.KL, engine.KLAbs, engine.KLMSE, engine.KLLowVar}

// rewardCheck runs the reward check, nil when the file lacks what it needs.
// One KL matrix is alive at a time.
func (a *Analysis) rewardCheck() *RewardCheck {
	b, c := a.Batch, a.Config
	if b.Scores == nil || b.Rewards == nil || b.OldLogProbs == nil || b.RefLogProb == nil {
		return nil
	}
	g := c.Release.Gen
	rc := &RewardCheck{KLPenalty: c.KLPenalty, Tolerance: tolerance(b.Rewards, b.Mask, b.PrecisionOf("token_level_rewards")), Fits: []RewardFit{}}
	if c.UseKLInReward {
		rc.KLCoef = c.KLCoef
	}
	// β = 0: the rewards are the scores.
	zero := RewardFit{MaxAbsDiff: a.rewardResidual(nil, 0, nil)}
	rc.Fits = append(rc.Fits, zero)
	if rc.KLCoef == 0 {
		rc.MaxAbsDiff = a.rewardResidual(nil, 0, &rc.At)
	} else if kl, err := engine.KLPenalty(g, c.KLPenalty, b.OldLogProbs, b.RefLogProb); err == nil {
		rc.MaxAbsDiff = a.rewardResidual(kl, rc.KLCoef, &rc.At)
	} else {
		rc.MaxAbsDiff = math.Inf(1) // the release cannot compute the config's type
	}
	for _, name := range rewardKLTypes {
		kl, err := engine.KLPenalty(g, name, b.OldLogProbs, b.RefLogProb)
		if err != nil {
			continue
		}
		// β̂ minimises Σ (scores − rewards − β·kl)² over the valid tokens.
		var num, den float64
		for i, row := range kl {
			for t, k := range row {
				if b.Mask[i][t] == 1 {
					num += (b.Scores[i][t] - b.Rewards[i][t]) * k
					den += k * k
				}
			}
		}
		beta := 0.0
		if den > 0 {
			beta = num / den
		}
		label := name
		if sameKL(g, c.KLPenalty, name) {
			label = c.KLPenalty // the config's own spelling of this formula
		}
		rc.Fits = append(rc.Fits, RewardFit{KLPenalty: label, KLCoef: beta, MaxAbsDiff: a.rewardResidual(kl, beta, nil)})
	}
	slices.SortStableFunc(rc.Fits, func(x, y RewardFit) int {
		switch {
		case x.MaxAbsDiff < y.MaxAbsDiff:
			return -1
		case x.MaxAbsDiff > y.MaxAbsDiff:
			return 1
		}
		return 0
	})
	rc.Exact = rc.MaxAbsDiff <= rc.Tolerance
	if best := rc.Fits[0]; best.MaxAbsDiff <= rc.Tolerance {
		rc.FitBy = &best
	}
	return rc
}

// sameKL reports whether KL names x and y compute the same formula in g.
func sameKL(g engine.Generation, x, y string) bool {
	probe := [][]float64{{-0.3, -1.7}} // old log-probs where every formula differs
	ref := [][]float64{{-0.9, -0.2}}
	kx, err1 := engine.KLPenalty(g, x, probe, ref)
	ky, err2 := engine.KLPenalty(g, y, probe, ref)
	return err1 == nil && err2 == nil && kx[0][0] == ky[0][0] && kx[0][1] == ky[0][1]
}

// rewardResidual is max |rewards − (scores − β·kl)| over the valid tokens
// (kl nil: the scores alone); at, when not nil, gets its [row, t].
func (a *Analysis) rewardResidual(kl [][]float64, beta float64, at *[2]int) float64 {
	b := a.Batch
	d := 0.0
	for i, row := range b.Rewards {
		for t, r := range row {
			if b.Mask[i][t] != 1 {
				continue
			}
			want := b.Scores[i][t]
			if kl != nil {
				want -= beta * kl[i][t]
			}
			if x := math.Abs(r - want); x > d || math.IsNaN(x) {
				d = x
				if at != nil {
					*at = [2]int{i, t}
				}
			}
		}
	}
	return d
}

// rewardFinding is the reward check's finding when the config's reward
// is not the file's: the cells off by more than the tolerance.
func (a *Analysis) rewardFinding() *Finding {
	rc := a.Reward
	if rc == nil || rc.Exact {
		return nil
	}
	b, c := a.Batch, a.Config
	var kl [][]float64
	if rc.KLCoef != 0 {
		kl, _ = engine.KLPenalty(c.Release.Gen, c.KLPenalty, b.OldLogProbs, b.RefLogProb)
	}
	if fit := rc.FitBy; c.KLCtrl == "adaptive" && c.UseKLInReward && fit != nil && fit.KLPenalty != "" && sameKL(c.Release.Gen, c.KLPenalty, fit.KLPenalty) {
		return &Finding{Kind: KLCoefDrifted, Tensor: "token_level_rewards", Value: fit.KLCoef, Cells: [][2]int{}}
	}
	f := Finding{Kind: RewardKLMismatch, Tensor: "token_level_rewards", Value: rc.MaxAbsDiff, Cells: [][2]int{}}
	for i, row := range b.Rewards {
		for t, r := range row {
			if b.Mask[i][t] != 1 {
				continue
			}
			want := b.Scores[i][t]
			if kl != nil {
				want -= rc.KLCoef * kl[i][t]
			}
			if !(math.Abs(r-want) <= rc.Tolerance) {
				f.Count++
				if len(f.Cells) < engine.SanityCells {
					f.Cells = append(f.Cells, [2]int{i, t})
				}
			}
		}
	}
	return &f
}
