package engine

import (
	"testing"
)

// aggTol is the golden README's tolerance for a mode: sums add up per-token
// float32 noise, so their tolerance scales with the number of tokens summed.
func aggTol(mode AggMode, mask [][]float64) float64 {
	if mode == TokenSum || mode == SeqMeanTokenSum {
		return tolF32 * maskCount(mask)
	}
	return tolF32
}

func TestValueLossGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "value_loss")
		if !ok {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			want := decode[struct {
				Newest struct {
					PerToken  map[string][][]float64 `json:"per_token"`
					ByAggMode map[AggMode]struct {
						Loss     float64 `json:"vf_loss"`
						ClipFrac float64 `json:"vf_clipfrac"`
					} `json:"by_agg_mode"`
				} `json:"newest"`
				Early struct {
					Loss     float64 `json:"vf_loss"`
					ClipFrac float64 `json:"vf_clipfrac"`
					Shifted  *struct {
						Mask     [][]float64 `json:"mask"`
						Loss     float64     `json:"vf_loss"`
						ClipFrac float64     `json:"vf_clipfrac"`
					} `json:"with_v02_shifted_mask"`
				} `json:"early"`
			}](t, raw)
			values, vpreds, mask := c.matrix(t, c.Inputs, "values"), c.matrix(t, c.Inputs, "vpreds"), c.matrix(t, c.Inputs, "response_mask")
			returns := GAE(V1Newest, goldenRewards(t, c), values, mask, c.cfg(t, "gamma", 1), c.cfg(t, "lam", 1)).Returns
			vt := ValueLossTerms(values, vpreds, returns, c.cfg(t, "cliprange_value", 0))
			for name, got := range map[string][][]float64{
				"vpredclipped": vt.VPredClipped, "vf_losses1": vt.Losses1, "vf_losses2": vt.Losses2,
				"max_loss": vt.MaxLoss, "clipped_token": vt.Clipped,
			} {
				assertMatrix(t, name, got, want.Newest.PerToken[name], tolF32)
			}
			if len(want.Newest.ByAggMode) != len(AggModes) {
				t.Errorf("golden has %d modes, engine %d", len(want.Newest.ByAggMode), len(AggModes))
			}
			for _, mode := range AggModes {
				got, err := AggregateValueLoss(V1Newest, vt, mask, mode)
				if err != nil {
					t.Fatalf("%s: %v", mode, err)
				}
				w := want.Newest.ByAggMode[mode]
				assertScalar(t, string(mode)+" vf_loss", got.Loss, w.Loss, aggTol(mode, mask))
				assertScalar(t, string(mode)+" vf_clipfrac", got.ClipFrac, w.ClipFrac, tolF32)
			}
			early, err := AggregateValueLoss(V1Early, vt, mask, TokenMean)
			if err != nil {
				t.Fatal(err)
			}
			assertScalar(t, "early vf_loss", early.Loss, want.Early.Loss, tolF32)
			assertScalar(t, "early vf_clipfrac", early.ClipFrac, want.Early.ClipFrac, tolF32)
			if (want.Early.Shifted != nil) == HasHoles(mask) {
				t.Errorf("with_v02_shifted_mask present = %v, but HasHoles = %v", want.Early.Shifted != nil, HasHoles(mask))
			}
			if s := want.Early.Shifted; s != nil {
				shifted := ShiftedCriticMask(mask)
				assertMatrix(t, "shifted mask", shifted, s.Mask, 0)
				got, err := AggregateValueLoss(V1Early, vt, shifted, TokenMean)
				if err != nil {
					t.Fatal(err)
				}
				assertScalar(t, "shifted vf_loss", got.Loss, s.Loss, tolF32)
				assertScalar(t, "shifted vf_clipfrac", got.ClipFrac, s.ClipFrac, tolF32)
			}
			if f64, ok := c.path(t, "float64_reference", "vf_loss_token_mean"); ok {
				got, _ := AggregateValueLoss(V1Newest, vt, mask, TokenMean)
				assertScalar(t, "float64 vf_loss", got.Loss, decode[float64](t, f64), tolF64)
			}
		})
	}
}

// goldenAdvantages is what the policy loss reads: the case's advantages, or
// the newest whitened GAE advantages.
func goldenAdvantages(t *testing.T, c goldenCase) [][]float64 {
	if a := c.matrix(t, c.Inputs, "advantages"); a != nil {
		return a
	}
	g := GAE(V1Newest, goldenRewards(t, c), c.matrix(t, c.Inputs, "values"), c.matrix(t, c.Inputs, "response_mask"), c.cfg(t, "gamma", 1), c.cfg(t, "lam", 1))
	if g.WhitenErr != nil {
		t.Fatal(g.WhitenErr)
	}
	return g.Whitened
}

func goldenClip(t *testing.T, c goldenCase) ClipParams {
	eps := c.cfg(t, "clip_ratio", 0.2)
	return ClipParams{Low: c.cfg(t, "clip_ratio_low", eps), High: c.cfg(t, "clip_ratio_high", eps), C: c.cfg(t, "clip_ratio_c", 3)}
}

func TestPolicyLossGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "policy_loss")
		if !ok {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			type metrics struct {
				Loss          float64 `json:"pg_loss"`
				ClipFrac      float64 `json:"pg_clipfrac"`
				PPOKL         float64 `json:"ppo_kl"`
				ClipFracLower float64 `json:"pg_clipfrac_lower"`
			}
			want := decode[struct {
				Newest struct {
					PerToken  map[string][][]float64 `json:"per_token"`
					ByAggMode map[AggMode]metrics    `json:"by_agg_mode"`
				} `json:"newest"`
				Early metrics `json:"early"`
			}](t, raw)
			lp, old, mask := c.matrix(t, c.Inputs, "log_probs"), c.matrix(t, c.Inputs, "old_log_probs"), c.matrix(t, c.Inputs, "response_mask")
			adv, clip := goldenAdvantages(t, c), goldenClip(t, c)
			pt, err := PolicyLossTerms(V1Newest, lp, old, adv, clip)
			if err != nil {
				t.Fatal(err)
			}
			for name, got := range map[string][][]float64{
				"log_ratio_clamped": pt.LogRatio, "ratio": pt.Ratio, "pg_losses1": pt.Losses1, "pg_losses2": pt.Losses2,
				"pg_losses3_dual": pt.Losses3, "pg_losses_final": pt.Final, "clipped_token": pt.Clipped, "dual_clipped_token": pt.DualClipped,
			} {
				tol := tolF32
				if name == "pg_losses3_dual" {
					tol *= clip.C // −A·c scales A's float32 noise by c
				}
				assertMatrix(t, name, got, want.Newest.PerToken[name], tol)
			}
			for _, mode := range AggModes {
				got, err := AggregatePolicyLoss(V1Newest, pt, mask, mode)
				if err != nil {
					t.Fatalf("%s: %v", mode, err)
				}
				w := want.Newest.ByAggMode[mode]
				assertScalar(t, string(mode)+" pg_loss", got.Loss, w.Loss, aggTol(mode, mask))
				assertScalar(t, string(mode)+" pg_clipfrac", got.ClipFrac, w.ClipFrac, tolF32)
				assertScalar(t, string(mode)+" ppo_kl", got.PPOKL, w.PPOKL, tolF32)
				assertScalar(t, string(mode)+" pg_clipfrac_lower", got.ClipFracLower, w.ClipFracLower, tolF32)
			}
			early := ClipParams{Low: c.cfg(t, "clip_ratio", 0.2), High: c.cfg(t, "clip_ratio", 0.2)}
			ept, err := PolicyLossTerms(V1Early, lp, old, adv, early)
			if err != nil {
				t.Fatal(err)
			}
			got, err := AggregatePolicyLoss(V1Early, ept, mask, TokenMean)
			if err != nil {
				t.Fatal(err)
			}
			assertScalar(t, "early pg_loss", got.Loss, want.Early.Loss, tolF32)
			assertScalar(t, "early pg_clipfrac", got.ClipFrac, want.Early.ClipFrac, tolF32)
			assertScalar(t, "early ppo_kl", got.PPOKL, want.Early.PPOKL, tolF32)
			if f64, ok := c.path(t, "float64_reference", "pg_loss_token_mean"); ok {
				got, _ := AggregatePolicyLoss(V1Newest, pt, mask, TokenMean)
				assertScalar(t, "float64 pg_loss", got.Loss, decode[float64](t, f64), tolF64)
			}
		})
	}
}

func TestActorKLLossGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "actor_kl_loss")
		if !ok {
			continue
		}
		want := decode[struct {
			Coef   float64 `json:"kl_loss_coef"`
			ByType map[string]struct {
				KLD    [][]float64 `json:"kld"`
				KLLoss float64     `json:"kl_loss"`
				Total  float64     `json:"policy_loss_total"`
			} `json:"by_type"`
		}](t, raw)
		lp, ref, mask := c.matrix(t, c.Inputs, "log_probs"), c.matrix(t, c.Inputs, "ref_log_prob"), c.matrix(t, c.Inputs, "response_mask")
		pt, err := PolicyLossTerms(V1Newest, lp, c.matrix(t, c.Inputs, "old_log_probs"), goldenAdvantages(t, c), goldenClip(t, c))
		if err != nil {
			t.Fatal(err)
		}
		pg, _ := AggregatePolicyLoss(V1Newest, pt, mask, TokenMean)
		for name, w := range want.ByType {
			got, err := ActorKL(V1Newest, name, lp, ref, mask, TokenMean, c.cfg(t, "kl_loss_coef", 0), pg.Loss)
			if err != nil {
				t.Fatal(err)
			}
			assertMatrix(t, c.ID+" "+name+" kld", got.KLD, w.KLD, tolF32)
			assertScalar(t, c.ID+" "+name+" kl_loss", got.KLLoss, w.KLLoss, tolF32)
			assertScalar(t, c.ID+" "+name+" policy_loss_total", got.Total, w.Total, tolF32)
		}
	}
}

// Hand-checked aggregation: row 0 has losses 1, 2 (both valid), row 1 has
// 3 valid then padding, row 2 is empty and the seq-mean modes skip it.
func TestAggregateModes(t *testing.T) {
	loss := [][]float64{{1, 2}, {3, 100}, {7, 7}}
	mask := [][]float64{{1, 1}, {1, 0}, {0, 0}}
	want := map[AggMode]float64{
		TokenMean:           6.0 / 3,
		TokenSum:            6,
		SeqMeanTokenSum:     (3 + 3) / 2.0,
		SeqMeanTokenMean:    (3/(2+1e-8) + 3/(1+1e-8)) / 2,
		SeqMeanTokenSumNorm: (3 + 3) / 2.0 / 2,
	}
	for mode, w := range want {
		got, err := Aggregate(V1Newest, loss, mask, mode)
		if err != nil || !closeTo(got, w, 1e-15) {
			t.Errorf("%s = %v, %v; want %v", mode, got, err, w)
		}
	}
	empty := [][]float64{{0, 0}}
	for _, mode := range AggModes {
		_, err := Aggregate(V1Newest, loss[:1], empty, mode)
		if (err != nil) != (mode != TokenSum) {
			t.Errorf("%s over no valid token: err = %v", mode, err)
		}
	}
	if _, err := Aggregate(V1Early, loss, mask, SeqMeanTokenSum); err == nil {
		t.Error("v0.2 has only token-mean; want an error for seq-mean-token-sum")
	}
	if _, err := ParseAggMode("token-avg"); err == nil {
		t.Error("ParseAggMode accepted an unknown mode")
	}
}

func TestPolicyLossErrors(t *testing.T) {
	one := [][]float64{{0}}
	if _, err := PolicyLossTerms(V1Newest, one, one, [][]float64{{1}}, ClipParams{Low: 0.2, High: 0.2, C: 1}); err == nil {
		t.Error("clip_ratio_c = 1: want an error (verl asserts c > 1)")
	}
	if _, err := PolicyLossTerms(V1Early, [][]float64{{800}}, one, [][]float64{{1}}, ClipParams{Low: 0.2, High: 0.2}); err == nil {
		t.Error("v0.2 with log-ratio 800: exp overflows; want an error, not +Inf")
	}
	pt, err := PolicyLossTerms(V1Newest, [][]float64{{800}}, one, [][]float64{{-1}}, ClipParams{Low: 0.2, High: 0.2, C: 3})
	if err != nil || pt.LogRatio[0][0] != 20 || pt.Final[0][0] != 3 {
		t.Errorf("newest clamps the log-ratio to 20 and dual-clips A < 0 at −A·c = 3: got %+v, %v", pt, err)
	}
}
