package engine

import (
	"math"
	"testing"
)

func TestApplyKLPenaltyGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "kl_reward")
		if !ok {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			want := decode[struct {
				KLDUnmasked [][]float64 `json:"kld_unmasked"`
				KLD         [][]float64 `json:"kld"`
				Beta        float64     `json:"beta"`
				Rewards     [][]float64 `json:"token_level_rewards"`
				Metric      float64     `json:"current_kl_metric"`
			}](t, raw)
			name := decode[string](t, c.Config["kl_penalty"])
			scores, old, ref, mask := c.matrix(t, c.Inputs, "token_level_scores"), c.matrix(t, c.Inputs, "old_log_probs"), c.matrix(t, c.Inputs, "ref_log_prob"), c.matrix(t, c.Inputs, "response_mask")
			ctl := &FixedKLController{Beta: c.cfg(t, "kl_coef", 0)}
			got, err := ApplyKLPenalty(V1Newest, scores, old, ref, mask, name, ctl)
			if err != nil {
				t.Fatal(err)
			}
			assertMatrix(t, "kld_unmasked", got.KLDUnmasked, want.KLDUnmasked, tolF32)
			assertMatrix(t, "kld", got.KLD, want.KLD, tolF32)
			assertMatrix(t, "token_level_rewards", got.Rewards, want.Rewards, tolF32)
			assertScalar(t, "beta", got.Beta, want.Beta, 0)
			assertScalar(t, "current_kl_metric", got.CurrentKL, want.Metric, tolF32)
			if f64, ok := c.path(t, "float64_reference", "token_level_rewards"); ok {
				assertMatrix(t, "float64 token_level_rewards", got.Rewards, decode[[][]float64](t, f64), tolF64)
			}
			if f64, ok := c.path(t, "float64_reference", "kld"); ok {
				assertMatrix(t, "float64 kld", got.KLD, decode[[][]float64](t, f64), tolF64)
			}
		})
	}
}

func TestAdaptiveKLControllerGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "beta_after_each_update")
		if !ok {
			continue
		}
		want := decode[map[string][]float64](t, raw)
		updates := decode[[]struct {
			KL     float64 `json:"current_kl"`
			NSteps int     `json:"n_steps"`
		}](t, c.Inputs["updates"])
		for _, v := range []string{"early", "newest"} {
			ctl := &AdaptiveKLController{Beta: c.cfg(t, "init_kl_coef", 0), Target: c.cfg(t, "target_kl", 0), Horizon: c.cfg(t, "horizon", 0)}
			for k, u := range updates {
				ctl.Update(u.KL, u.NSteps)
				if w := want[v][k]; math.Abs(ctl.Value()-w) > 1e-15*w {
					t.Errorf("%s: β after update %d = %.17g, want %.17g", v, k, ctl.Value(), w)
				}
			}
		}
	}
}

// β is read before the controller's update, so the update shapes only the next step.
func TestApplyKLPenaltyReadsBetaBeforeUpdate(t *testing.T) {
	ctl := &AdaptiveKLController{Beta: 0.2, Target: 0.1, Horizon: 10}
	one := [][]float64{{0, 1}}
	res, err := ApplyKLPenalty(V1Newest, one, [][]float64{{-1, -1}}, [][]float64{{-2, -2}}, [][]float64{{1, 1}}, KL, ctl)
	if err != nil {
		t.Fatal(err)
	}
	if res.Beta != 0.2 || res.Rewards[0][1] != 1-0.2*1 {
		t.Errorf("β used = %g, rewards %v; want 0.2 and r_1 = 0.8", res.Beta, res.Rewards)
	}
	if math.Abs(ctl.Value()-0.204) > 1e-15 {
		t.Errorf("β after the step = %g, want 0.204 (KL 1 ≫ target, e clipped to 0.2, n = 1 row)", ctl.Value())
	}
}

// An all-masked row counts as 0 in the newest metric's row mean; v0.2 divides 0 by 0.
func TestKLMetricEmptyRow(t *testing.T) {
	z := [][]float64{{0, 0}, {0, 0}}
	old, ref, mask := [][]float64{{-1, -1}, {-1, -1}}, [][]float64{{-1.5, -1.5}, {-1.5, -1.5}}, [][]float64{{1, 1}, {0, 0}}
	res, err := ApplyKLPenalty(V1Newest, z, old, ref, mask, KL, &FixedKLController{Beta: 0.1})
	if err != nil || math.Abs(res.CurrentKL-0.25) > 1e-8 {
		t.Errorf("newest metric = %v, %v; want (0.5 + 0)/2 = 0.25", res.CurrentKL, err)
	}
	if _, err := ApplyKLPenalty(V1Early, z, old, ref, mask, KL, &FixedKLController{Beta: 0.1}); err == nil {
		t.Error("v0.2 metric with an empty row: want an error, got none")
	}
}
