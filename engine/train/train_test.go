package train

import (
	"math"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
)

// stepped runs cfg for k iterations and returns the trainer, the state
// before the next iteration and that iteration (with its whole batch).
func stepped(t *testing.T, cfg Config, k int) (*Trainer, State, Iteration) {
	t.Helper()
	tr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range k {
		if _, err := tr.Step(); err != nil {
			t.Fatal(err)
		}
	}
	st := tr.State()
	it, err := tr.Step()
	if err != nil {
		t.Fatal(err)
	}
	return tr, st, it
}

// gradConfigs are the settings the gradient property test covers.
func gradConfigs(t *testing.T) map[string]Config {
	t.Helper()
	ppo, _ := Preset("ppo")
	grpo, _ := Preset("grpo")
	out := map[string]Config{"ppo v0.4.1": ppo, "grpo k3 v0.4.1": grpo}
	c := ppo
	c.Release, c.EntropyCoeff = "v0.2", 0.01
	out["ppo v0.2 entropy"] = c
	c = grpo
	c.Release, c.LossAggMode, c.EntropyCoeff, c.KLLossType = "v0.7.0", string(engine.SeqMeanTokenMean), 0.02, "mse"
	out["grpo v0.7.0 seq-mean-token-mean mse"] = c
	c = grpo
	c.Release, c.LossAggMode, c.KLLossType = "v0.6.1", string(engine.SeqMeanTokenSum), "abs"
	out["grpo v0.6.1 seq-mean-token-sum abs"] = c
	c = ppo
	c.Release, c.Lam = "v0.3.0.post1", 0.9
	out["ppo v0.3.0.post1 shifted critic mask"] = c
	return out
}

// TestGradientsMatchFiniteDifferences checks the tables' exact gradients
// against central differences of the losses, at perturbed tables whose
// every token sits at least 1e-3 from each kink (clip bounds, dual clip,
// the KL's clamps and abs at 0, the value clip).
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	for name, cfg := range gradConfigs(t) {
		t.Run(name, func(t *testing.T) {
			tr, st, it := stepped(t, cfg, 3)
			b := it.Batch
			tr2, err := Resume(cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := 0, cfg.Rows()/cfg.MiniBatches
			w, err := rowWeights(tr2.g, b.ResponseMask[lo:hi], tr2.aggMode())
			if err != nil {
				t.Fatal(err)
			}
			B, R := cfg.Rows(), cfg.Length
			logp, ent := engine.NewMatrix(B, R), engine.NewMatrix(B, R)
			params := clone(st.Actor)
			grad := make([]float64, len(params))
			scratch := make([]float64, len(params))
			loss := func(p []float64) actorBatch {
				ab, err := tr2.actorLoss(p, &b, lo, hi, w, logp, ent, scratch)
				if err != nil {
					t.Fatal(err)
				}
				return ab
			}
			found := false
			for seed := uint64(0); seed < 50 && !found; seed++ {
				for k := range params {
					params[k] = st.Actor[k] + 0.6*(2*Uniform(seed, 7, 7, uint64(k))-1)
				}
				if _, err := tr2.actorLoss(params, &b, lo, hi, w, logp, ent, grad); err != nil {
					t.Fatal(err)
				}
				found = farFromKinks(tr2, &b, lo, hi, logp)
			}
			if !found {
				t.Fatal("no perturbation 1e-3 away from every kink")
			}
			clipped := 0
			for i := lo; i < hi; i++ {
				for t2 := range R {
					if b.ResponseMask[i][t2] != 0 {
						r := math.Exp(logp[i][t2] - b.OldLogProbs[i][t2])
						if r < 1-cfg.ClipRatio || r > 1+cfg.ClipRatio {
							clipped++
						}
					}
				}
			}
			if clipped == 0 {
				t.Fatal("the perturbed policy clips no token: the test exercises no clip")
			}
			checked := 0
			for k := range params {
				if grad[k] == 0 && k%7 != 0 {
					continue
				}
				const h = 1e-6
				x := params[k]
				params[k] = x + h
				up := loss(params).total
				params[k] = x - h
				down := loss(params).total
				params[k] = x
				fd := (up - down) / (2 * h)
				if math.Abs(fd-grad[k]) > 1e-6*math.Max(1, math.Abs(fd)) {
					t.Fatalf("actor logit %d: gradient %.12g, finite difference %.12g", k, grad[k], fd)
				}
				checked++
			}
			if checked < 20 {
				t.Fatalf("only %d logits checked", checked)
			}
			if cfg.Estimator != "gae" {
				return
			}
			// The critic: values perturbed so that some are clipped.
			crit := clone(st.Critic)
			cgrad := make([]float64, len(crit))
			mask := b.ResponseMask
			if shiftedCriticMask(tr2.g) {
				mask = engine.ShiftedCriticMask(mask)
			}
			cw, _ := rowWeights(tr2.g, mask[lo:hi], tr2.aggMode())
			for k := range crit {
				crit[k] += 1.5 * (2*Uniform(3, 7, 8, uint64(k)) - 1)
			}
			old := make([][]float64, len(b.Values)) // π_old's values moved too, so that some lie beyond the clip
			for i, row := range b.Values {
				old[i] = clone(row)
				for t2 := range row {
					old[i][t2] += mask[i][t2] * 1.5 * (2*Uniform(4, 7, uint64(i), uint64(t2)) - 1)
				}
			}
			b.Values = old
			vl, _ := tr2.criticLoss(crit, &b, mask, lo, hi, cw, cgrad)
			if vl.ClipFrac == 0 {
				t.Fatal("no value clipped")
			}
			_ = tr
			for k := range crit {
				if cgrad[k] == 0 {
					continue
				}
				const h = 1e-6
				x := crit[k]
				crit[k] = x + h
				up, _ := tr2.criticLoss(crit, &b, mask, lo, hi, cw, scratch[:len(crit)])
				crit[k] = x - h
				down, _ := tr2.criticLoss(crit, &b, mask, lo, hi, cw, scratch[:len(crit)])
				crit[k] = x
				fd := (up.Loss - down.Loss) / (2 * h)
				if math.Abs(fd-cgrad[k]) > 1e-6*math.Max(1, math.Abs(fd)) {
					t.Fatalf("critic value %d: gradient %.12g, finite difference %.12g", k, cgrad[k], fd)
				}
			}
		})
	}
}

// farFromKinks reports whether every valid token of rows lo…hi−1 is at
// least 1e-3 from each kink of the actor's loss at log-probs logp.
func farFromKinks(tr *Trainer, b *Batch, lo, hi int, logp [][]float64) bool {
	c := tr.cfg
	const gap = 1e-3
	for i := lo; i < hi; i++ {
		for t := range c.Length {
			if b.ResponseMask[i][t] == 0 {
				continue
			}
			r := math.Exp(logp[i][t] - b.OldLogProbs[i][t])
			for _, k := range []float64{1 - c.ClipRatio, 1 + c.ClipRatio, c.ClipRatioC} {
				if math.Abs(r-k) < gap {
					return false
				}
			}
			d := logp[i][t] - b.RefLogProb[i][t]
			if math.Abs(d) < gap || math.Abs(math.Exp(-d)+d-1-10) < gap {
				return false
			}
		}
	}
	return true
}

// TestIterationMatchesEngine recomputes an iteration's token-level tensors
// from its batch with the engine's functions for the release.
func TestIterationMatchesEngine(t *testing.T) {
	for _, rel := range []string{"v0.2", "v0.4.1", "v0.7.0"} {
		cfg, _ := Preset("ppo")
		cfg.Release = rel
		_, st, it := stepped(t, cfg, 5)
		b, g := it.Batch, mustGen(t, rel)
		for i, row := range b.Responses {
			L := validLen(row)
			for t2 := range cfg.Length {
				if (t2 < L) != (b.ResponseMask[i][t2] == 1) {
					t.Fatalf("%s: response_mask[%d][%d] = %g with %d valid tokens", rel, i, t2, b.ResponseMask[i][t2], L)
				}
				if t2 >= L {
					continue
				}
				off := cfg.ActorIndex(b.Prompt[i], t2, prevAt(row, t2), 0)
				z := st.Actor[off : off+Actions()]
				lse := 0.0
				m := math.Inf(-1)
				for _, x := range z {
					m = math.Max(m, x)
				}
				for _, x := range z {
					lse += math.Exp(x - m)
				}
				if want := z[row[t2]-1] - (m + math.Log(lse)); b.OldLogProbs[i][t2] != want {
					t.Fatalf("%s: old_log_probs[%d][%d] = %g, log_softmax gives %g", rel, i, t2, b.OldLogProbs[i][t2], want)
				}
			}
		}
		kr, err := engine.ApplyKLPenalty(g, b.TokenLevelScores, b.OldLogProbs, b.RefLogProb, b.ResponseMask, cfg.KLPenalty, &engine.FixedKLController{Beta: st.Beta})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(kr.Rewards, b.TokenLevelRewards) {
			t.Fatalf("%s: token_level_rewards differ from apply_kl_penalty's", rel)
		}
		res := engine.GAE(g, kr.Rewards, b.Values, b.ResponseMask, cfg.Gamma, cfg.Lam)
		if !reflect.DeepEqual(res.Whitened, b.Advantages) || !reflect.DeepEqual(res.Returns, b.Returns) {
			t.Fatalf("%s: advantages or returns differ from GAE's", rel)
		}
		// The values are masked as the release's critic masks them.
		cm := b.ResponseMask
		if rel == "v0.2" {
			cm = engine.ShiftedCriticMask(cm)
		}
		kept := 0
		for i, row := range b.Responses {
			for t2 := range cfg.Length {
				want := 0.0
				if cm[i][t2] == 1 {
					want = st.Critic[cfg.CriticIndex(b.Prompt[i], t2, prevAt(row, t2))]
					if b.ResponseMask[i][t2] == 0 {
						kept++
					}
				}
				if b.Values[i][t2] != want {
					t.Fatalf("%s: values[%d][%d] = %g, want %g", rel, i, t2, b.Values[i][t2], want)
				}
			}
		}
		if (rel == "v0.2") != (kept > 0) {
			t.Fatalf("%s: %d values kept after EOS", rel, kept)
		}
		// Scores on the last valid token.
		for i, row := range b.Responses {
			L := validLen(row)
			if b.TokenLevelScores[i][L-1] != OutcomeScore(b.Prompt[i], row[:L]) {
				t.Fatalf("%s: row %d's score is not at L−1 = %d", rel, i, L-1)
			}
		}
	}
}

func mustGen(t *testing.T, tag string) engine.Generation {
	r, err := engine.ParseRelease(tag)
	if err != nil {
		t.Fatal(err)
	}
	return r.Gen
}

// TestResumeMatchesStraightRun: a run resumed from any checkpoint gives
// the straight run's iterations and final state bit for bit.
func TestResumeMatchesStraightRun(t *testing.T) {
	for _, name := range []string{"ppo", "grpo", "adaptive-kl"} {
		cfg, _ := Preset(name)
		cfg.Iterations, cfg.WarmupSteps, cfg.CriticWarmup = 24, 5, 3
		straight, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{0, 1, 10, 23} {
			tr, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for range at {
				if _, err := tr.Step(); err != nil {
					t.Fatal(err)
				}
			}
			forced, err := Resume(cfg, tr.State())
			if err != nil {
				t.Fatal(err)
			}
			one, err := forced.Teacher(straight.Iterations[at].Batch.Responses)
			if err != nil {
				t.Fatal(err)
			}
			one.Batch = Batch{Prompt: one.Batch.Prompt, Responses: one.Batch.Responses}
			if !reflect.DeepEqual(one, straight.Iterations[at]) {
				t.Fatalf("%s: at %d, teacher forcing the sampled tokens gives another iteration", name, at)
			}
			resumed, err := Resume(cfg, tr.State())
			if err != nil {
				t.Fatal(err)
			}
			rest, err := resumed.Rest()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rest.Iterations, straight.Iterations[at:]) {
				t.Fatalf("%s: resumed at %d, the iterations differ from the straight run's", name, at)
			}
			if !reflect.DeepEqual(rest.Final, straight.Final) {
				t.Fatalf("%s: resumed at %d, the final state differs", name, at)
			}
		}
	}
}

// TestSamplerBits pins the sampler's bits: the Python reference computes the same numbers.
func TestSamplerBits(t *testing.T) {
	if got := SplitMix64(0, 0, 0, 0); got != 0x2130748aaac80268 {
		t.Errorf("SplitMix64(0, 0, 0, 0) = %#x", got)
	}
	if got := SplitMix64(1, 2, 3, 4); got != splitMix64Ref(1, 2, 3, 4) {
		t.Errorf("SplitMix64(1, 2, 3, 4) = %#x", got)
	}
	if got := Sample(0.5, []float64{0.25, 0.25, 0.5}); got != 2 {
		t.Errorf("Sample(0.5, …) = %d, want 2 (u < Σ strictly)", got)
	}
	if got := Sample(1, []float64{0.5, 0.5, 0}); got != 1 {
		t.Errorf("Sample past the sum = %d, want the last token with p > 0", got)
	}
}

// splitMix64Ref is the chain written with big steps, as the doc comment says.
func splitMix64Ref(seed, it, row, pos uint64) uint64 {
	h := seed
	for k, x := range []uint64{0, it, row, pos} {
		if k > 0 {
			h ^= x
		}
		z := h + 0x9E3779B97F4A7C15
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		h = z ^ (z >> 31)
	}
	return h
}

func TestCaps(t *testing.T) {
	ppo, _ := Preset("ppo")
	cases := []struct {
		field string
		edit  func(*Config)
	}{
		{"release", func(c *Config) { c.Release = "v9" }},
		{"reward", func(c *Config) { c.Reward = "money" }},
		{"rollout.n", func(c *Config) { c.N = 200 }},
		{"max_response_length", func(c *Config) { c.Length = 33 }},
		{"total_training_steps", func(c *Config) { c.Iterations = MaxIterations + 1 }},
		{"ppo_epochs", func(c *Config) { c.PPOEpochs = 0 }},
		{"ppo_mini_batch_size", func(c *Config) { c.MiniBatches = 5 }},
		{"lam", func(c *Config) { c.Lam = math.NaN() }},
		{"clip_ratio_c", func(c *Config) { c.ClipRatioC = 1 }},
		{"loss_agg_mode", func(c *Config) { c.LossAggMode = string(engine.TokenSum) }},
		{"kl_penalty", func(c *Config) { c.KLPenalty = "k3"; c.Release = "v0.2" }},
		{"adv_estimator", func(c *Config) { c.Estimator = "gpg"; c.Release = "v0.4.1" }},
		{"actor.optim.lr", func(c *Config) { c.ActorLR = math.Inf(1) }},
	}
	for _, tc := range cases {
		c := ppo
		tc.edit(&c)
		_, err := New(c)
		if err == nil || !strings.Contains(err.Error(), tc.field+":") {
			t.Errorf("%s: error %v does not name the field", tc.field, err)
		}
	}
	if _, err := Resume(ppo, State{}); err == nil {
		t.Error("Resume accepted an empty state")
	}
	tr, _ := New(ppo)
	if _, err := tr.Teacher([][]int{{EOSID}}); err == nil || !strings.Contains(err.Error(), "responses") {
		t.Errorf("Teacher on a wrong shape: %v", err)
	}
	bad := make([][]int, ppo.Rows())
	for i := range bad {
		bad[i] = make([]int, ppo.Length)
		bad[i][0] = EOSID
	}
	bad[3][1] = tokBang // a token after EOS
	if _, err := tr.Teacher(bad); err == nil || !strings.Contains(err.Error(), "responses[3][1]") {
		t.Errorf("Teacher on a token after EOS: %v", err)
	}
	bad[3][1], bad[5][0] = PadID, len(Vocab)
	if _, err := tr.Teacher(bad); err == nil || !strings.Contains(err.Error(), "responses[5][0]") {
		t.Errorf("Teacher on an unknown token: %v", err)
	}
	short := ppo
	short.Iterations = 0
	tr, _ = New(short)
	if _, err := tr.Step(); err == nil {
		t.Error("Step past the last iteration")
	}
}

// TestRunMemory: a 200-iteration run of the budget's size holds under
// 16 MB of heap when it is done (its result: every iteration's tokens and
// metrics, and the final state), and an iteration allocates a bounded
// number of blocks.
func TestRunMemory(t *testing.T) {
	cfg := budgetConfig()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	runtime.KeepAlive(res)
	t.Logf("held %d bytes after the run", held)
	if held > 16<<20 {
		t.Errorf("a run's result holds %d bytes of heap", held)
	}
	tr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	n := testing.AllocsPerRun(5, func() { tr.Step() })
	t.Logf("%g allocations an iteration", n)
	if n > 1000 {
		t.Errorf("an iteration allocates %g blocks", n)
	}
}

func budgetConfig() Config {
	c, _ := Preset("ppo")
	c.Iterations = 200
	return c
}

// TestV02FirstStepAtLRZero: verl v0.2's constant schedule is
// min(1, k/max(1, W)), so its first update runs at lr 0; v0.2.0.post1 on, at lr.
func TestV02FirstStepAtLRZero(t *testing.T) {
	for _, tc := range []struct {
		tag   string
		moved bool
	}{{"v0.2", false}, {"v0.2.0.post1", true}} {
		cfg, _ := Preset("ppo")
		cfg.Release = tc.tag
		tr, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Step(); err != nil {
			t.Fatal(err)
		}
		st := tr.State()
		if moved := !reflect.DeepEqual(st.Actor, Initial(cfg).Actor); moved != tc.moved {
			t.Errorf("%s: the actor moved in the first update: %v, want %v", tc.tag, moved, tc.moved)
		}
		if st.ActorAdam.Step != cfg.PPOEpochs*cfg.MiniBatches {
			t.Errorf("%s: %d AdamW steps", tc.tag, st.ActorAdam.Step)
		}
	}
}

// TestEstimators: every outcome estimator a release has trains, and its
// advantages and returns are the engine's on the batch.
func TestEstimators(t *testing.T) {
	for _, tag := range []string{"v0.4.1", "v0.7.1"} {
		g := mustGen(t, tag)
		for _, e := range g.OutcomeEstimators() {
			name := verlName(e.Key)
			if name == "" {
				continue
			}
			cfg, _ := Preset("grpo")
			cfg.Release, cfg.Estimator, cfg.NormByStd = tag, name, !strings.Contains(e.Key, "no_std")
			cfg.Iterations = 4
			_, _, it := stepped(t, cfg, 2)
			t.Logf("%s %s (adv_estimator %s)", tag, e.Key, name)
			b := it.Batch
			index := make([]string, len(b.Prompt))
			for i, p := range b.Prompt {
				index[i] = strconv.Itoa(p)
			}
			adv, ret, err := e.Run(engine.OutcomeInputs{Rewards: b.TokenLevelRewards, Mask: b.ResponseMask, Index: index,
				Baselines: b.RewardBaselines, Gamma: cfg.Gamma, Epsilon: engine.DefaultOutcomeEpsilon})
			if err != nil {
				t.Fatalf("%s %s: %v", tag, e.Key, err)
			}
			if !reflect.DeepEqual(adv, b.Advantages) || !reflect.DeepEqual(ret, b.Returns) {
				t.Fatalf("%s %s: the loop's advantages or returns are not the engine's", tag, e.Key)
			}
		}
	}
}

// verlName is the adv_estimator name verl's config spells for an engine key.
func verlName(key string) string {
	switch {
	case strings.HasSuffix(key, engine.ForceDeviceSuffix):
		return ""
	case strings.HasPrefix(key, "grpo_vectorized"):
		return "grpo_vectorized"
	case strings.HasPrefix(key, "grpo_norm_std"), strings.HasPrefix(key, "grpo_no_std"):
		return "grpo"
	case key == "gdpo_single_reward":
		return "gdpo"
	}
	return key
}

// TestIterationDataMetrics: each iteration carries compute_data_metrics of
// its own batch, taken after the updates on the critic's values from before
// its update, with critic/values/* only for GAE and the non-aborted metrics
// from v0.6.0.
func TestIterationDataMetrics(t *testing.T) {
	for _, tc := range []struct {
		preset, release string
		critic, aborted bool
	}{{"ppo", "v0.2", true, false}, {"ppo", "v0.7.1", true, true}, {"grpo", "v0.4.1", false, false}} {
		cfg, _ := Preset(tc.preset)
		cfg.Release = tc.release
		tr, st, it := stepped(t, cfg, 3)
		b := it.Batch
		want, err := engine.DataMetrics(mustGen(t, tc.release), engine.DataBatch{
			Scores: b.TokenLevelScores, Rewards: b.TokenLevelRewards, Advantages: b.Advantages, Returns: b.Returns,
			Values: b.Values, ResponseMask: b.ResponseMask, PromptLength: make([]float64, len(b.Prompt)), PromptWidth: 1,
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(it.Data) != len(want) {
			t.Fatalf("%s %s: %d data metrics, want %d", tc.preset, tc.release, len(it.Data), len(want))
		}
		for k, m := range want {
			if it.Data[k].Name != m.Name {
				t.Fatalf("%s %s: data metric %d is %s, want %s", tc.preset, tc.release, k, it.Data[k].Name, m.Name)
			}
			if strings.HasPrefix(m.Name, "prompt_length/") {
				continue // the test's prompt lengths are 0, the trainer's 1
			}
			if got, _ := it.Metric(m.Name); got != m.Value {
				t.Fatalf("%s %s: %s = %v, compute_data_metrics of the batch %v", tc.preset, tc.release, m.Name, got, m.Value)
			}
		}
		if v, ok := it.Metric("prompt_length/mean"); !ok || v != 1 {
			t.Fatalf("%s %s: prompt_length/mean = %v, %v; want 1", tc.preset, tc.release, v, ok)
		}
		if _, ok := it.Metric("critic/vf_explained_var"); ok != tc.critic {
			t.Fatalf("%s %s: critic/vf_explained_var logged: %v", tc.preset, tc.release, ok)
		}
		if _, ok := it.Metric("response/aborted_ratio"); ok != tc.aborted {
			t.Fatalf("%s %s: response/aborted_ratio logged: %v", tc.preset, tc.release, ok)
		}
		if got := it.All(); len(got) != len(it.Metrics)+len(it.Data) || got[len(it.Metrics)].Name != "critic/score/mean" {
			t.Fatalf("%s %s: All() is not the update metrics, then the data metrics", tc.preset, tc.release)
		}
		if !tc.critic {
			continue
		}
		// critic/values/max is the critic's table before its update, not after.
		before, after := math.Inf(-1), math.Inf(-1)
		for i, row := range b.Responses {
			for t2 := range validLen(row) {
				k := cfg.CriticIndex(b.Prompt[i], t2, prevAt(row, t2))
				before, after = math.Max(before, st.Critic[k]), math.Max(after, tr.State().Critic[k])
			}
		}
		if v, _ := it.Metric("critic/values/max"); v != before || v == after {
			t.Fatalf("%s %s: critic/values/max = %v; the table before the update gives %v, after %v", tc.preset, tc.release, v, before, after)
		}
	}
}

// TestReMaxBaselines: ReMax's reward_baselines are the score of each
// prompt's greedy response (the most likely token at every step) under the
// policy that sampled the batch, the same for the prompt's n rows.
func TestReMaxBaselines(t *testing.T) {
	cfg, _ := Preset("remax")
	_, st, it := stepped(t, cfg, 3)
	before, err := Resume(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	b := it.Batch
	if len(b.RewardBaselines) != cfg.Rows() {
		t.Fatalf("%d baselines, want %d", len(b.RewardBaselines), cfg.Rows())
	}
	for i, p := range b.Prompt {
		row := before.Greedy(p)
		prev := PadID
		for t2, tok := range row[:validLen(row)] {
			off := cfg.ActorIndex(p, t2, prev, 0)
			for k, z := range st.Actor[off : off+Actions()] {
				if z > st.Actor[off+tok-1] || z == st.Actor[off+tok-1] && k < tok-1 {
					t.Fatalf("prompt %d, token %d: %d is not the most likely (action %d)", p, t2, tok, k)
				}
			}
			prev = tok
		}
		if want := OutcomeScore(p, row[:validLen(row)]); b.RewardBaselines[i] != want {
			t.Fatalf("row %d: baseline %v, the greedy response's score %v", i, b.RewardBaselines[i], want)
		}
	}
	// The advantages are ReMax's on these baselines: G_t − b_i on valid tokens.
	for i, row := range b.Responses {
		var g float64
		for t2 := validLen(row) - 1; t2 >= 0; t2-- {
			g += b.TokenLevelRewards[i][t2]
			if d := b.Advantages[i][t2] - (g - b.RewardBaselines[i]); math.Abs(d) > 1e-12 {
				t.Fatalf("advantages[%d][%d] is off ReMax's by %g", i, t2, d)
			}
		}
	}
}
