package explain

import (
	"slices"
	"testing"

	"gaelab/engine"
)

func batchOf(index []string, scores []float64) engine.OutcomeInputs {
	in := engine.OutcomeInputs{Index: index, Gamma: 1, Epsilon: engine.DefaultOutcomeEpsilon}
	for _, s := range scores {
		in.Rewards = append(in.Rewards, []float64{0, s})
		in.Mask = append(in.Mask, []float64{1, 1})
	}
	return in
}

func kinds(ds []Divergence) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Estimator+":"+d.Kind)
	}
	return out
}

// "07" and "7" are two groups for the loop and one for vectorized GRPO; a
// negative id makes vectorized GRPO raise; v0.6.0–v0.7.0 raise outside
// pytest; a singleton is 0 in vectorized RLOO; nothing before v0.6.0.
func TestLoopVsVectorized(t *testing.T) {
	merged := batchOf([]string{"07", "7", "07", "7"}, []float64{1, 0, 0, 1})
	got := LoopVsVectorized(merged, engine.G12)
	if !slices.Equal(kinds(got), []string{"grpo:merged"}) || !slices.Equal(got[0].IDs, []string{"07", "7"}) || len(got[0].Rows) == 0 {
		t.Errorf("07/7 in v0.9.0: %+v", got)
	}
	got = LoopVsVectorized(merged, engine.G08)
	if k := kinds(got); len(k) == 0 || k[0] != "grpo:crash" || !slices.Contains(k, "grpo:merged") {
		t.Errorf("07/7 in v0.6.1: %v, want the crash first, then the merge", k)
	}
	neg := batchOf([]string{"-1", "-1", "2", "2"}, []float64{1, 0, 0, 1})
	if k := kinds(LoopVsVectorized(neg, engine.G11)); !slices.Equal(k, []string{"grpo:negative"}) {
		t.Errorf("negative ids in v0.8.0: %v", k)
	}
	single := batchOf([]string{"a", "a", "b"}, []float64{1, 0, 1})
	got = LoopVsVectorized(single, engine.G12)
	if !slices.Equal(kinds(got), []string{"rloo:singleton"}) || !slices.Equal(got[0].Rows, []int{2}) {
		t.Errorf("singleton in v0.9.0: %+v", got)
	}
	near := batchOf([]string{"a", "a"}, []float64{1, 1 + 1e-4})
	if k := kinds(LoopVsVectorized(near, engine.G10)); !slices.Equal(k, []string{"grpo:var-floor"}) {
		t.Errorf("std 7e-5 in v0.7.1: %v, want the variance floor", k)
	}
	if k := kinds(LoopVsVectorized(near, engine.G11)); len(k) != 0 {
		t.Errorf("std 7e-5 in v0.8.0: %v, want no difference (floor removed by #6348)", k)
	}
	if d := LoopVsVectorized(merged, engine.G06); d != nil {
		t.Errorf("v0.5.0 has no vectorized estimators: %+v", d)
	}
	if k := kinds(LoopVsVectorized(batchOf([]string{"a", "a", "b", "b"}, []float64{1, 0, 0, 1}), engine.G12)); len(k) != 0 {
		t.Errorf("plain string ids in v0.9.0: %v, want none", k)
	}
}
