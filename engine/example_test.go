package engine_test

import (
	"fmt"
	"slices"

	"gaelab/engine"
)

// One response of four tokens, the last padding: verl's GAE (v0.9.0, the
// newest generation) with γ = 1 and λ = 0.95. values[t] = V(s_t), the value
// of the state before token t; the only reward is the score on the last
// valid token.
func ExampleGAE() {
	rewards := [][]float64{{0, 0, 1, 0}}
	values := [][]float64{{0.5, 0.6, 0.7, 0}}
	mask := [][]float64{{1, 1, 1, 0}}
	res := engine.GAE(engine.G12, rewards, values, mask, 1, 0.95)
	fmt.Printf("advantages %.4f\n", res.Advantages[0])
	fmt.Printf("returns    %.4f\n", res.Returns[0])
	// Output:
	// advantages [0.4657 0.3850 0.3000 0.0000]
	// returns    [0.9657 0.9850 1.0000 0.0000]
}

// The per-token KL penalty of verl's kl_penalty: "kl" (k1) is
// logprob − ref_logprob, "low_var_kl" (k3) is Schulman's low-variance
// estimator, clamped to ±10.
func ExampleKLPenalty() {
	logprob := [][]float64{{-0.5, -1.2, -0.1}}
	ref := [][]float64{{-0.7, -1.0, -0.1}}
	for _, name := range []string{"kl", "low_var_kl"} {
		kl, err := engine.KLPenalty(engine.G12, name, logprob, ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-10s %.4f\n", name, kl[0])
	}
	// Output:
	// kl         [0.2000 -0.2000 0.0000]
	// low_var_kl [0.0187 0.0214 0.0000]
}

// masked_whiten over the valid tokens of the whole batch: their mean and
// unbiased variance make them mean 0 and variance 1; the padding is shifted
// and scaled alike (verl does not zero it: the loss's mask drops it).
func ExampleWhiten() {
	x := [][]float64{{1, 2, 3, 9}}
	mask := [][]float64{{1, 1, 1, 0}}
	w, stats, err := engine.Whiten(engine.G12, x, mask)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("N=%d mean=%.1f var=%.1f\n", stats.N, stats.Mean, stats.VarUnbiased)
	fmt.Printf("%.4f\n", w[0])
	// Output:
	// N=3 mean=2.0 var=1.0
	// [-1.0000 0.0000 1.0000 7.0000]
}

// A bug's numbers compared with a run's one row at a time: BugRows gives
// GAEWithBug's whitened advantages and returns row by row, bit for bit, so
// that a check of a 512 × 8,192 batch holds a few rows instead of the
// bug's matrices. Here the run is the value-shift bug itself.
func ExampleBugRows() {
	in := engine.BugInput{
		Rewards: [][]float64{{0, 0, 1, 0}, {0, 1, 0, 0}},
		Values:  [][]float64{{0.5, 0.6, 0.7, 0}, {0.4, 0.3, 0, 0}},
		Mask:    [][]float64{{1, 1, 1, 0}, {1, 1, 0, 0}},
		Gamma:   1, Lam: 0.95, Lean: true,
	}
	run, _ := engine.GAEWithBug(engine.BugShift, in)
	rows, _ := engine.BugRows(engine.BugShift, in, false)
	rows.Each(func(i int, adv, ret []float64) {
		fmt.Printf("row %d: %.4f, as the run's: %v\n", i, adv, slices.Equal(adv, run.Whitened[i]) && slices.Equal(ret, run.Returns[i]))
	})
	// Output:
	// row 0: [-0.8745 -1.1214 0.9944 -1.8266], as the run's: true
	// row 1: [0.0071 0.9944 -1.8266 -1.8266], as the run's: true
}

// The clipped value loss: vpreds are clipped to values ± cliprange_value,
// the per-token loss is the larger of the two squared errors, and vf_loss
// is 0.5 × its token mean. Here the clipped prediction's error is the
// smaller one, so the max keeps the unclipped loss: vf_clipfrac is 0.
func ExampleValueLossTerms() {
	values := [][]float64{{0.5, 0.5}}
	vpreds := [][]float64{{0.9, 0.45}}
	returns := [][]float64{{0.6, 0.6}}
	mask := [][]float64{{1, 1}}
	vt := engine.ValueLossTerms(values, vpreds, returns, 0.2)
	fmt.Printf("clipped vpreds %.2f, clipped %v\n", vt.VPredClipped[0], vt.Clipped[0])
	vl, err := engine.AggregateValueLoss(engine.G12, vt, mask, engine.TokenMean)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("vf_loss %.4f, vf_clipfrac %.2f\n", vl.Loss, vl.ClipFrac)
	// Output:
	// clipped vpreds [0.70 0.45], clipped [0 0]
	// vf_loss 0.0281, vf_clipfrac 0.00
}

// The PPO policy loss of verl's compute_policy_loss: the ratio
// π_θ/π_old, clipped to [1 − ε_low, 1 + ε_high], and the dual clip for
// negative advantages.
func ExamplePolicyLossTerms() {
	logProbs := [][]float64{{-0.2, -1.5}}
	oldLogProbs := [][]float64{{-0.5, -1.0}}
	advantages := [][]float64{{1, -1}}
	mask := [][]float64{{1, 1}}
	p := engine.ClipParams{Ratio: 0.2, Low: 0.2, High: 0.2, C: 3}
	pt, err := engine.PolicyLossTerms(engine.G12, logProbs, oldLogProbs, advantages, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("ratio %.4f, clipped %v\n", pt.Ratio[0], pt.Clipped[0])
	pl, err := engine.AggregatePolicyLoss(engine.G12, pt, mask, engine.TokenMean)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("pg_loss %.4f, pg_clipfrac %.2f\n", pl.Loss, pl.ClipFrac)
	// Output:
	// ratio [1.3499 0.6065], clipped [1 1]
	// pg_loss -0.2000, pg_clipfrac 1.00
}

// GRPO's outcome advantage: each response's score, less its group's mean
// and divided by the group's standard deviation, on every valid token.
func ExampleGRPO() {
	in := engine.OutcomeInputs{
		Rewards: [][]float64{{0, 1}, {0, 0}, {1, 0}, {0, 0}},
		Mask:    [][]float64{{1, 1}, {1, 1}, {1, 0}, {1, 1}},
		Index:   []string{"a", "a", "b", "b"},
		Epsilon: engine.DefaultOutcomeEpsilon,
	}
	adv, _, err := engine.GRPO(in, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, row := range adv {
		fmt.Printf("row %d (group %s): %.4f\n", i, in.Index[i], row)
	}
	// Output:
	// row 0 (group a): [0.7071 0.7071]
	// row 1 (group a): [-0.7071 -0.7071]
	// row 2 (group b): [0.7071 0.0000]
	// row 3 (group b): [-0.7071 -0.7071]
}

// A release tag names the generation whose arithmetic it ships; "newest"
// resolves to today's newest tag, and an unknown tag is an error that lists
// the known ones.
func ExampleParseRelease() {
	r, err := engine.ParseRelease("v0.6.1")
	fmt.Println(r.Tag, r.Gen, r.Gen.Range(), err)
	_, err = engine.ParseRelease("v9")
	fmt.Println(err)
	// Output:
	// v0.6.1 G08 v0.6.1 <nil>
	// engine: unknown verl release "v9" (want newest or one of v0.2, v0.2.0.post1, v0.2.0.post2, v0.3.0.rc0, v0.3.0.post0, v0.3.0.post1, v0.4.0, v0.4.1, v0.5.0, v0.6.0, v0.6.1, v0.7.0, v0.7.1, v0.8.0, v0.9.0)
}

// The generation table: each generation, the releases it stands for.
func ExampleGenerations() {
	for _, g := range engine.Generations() {
		fmt.Println(g, g.Range())
	}
	// Output:
	// G01 v0.2–v0.2.0.post2
	// G02 v0.3.0.rc0
	// G03 v0.3.0.post0–v0.3.0.post1
	// G04 v0.4.0
	// G05 v0.4.1
	// G06 v0.5.0
	// G07 v0.6.0
	// G08 v0.6.1
	// G09 v0.7.0
	// G10 v0.7.1
	// G11 v0.8.0
	// G12 v0.9.0
}

// The variance lab: n rollouts of a toy environment through verl's GAE,
// the spread of A_0 for each λ against the exact spread, for a perfect
// critic (bias 0).
func ExampleSampleVariance() {
	toy := engine.NewVarianceToy(6, 5, 1)
	lab, err := engine.SampleVariance(toy, engine.G12, 1000, 1, []float64{0, 1}, []float64{0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("true A_0 %.4f\n", lab.True)
	for _, run := range lab.Runs[0] {
		fmt.Printf("λ=%g: sampled var %.4f, exact var %.4f\n", run.Lam, run.Sample.Var, run.Exact.Var)
	}
	// Output:
	// true A_0 0.2712
	// λ=0: sampled var 0.0025, exact var 0.0025
	// λ=1: sampled var 0.1976, exact var 0.1915
}
