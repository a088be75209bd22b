package explain

import (
	"slices"

	"gaelab/engine"
)

// Where verl's loop estimators (compute_grpo_outcome_advantage,
// compute_rloo_outcome_advantage) and their vectorized twins (v0.6.0 on)
// give a batch different answers, and why, from the engine's own functions:
// vectorized GRPO turns all-integer ids into integers (as_torch_index), so
// "07" and "7" become one group and a negative id raises IndexError;
// v0.6.0–v0.7.0 raise TypeError outside pytest; before v0.8.0 the
// vectorized variance is floored at ε (std ≥ 1e-3); vectorized RLOO gives a
// singleton 0 where the loop gives it its score.

// Divergence kinds.
const (
	DivergeCrash     = "crash"     // vectorized GRPO raises TypeError outside pytest (v0.6.0–v0.7.0)
	DivergeNegative  = "negative"  // a negative integer id: vectorized GRPO raises IndexError
	DivergeMerged    = "merged"    // ids that name one integer ("07", "7") are one group in vectorized GRPO
	DivergeVarFloor  = "var-floor" // a group std below √ε: floored in vectorized GRPO before v0.8.0
	DivergeSingleton = "singleton" // vectorized RLOO gives a singleton 0, the loop its score
	DivergeOther     = "other"     // a difference none of the above explains
)

// Divergence is one way the loop and vectorized estimator differ on a batch.
type Divergence struct {
	Estimator string   // "grpo" or "rloo"
	Kind      string   // one of the Diverge* kinds
	Rows      []int    // the rows i whose advantages differ (all rows where vectorized raises)
	IDs       []string // the ids involved: the merged ids, or the negative ones
	Changes   []engine.ChangeID
}

// LoopVsVectorized lists where generation g's loop and vectorized GRPO
// (with the std) and RLOO differ on the batch in, and why; nil before the
// vectorized estimators exist (v0.6.0) or where they agree.
func LoopVsVectorized(in engine.OutcomeInputs, g engine.Generation) []Divergence {
	if !g.Has(engine.VectorizedEstimators) {
		return nil
	}
	in.Gen = g
	rows := make([]int, len(in.Index))
	for i := range rows {
		rows[i] = i
	}
	var out []Divergence
	if g.Has(engine.VectorizedGRPOCrash) {
		out = append(out, Divergence{Estimator: "grpo", Kind: DivergeCrash, Rows: rows, Changes: []engine.ChangeID{engine.VectorizedGRPOCrash}})
	}
	out = append(out, grpoDivergences(in, g, rows)...)
	loop, _, errL := engine.RLOO(in)
	vec, _, errV := engine.RLOOVectorized(in)
	if errL == nil && errV == nil {
		if differ := differingRows(loop, vec); len(differ) > 0 {
			out = append(out, Divergence{Estimator: "rloo", Kind: DivergeSingleton, Rows: differ, Changes: []engine.ChangeID{engine.VectorizedEstimators}})
		}
	}
	return out
}

// grpoDivergences compares the loop and the vectorized GRPO (as pytest runs
// it where a real run crashes).
func grpoDivergences(in engine.OutcomeInputs, g engine.Generation, rows []int) []Divergence {
	ids, err := engine.AsTorchIndex(in.Index)
	if err != nil {
		var neg []string
		for _, id := range in.Index {
			if _, e := engine.AsTorchIndex([]string{id}); e != nil {
				neg = appendNew(neg, id)
			}
		}
		return []Divergence{{Estimator: "grpo", Kind: DivergeNegative, Rows: rows, IDs: neg, Changes: []engine.ChangeID{engine.VectorizedEstimators}}}
	}
	loop, _, errL := engine.GRPO(in, true)
	vec, _, errV := engine.GRPOVectorized(in, true)
	if errL != nil || errV != nil {
		return nil
	}
	differ := differingRows(loop, vec)
	var out []Divergence
	// Ids that become one integer: the rows of those groups.
	merged := map[string][]string{}
	for i, id := range in.Index {
		if !slices.Contains(merged[ids[i]], id) {
			merged[ids[i]] = append(merged[ids[i]], id)
		}
	}
	explained := map[int]bool{}
	for i := range in.Index {
		names := merged[ids[i]]
		if len(names) < 2 || explained[i] {
			continue
		}
		d := Divergence{Estimator: "grpo", Kind: DivergeMerged, IDs: names, Changes: []engine.ChangeID{engine.VectorizedEstimators}}
		for j := range in.Index {
			if ids[j] == ids[i] {
				explained[j] = true
				if slices.Contains(differ, j) {
					d.Rows = append(d.Rows, j)
				}
			}
		}
		out = append(out, d)
	}
	floor, other := Divergence{Estimator: "grpo", Kind: DivergeVarFloor, Changes: []engine.ChangeID{engine.VectorizedNoVarFloor}}, Divergence{Estimator: "grpo", Kind: DivergeOther}
	std := map[string]float64{}
	for _, st := range engine.GroupStatsGRPO(in) {
		for _, i := range st.Members {
			std[in.Index[i]] = st.StdUnbiased
		}
	}
	for _, i := range differ {
		switch {
		case explained[i]:
		case !g.Has(engine.VectorizedNoVarFloor) && std[in.Index[i]] < 1e-3:
			floor.Rows = append(floor.Rows, i)
			floor.IDs = appendNew(floor.IDs, in.Index[i])
		default:
			other.Rows = append(other.Rows, i)
		}
	}
	for _, d := range []Divergence{floor, other} {
		if len(d.Rows) > 0 {
			out = append(out, d)
		}
	}
	return out
}

func appendNew(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// differingRows are the rows where two [B][R] answers differ beyond rounding.
func differingRows(a, b [][]float64) []int {
	var out []int
	for i := range a {
		for t := range a[i] {
			if Differs(a[i][t], b[i][t]) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}
