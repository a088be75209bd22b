package play

import (
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
)

// The /batch page's notes on verl's vectorized estimators: where
// grpo_vectorized and rloo_vectorized (algorithm.adv_estimator options from
// v0.6.0) would give this batch other advantages than the loop GRPO and
// RLOO the page shows, and why (explain.LoopVsVectorized).

// vectorizedNotes are one line per divergence, for the batch's release (a
// v=1 batch shows newest verl's estimators).
func (v BatchView) vectorizedNotes() []string {
	g := v.B.EstimatorGen()
	in := v.B.Outcome(v.Res.Mask, v.Res.Rewards)
	var notes []string
	for _, d := range explain.LoopVsVectorized(in, g) {
		args := []any{g.Range(), v.rowList(d.Rows), quoteIDs(d.IDs)}
		if d.Kind == explain.DivergeCrash {
			args = append(args, engine.RangeLabel(engine.StableRange(g, engine.VectorizedGRPOCrash)))
		}
		notes = append(notes, v.T("batch.vec."+d.Kind, args...))
	}
	return notes
}

// rowList names rows by their 0-based index i, as the page's tables do.
func (v BatchView) rowList(rows []int) string {
	parts := make([]string, len(rows))
	for k, i := range rows {
		parts[k] = "i = " + strconv.Itoa(i)
	}
	return strings.Join(parts, ", ")
}

func quoteIDs(ids []string) string {
	parts := make([]string, len(ids))
	for k, id := range ids {
		parts[k] = strconv.Quote(id)
	}
	return strings.Join(parts, ", ")
}

// resultsHeading names whose arithmetic the results are: in a v=1 batch
// GAE's generation and newest verl's estimators, in a v=2 or v=3 batch the whole
// release.
func (v BatchView) resultsHeading() string {
	if v.B.OwnEstimators() {
		return v.T("batch.results.release", v.B.VersionLabel())
	}
	return v.T("batch.results", v.B.VersionLabel())
}
