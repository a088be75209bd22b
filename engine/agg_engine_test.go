package engine

import (
	"math"
	"testing"
)

// On the engine path the seq-mean modes count empty rows again
// (RELEASES.md, surprise 2): v0.9.0's engine value equals the v0.4.0–v0.6.0
// direct value, token-mean is the direct call's, and releases before v0.7.0
// have no engine path.
func TestAggregateEngineCountsEmptyRows(t *testing.T) {
	loss := [][]float64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	mask := [][]float64{{1, 1, 0}, {0, 0, 0}, {1, 1, 1}}
	for _, mode := range []AggMode{SeqMeanTokenSum, SeqMeanTokenMean} {
		engine, err := AggregateEngine(G12, loss, mask, mode)
		old, _ := Aggregate(G04, loss, mask, mode)
		direct, _ := Aggregate(G12, loss, mask, mode)
		if err != nil || math.Abs(engine-old) > 1e-12 || math.Abs(engine-direct) < 1e-6 {
			t.Errorf("%s: engine %v (err %v), v0.4.0 direct %v, v0.9.0 direct %v", mode, engine, err, old, direct)
		}
	}
	engine, _ := AggregateEngine(G12, loss, mask, TokenMean)
	direct, _ := Aggregate(G12, loss, mask, TokenMean)
	if engine != direct {
		t.Errorf("token-mean: engine %v, direct %v", engine, direct)
	}
	if _, err := AggregateEngine(G08, loss, mask, TokenMean); err == nil {
		t.Error("v0.6.1 has an engine path")
	}
	if _, err := AggregateValueLossEngine(G11, ValueTerms{MaxLoss: loss, Clipped: loss}, mask, TokenMean); err == nil {
		t.Error("v0.8.0's critic has the global-batch arguments")
	}
}
