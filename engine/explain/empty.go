package explain

import (
	"math"
	"slices"

	"gaelab/engine"
)

// What verl gives for a batch with no valid token (every response_mask 0):
// per release range, agg_loss's answer in one mode, from the engine's own
// per-generation arithmetic. verl divides 0 by 0 where masked_mean has no ε
// (v0.2–v0.3.0.rc0) and where token-mean is Σ/Σmask without ε (v0.7.0 on,
// PR #4211), so the answer is NaN there and 0.0 in between.

// EmptyAnswer is one range of generations that give the same answer for an
// all-masked batch: NaN, a number (0), or the error verl raises. Changes
// are the changes, among those the mode depends on, that start the range
// (none for the first).
type EmptyAnswer struct {
	From, To engine.Generation
	Value    float64
	Err      error
	Changes  []engine.ChangeID
}

// NaN reports whether verl's answer is NaN.
func (a EmptyAnswer) NaN() bool { return a.Err == nil && math.IsNaN(a.Value) }

// EmptyBatch lists, in order, verl's answers to agg_loss(loss, mask = 0,
// mode) for one all-masked row of width 1, grouped into ranges of
// generations that give the same answer.
func EmptyBatch(mode engine.AggMode) []EmptyAnswer {
	loss, mask := [][]float64{{1}}, [][]float64{{0}}
	var out []EmptyAnswer
	for _, g := range engine.Generations() {
		x, err := engine.Aggregate(g, loss, mask, mode)
		if n := len(out); n > 0 && sameAnswer(out[n-1], x, err) {
			out[n-1].To = g
			continue
		}
		a := EmptyAnswer{From: g, To: g, Value: x, Err: err}
		if len(out) > 0 {
			a.Changes = stepChanges(g-1, g, engine.AggModeChanges(mode))
		}
		out = append(out, a)
	}
	return out
}

// EmptyAnswerOf is the answer of generation g in mode.
func EmptyAnswerOf(g engine.Generation, mode engine.AggMode) EmptyAnswer {
	i := slices.IndexFunc(EmptyBatch(mode), func(a EmptyAnswer) bool { return a.From <= g && g <= a.To })
	return EmptyBatch(mode)[i]
}

func sameAnswer(a EmptyAnswer, x float64, err error) bool {
	if a.Err != nil || err != nil {
		return a.Err != nil && err != nil && errorKind(a.Err) == errorKind(err)
	}
	return !Differs(a.Value, x)
}
