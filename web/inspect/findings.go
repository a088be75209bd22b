package inspect

import (
	"encoding/json"
	"math"
)

// CheckerVersion names what the checker finds: bump it whenever a sanity
// check, a candidate or the lead changes what an upload's findings say. A
// shared view stores it with its findings (Findings), so that a view
// reopened later shows what was found when it was shared.
const CheckerVersion = "37.4" // 37.4: returns held to their float types plus the recursion's rounding (engine.RecursionRoundoff, tolerance.go); 37.3: values_where_masked follows the release's critic (engine.CriticRuleOf); 37.2: whitening statistics fitted per batch (whitenfit.go, whitening_stats_differ), float32 whitened advantages without the 1e-4 floor, the EOS check (eos.go), grpo_population_std and the singleton groups (popstd.go, singleton.go); 37.1: the reward check (reward.go, finding reward_kl_mismatch); 24.2: whitened advantages held to their float types × the whitening gain (tolerance.go)

// Findings are what the checker said of one analysis: its version, the
// sanity findings and the check (nil without the run's own numbers).
type Findings struct {
	Checker string    `json:"checker"`
	Sanity  []Finding `json:"sanity"`
	Check   *Check    `json:"check"`
	// Reward is the reward check, and Verdict and Blocking the verdict
	// (severity.go); absent before checker 37.1.
	Reward   *RewardCheck `json:"reward,omitempty"`
	Verdict  string       `json:"verdict,omitempty"`
	Blocking []string     `json:"blocking,omitempty"`
}

// Findings are the analysis's findings, by this checker.
func (a *Analysis) Findings() Findings {
	return Findings{Checker: CheckerVersion, Sanity: a.Sanity, Check: a.Check, Reward: a.Reward, Verdict: a.Verdict, Blocking: a.Blocking}
}

// UnmarshalJSON reads a null difference (nothing to compare) as +Inf, the
// inverse of MarshalJSON.
func (q *Quantity) UnmarshalJSON(data []byte) error {
	type plain Quantity
	var v struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*q = Quantity(v.plain)
	q.MaxAbsDiff = infinite(v.MaxAbsDiff)
	return nil
}

// UnmarshalJSON reads a null difference (the candidate could not be
// computed) as +Inf, the inverse of MarshalJSON.
func (t *Tried) UnmarshalJSON(data []byte) error {
	type plain Tried
	var v struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*t = Tried(v.plain)
	t.MaxAbsDiff = infinite(v.MaxAbsDiff)
	return nil
}

func infinite(x *float64) float64 {
	if x == nil {
		return math.Inf(1)
	}
	return *x
}
