package engine

import (
	"slices"
	"testing"
)

// Every adv_estimator verl's config accepts names an estimator the newest
// release has.
func TestVerlEstimatorKey(t *testing.T) {
	var keys []string
	for _, e := range LastGeneration.OutcomeEstimators() {
		keys = append(keys, e.Key)
	}
	for _, name := range []string{"grpo", "grpo_vectorized", "rloo", "rloo_vectorized", "opo", "gpg", "grpo_passk", "gdpo",
		"reinforce_plus_plus", "reinforce_plus_plus_baseline", "remax", "grpo_newest_norm_std", "grpo_early_v0.2"} {
		for _, norm := range []bool{true, false} {
			if k := VerlEstimatorKey(name, norm); !slices.Contains(keys, k) {
				t.Errorf("%s (norm %v) → %q, not an estimator of %s", name, norm, k, LastGeneration.Tag())
			}
		}
	}
	if VerlEstimatorKey("grpo", false) != "grpo_no_std(drgrpo)" || VerlEstimatorKey("gae", true) != "gae" {
		t.Error("grpo without std is Dr. GRPO; gae stays gae")
	}
}

// TestVerlEstimators: every adv_estimator verl accepts is modelled but
// v0.7.1's optimal-token baselines; each generation's list grows with the
// estimators its Changes add.
func TestVerlEstimators(t *testing.T) {
	for _, g := range Generations() {
		for _, n := range VerlEstimators(g) {
			want := n != "optimal_token_baseline" && n != "tir_optimal_token_baseline"
			if VerlEstimatorModelled(g, n) != want {
				t.Errorf("%s: %s modelled %v, want %v", g, n, !want, want)
			}
		}
	}
	if n := len(VerlEstimators(G01)); n != 4 {
		t.Errorf("v0.2 has gae, grpo, reinforce_plus_plus, remax; got %v", VerlEstimators(G01))
	}
	if n := len(VerlEstimators(G12)); n != 14 {
		t.Errorf("v0.9.0's AdvantageEstimator has 14 values; got %v", VerlEstimators(G12))
	}
}
