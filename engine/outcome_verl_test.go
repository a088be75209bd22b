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
