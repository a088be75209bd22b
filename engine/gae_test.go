package engine

import (
	"math"
	"testing"
)

// goldenGAE is one gae.early / gae.newest block of the golden file.
type goldenGAE struct {
	NextValues  [][]float64 `json:"next_values_used"`
	Deltas      [][]float64 `json:"deltas"`
	Advantages  [][]float64 `json:"advantages_raw"`
	Returns     [][]float64 `json:"returns"`
	Whitened    [][]float64 `json:"advantages_whitened"`
	Mean        float64     `json:"whiten_mean"`
	VarUnbiased *float64    `json:"whiten_var_unbiased"`
	VarBiased   float64     `json:"whiten_var_biased"`
	Error       *string     `json:"error"`
}

// goldenRewards is what GAE reads: outputs.token_level_rewards, computed in
// float64 from the scores where the case has them, as the engine would.
func goldenRewards(t *testing.T, c goldenCase) [][]float64 {
	t.Helper()
	mask := c.matrix(t, c.Inputs, "response_mask")
	if scores := c.matrix(t, c.Inputs, "token_level_scores"); scores != nil {
		kl, err := ApplyKLPenalty(V1Newest, scores, c.matrix(t, c.Inputs, "old_log_probs"), c.matrix(t, c.Inputs, "ref_log_prob"), mask,
			decode[string](t, c.Config["kl_penalty"]), &FixedKLController{Beta: c.cfg(t, "kl_coef", 0)})
		if err != nil {
			t.Fatal(err)
		}
		return kl.Rewards
	}
	return c.matrix(t, c.Inputs, "token_level_rewards")
}

func TestGAEGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		if _, ok := c.path(t, "gae"); !ok {
			continue
		}
		rewards, values, mask := goldenRewards(t, c), c.matrix(t, c.Inputs, "values"), c.matrix(t, c.Inputs, "response_mask")
		gamma, lam := c.cfg(t, "gamma", 1), c.cfg(t, "lam", 1)
		for _, v := range []Version{VerlEarly, VerlNewest} {
			t.Run(c.ID+"/"+v.String(), func(t *testing.T) {
				raw, _ := c.path(t, "gae", v.String())
				want := decode[goldenGAE](t, raw)
				got := GAE(v.V1Gen(), rewards, values, mask, gamma, lam)
				assertMatrix(t, "next_values_used", got.NextValues, want.NextValues, tolF32)
				assertMatrix(t, "deltas", got.Deltas, want.Deltas, tolF32)
				assertMatrix(t, "advantages_raw", got.Advantages, want.Advantages, tolF32)
				assertMatrix(t, "returns", got.Returns, want.Returns, tolF32)
				assertScalar(t, "whiten_mean", got.Whitening.Mean, want.Mean, tolF32)
				assertScalar(t, "whiten_var_biased", got.Whitening.VarBiased, want.VarBiased, tolF32)
				if want.Error != nil {
					if got.WhitenErr == nil || got.Whitened != nil {
						t.Fatalf("verl raised %q; engine whitened without error", *want.Error)
					}
					return
				}
				if got.WhitenErr != nil {
					t.Fatal(got.WhitenErr)
				}
				assertMatrix(t, "advantages_whitened", got.Whitened, want.Whitened, tolF32)
				assertScalar(t, "whiten_var_unbiased", got.Whitening.VarUnbiased, *want.VarUnbiased, tolF32)

				raw, _ = c.path(t, "float64_reference", "gae", v.String())
				ref := decode[goldenGAE](t, raw)
				assertMatrix(t, "float64 advantages_raw", got.Advantages, ref.Advantages, tolF64)
				assertMatrix(t, "float64 returns", got.Returns, ref.Returns, tolF64)
				assertMatrix(t, "float64 advantages_whitened", got.Whitened, ref.Whitened, tolF64)
				assertScalar(t, "float64 whiten_mean", got.Whitening.Mean, ref.Mean, tolF64)
				assertScalar(t, "float64 whiten_var_unbiased", got.Whitening.VarUnbiased, *ref.VarUnbiased, tolF64)
			})
		}
	}
}

// Seed A of the learner dialogues: r = [0, 0, 1], V = [0.3, 0.4, 0.6], γ = 1.
func TestGAESeedA(t *testing.T) {
	r, v, m := [][]float64{{0, 0, 1}}, [][]float64{{0.3, 0.4, 0.6}}, [][]float64{{1, 1, 1}}
	tests := []struct {
		lam     float64
		adv     []float64
		whitend []float64
	}{
		// λ = 0.95: δ = [0.1, 0.2, 0.4]; A_2 = 0.4, A_1 = 0.2 + 0.95·0.4, A_0 = 0.1 + 0.95·0.58.
		{0.95, []float64{0.651, 0.58, 0.4}, []float64{0.829569, 0.280817, -1.110386}},
		// λ = 1: A_t = G_t − V_t = 1 − V_t.
		{1, []float64{0.7, 0.6, 0.4}, []float64{0.872871, 0.218218, -1.091089}},
		// λ = 0: A_t = δ_t.
		{0, []float64{0.1, 0.2, 0.4}, nil},
	}
	for _, tc := range tests {
		for _, ver := range []Version{VerlEarly, VerlNewest} {
			got := GAE(ver.V1Gen(), r, v, m, 1, tc.lam)
			for k := range tc.adv {
				if math.Abs(got.Advantages[0][k]-tc.adv[k]) > 1e-12 {
					t.Errorf("%s λ=%g: A_%d = %.15g, want %g", ver, tc.lam, k, got.Advantages[0][k], tc.adv[k])
				}
				if math.Abs(got.Returns[0][k]-(tc.adv[k]+v[0][k])) > 1e-12 {
					t.Errorf("%s λ=%g: R_%d = %g, want A + V = %g", ver, tc.lam, k, got.Returns[0][k], tc.adv[k]+v[0][k])
				}
				if tc.whitend != nil && math.Abs(got.Whitened[0][k]-tc.whitend[k]) > 1e-6 {
					t.Errorf("%s λ=%g: whitened A_%d = %g, want %g", ver, tc.lam, k, got.Whitened[0][k], tc.whitend[k])
				}
			}
		}
	}
}

// A multi-turn row: the newest loop skips the observation span [2, 3] — no
// reward or value from inside it, no extra γλ decay — while v0.2 walks
// through it as ordinary time steps.
func TestGAEObservationSpan(t *testing.T) {
	r := [][]float64{{0, 0, 5, 5, 0, 1}}
	v := [][]float64{{0.1, 0.2, 9, 9, 0.3, 0.4}}
	m := [][]float64{{1, 1, 0, 0, 1, 1}}
	g, l := 0.9, 0.8
	got := GAE(V1Newest, r, v, m, g, l)
	d5 := 1 - 0.4
	d4 := 0 + g*0.4 - 0.3
	d1 := 0 + g*0.3 - 0.2 // V_next of token 1 is token 4's value
	a4 := d4 + g*l*d5
	a1 := d1 + g*l*a4
	want := []float64{0 + g*0.2 - 0.1 + g*l*a1, a1, a4, a4, a4, d5}
	for k, w := range want {
		if math.Abs(got.Advantages[0][k]-w) > 1e-12 {
			t.Errorf("newest A_%d = %.15g, want %.15g", k, got.Advantages[0][k], w)
		}
	}
	if got.NextValues[0][1] != 0.3 {
		t.Errorf("newest next value at t=1 = %g, want V(s_4) = 0.3", got.NextValues[0][1])
	}
	early := GAE(V1Early, r, v, m, g, l)
	if early.NextValues[0][1] != 9 || early.Deltas[0][3] != 5+g*0.3-9 {
		t.Errorf("early walks the span: next value at t=1 = %g (want 9), δ_3 = %g", early.NextValues[0][1], early.Deltas[0][3])
	}
}

func TestGAEWhitenErrors(t *testing.T) {
	for _, tc := range []struct {
		mask [][]float64
		want error
	}{
		{[][]float64{{0, 0}}, ErrNoValidToken},
		{[][]float64{{1, 0}}, ErrOneValidToken},
	} {
		for _, v := range []Version{VerlEarly, VerlNewest} {
			got := GAE(v.V1Gen(), [][]float64{{1, 2}}, [][]float64{{0.5, 0.5}}, tc.mask, 1, 1)
			if got.WhitenErr != tc.want || got.Whitened != nil {
				t.Errorf("%s mask %v: err %v, whitened %v; want %v and nil", v, tc.mask, got.WhitenErr, got.Whitened, tc.want)
			}
			if got.Advantages == nil || got.Returns == nil {
				t.Errorf("%s mask %v: raw advantages and returns must survive the whitening error", v, tc.mask)
			}
		}
	}
}
