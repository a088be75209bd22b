package verify

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
)

// example is a 4-row batch with KL in the reward, two uid groups and a
// mid-sequence mask = 0, computed by the engine for generation g: GAE and
// every outcome estimator g has.
func example(t *testing.T, rel engine.Release) Case {
	t.Helper()
	g := rel.Gen
	mask := [][]float64{{1, 1, 1, 1}, {1, 1, 0, 0}, {1, 0, 1, 1}, {1, 1, 1, 0}}
	scores := [][]float64{{0, 0, 0, 1}, {0, 0.5, 0, 0}, {0, 0, 0, -1}, {0, 0, 0.25, 0}}
	old := [][]float64{{-0.4, -0.3, -0.6, -0.8}, {-0.2, -0.25, 0, 0}, {-1, -2, -0.5, -0.1}, {-0.3, -0.3, -0.3, 0}}
	ref := [][]float64{{-0.5, -0.35, -0.55, -0.9}, {-0.4, -0.3, 0, 0}, {-1.1, -2, -0.4, -0.2}, {-0.2, -0.4, -0.3, 0}}
	values := [][]float64{{0.2, 0.25, 0.3, 0.35}, {0.45, 0.6, 0, 0}, {0.1, 0.7, 0.2, 0.3}, {0.5, 0.4, 0.3, 0.9}}
	kr, err := engine.ApplyKLPenalty(g, scores, old, ref, mask, "low_var_kl", &engine.FixedKLController{Beta: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	res := engine.GAE(g, kr.Rewards, values, mask, 1, 0.95)
	c := Case{Release: rel, Source: "/play?v=3&p=seed-b&ver=" + rel.Tag, Mask: mask, Values: values, Scores: scores, OldLogProbs: old, RefLogProb: ref,
		KL: "low_var_kl", Beta: 0.1, KLD: kr.KLD, KLMetric: kr.CurrentKL, Gamma: 1, Lam: 0.95, Rewards: kr.Rewards, GAE: &res,
		Index: []string{"a", "a", "b", "b"}, Baselines: []float64{0.5, 0.5, -0.25, 0}}
	in := engine.OutcomeInputs{Rewards: kr.Rewards, Mask: mask, Index: c.Index, Baselines: c.Baselines, Gamma: 1, Epsilon: engine.DefaultOutcomeEpsilon, Gen: g}
	for _, e := range g.OutcomeEstimators() {
		adv, ret, err := e.Run(in)
		if err != nil {
			adv, ret = nil, nil
		}
		c.Outcomes = append(c.Outcomes, Outcome{Key: e.Key, Advantages: adv, Returns: ret})
	}
	// The losses of the update views, every mode the release has.
	vpreds := [][]float64{{0.3, 0.1, 0.9, 0.2}, {0.5, 1.4, 0, 0}, {0.1, 0.2, 0.3, 0.4}, {0.6, 0.3, 0.1, 0}}
	lp := [][]float64{{-0.2, -0.5, -0.6, -0.1}, {-0.2, -0.3, 0, 0}, {-0.7, -2, -0.9, -0.4}, {-0.3, -0.1, -0.35, 0}}
	clip := engine.ClipParams{Ratio: 0.2, Low: 0.2, High: 0.28, C: 3}
	c.Value = &ValueLoss{VPreds: vpreds, Returns: res.Returns, ClipRange: 0.5}
	c.Policy = &PolicyLoss{LogProbs: lp, OldLogProbs: old, Advantages: res.Whitened, Clip: clip}
	vt := engine.ValueLossTerms(values, vpreds, res.Returns, 0.5)
	pt, err := engine.PolicyLossTerms(g, lp, old, res.Whitened, clip)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range g.AggModes() {
		vl, err := engine.AggregateValueLoss(g, vt, mask, mode)
		if err != nil {
			t.Fatal(err)
		}
		c.Value.Modes = append(c.Value.Modes, LossMode{Mode: mode, Numbers: []float64{vl.Loss, vl.ClipFrac}})
		pl, err := engine.AggregatePolicyLoss(g, pt, mask, mode)
		if err != nil {
			t.Fatal(err)
		}
		nums := []float64{pl.Loss, pl.ClipFrac, pl.PPOKL}
		if g.Has(engine.DualClip) {
			nums = append(nums, pl.ClipFracLower)
		}
		c.Policy.Modes = append(c.Policy.Modes, LossMode{Mode: mode, Numbers: nums})
	}
	return c
}

// signatures are SIGNATURES.md's functions: per function its module and,
// per generation, its parameter names (nil where absent).
type signatures map[string]struct {
	module string
	params map[engine.Generation][]string
}

func readSignatures(t *testing.T) signatures {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "golden", "SIGNATURES.md"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip("no ../shared/golden/SIGNATURES.md")
	}
	sigs := signatures{}
	line := regexp.MustCompile("(?m)^- G(\\d\\d)(?:–G(\\d\\d))?: `(.*)`$")
	for _, sec := range strings.Split(string(doc), "\n## `")[1:] {
		name, rest, _ := strings.Cut(sec, "`\n")
		mod := regexp.MustCompile("Module: `([^`]+)`").FindStringSubmatch(rest)
		if mod == nil {
			t.Fatalf("SIGNATURES.md: %s has no module", name)
		}
		entry := sigs[name]
		entry.module, entry.params = mod[1], map[engine.Generation][]string{}
		for _, m := range line.FindAllStringSubmatch(rest, -1) {
			from, _ := strconv.Atoi(m[1])
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(m[2])
			}
			var params []string
			if !strings.HasPrefix(m[3], "—") {
				_, inner, _ := strings.Cut(strings.TrimSuffix(m[3], ")"), "(")
				for _, p := range strings.Split(inner, ", ") {
					p, _, _ = strings.Cut(p, "=")
					params = append(params, strings.TrimPrefix(p, "**"))
				}
			}
			for g := from; g <= to; g++ {
				entry.params[engine.Generation(g)] = params
			}
		}
		sigs[name] = entry
	}
	if len(sigs) < 20 {
		t.Fatalf("SIGNATURES.md: read %d functions", len(sigs))
	}
	return sigs
}

// pyCall is one verl call found in a script.
type pyCall struct {
	module, fn string
	kwargs     []string
}

// verlCalls parses every core_algos.f(…) / verl_F.f(…) call of a script's
// code (comment lines aside): the function and its keyword argument names
// (balanced brackets).
func verlCalls(t *testing.T, src string) []pyCall {
	t.Helper()
	src = regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(src, "")
	var calls []pyCall
	re := regexp.MustCompile(`\b(core_algos|verl_F)\.(\w+)\(`)
	for _, m := range re.FindAllStringSubmatchIndex(src, -1) {
		c := pyCall{module: src[m[2]:m[3]], fn: src[m[4]:m[5]]}
		depth, start := 0, m[1]
		for i := m[1]; i < len(src); i++ {
			ch := src[i]
			switch {
			case ch == '(' || ch == '[' || ch == '{':
				depth++
			case (ch == ')' || ch == ']' || ch == '}') && depth > 0:
				depth--
			case ch == ')' || (ch == ',' && depth == 0):
				a := strings.TrimSpace(src[start:i])
				if a != "" {
					name, _, ok := strings.Cut(a, "=")
					if !ok || !regexp.MustCompile(`^\w+$`).MatchString(name) {
						t.Errorf("%s.%s: positional argument %q (scripts pass keywords only)", c.module, c.fn, a)
					}
					c.kwargs = append(c.kwargs, name)
				}
				start = i + 1
				if ch == ')' {
					i = len(src)
				}
			}
		}
		calls = append(calls, c)
	}
	return calls
}

// parseMatrix reads a Python list of lists as the script writes it.
func parseMatrix(t *testing.T, s string) [][]float64 {
	t.Helper()
	var m [][]float64
	s = strings.TrimSuffix(strings.TrimPrefix(s, "[["), "]]")
	for _, row := range strings.Split(s, "], [") {
		var r []float64
		for _, x := range strings.Split(row, ", ") {
			r = append(r, parseNumber(t, x))
		}
		m = append(m, r)
	}
	return m
}

func parseNumber(t *testing.T, x string) float64 {
	t.Helper()
	switch x {
	case `float("nan")`:
		return math.NaN()
	case `float("inf")`:
		return math.Inf(1)
	case `float("-inf")`:
		return math.Inf(-1)
	}
	v, err := strconv.ParseFloat(x, 64)
	if err != nil {
		t.Fatalf("embedded number %q: %v", x, err)
	}
	return v
}

func same(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

func sameMatrix(a, b [][]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if !same(a[i][j], b[i][j]) {
				return false
			}
		}
	}
	return true
}

// embedded reads every check("name", got, t([[…]])) or check("name", got,
// number) of a script: the numbers it asserts, by quantity.
func embedded(t *testing.T, src string) (matrices map[string][][]float64, scalars map[string]float64) {
	t.Helper()
	matrices, scalars = map[string][][]float64{}, map[string]float64{}
	for _, m := range regexp.MustCompile(`(?m)^ok &= check\("([^"]+)", .*, t\((\[\[.*\]\])\)\)$`).FindAllStringSubmatch(src, -1) {
		matrices[m[1]] = parseMatrix(t, m[2])
	}
	for _, m := range regexp.MustCompile(`(?m)^ok &= check\("([^"]+)", .*, ([^,()\[\]]+|float\("[a-z-]+"\))\)$`).FindAllStringSubmatch(src, -1) {
		scalars[m[1]] = parseNumber(t, m[2])
	}
	return matrices, scalars
}

// checkNames: every verl function and keyword argument a script for
// release rel uses is the one SIGNATURES.md lists for rel's generation, in
// its module; no function rel does not have is named; no other release's
// mask argument appears.
func checkNames(t *testing.T, sigs signatures, rel engine.Release, src string) {
	t.Helper()
	g := rel.Gen
	calls := verlCalls(t, src)
	if len(calls) == 0 {
		t.Fatal("no verl call")
	}
	for _, c := range calls {
		sig, ok := sigs[c.fn]
		if !ok {
			t.Errorf("%s calls %s.%s, which SIGNATURES.md does not list", rel.Tag, c.module, c.fn)
			continue
		}
		if Module[c.module] != sig.module {
			t.Errorf("%s: %s is in %s, the script calls it from %s", rel.Tag, c.fn, sig.module, Module[c.module])
		}
		params := sig.params[g]
		if params == nil {
			t.Errorf("%s calls %s, which %s (%s) does not have", rel.Tag, c.fn, g, rel.Tag)
		}
		for _, k := range c.kwargs {
			if !slices.Contains(params, k) {
				t.Errorf("%s: %s(…, %s=…) but its signature in %s is %v", rel.Tag, c.fn, k, g, params)
			}
		}
	}
	// No function of another release.
	for fn, sig := range sigs {
		if sig.params[g] == nil && regexp.MustCompile(`\b`+fn+`\b`).MatchString(src) {
			t.Errorf("%s's script names %s, which %s does not have", rel.Tag, fn, g)
		}
	}
	other := "response_mask="
	if g >= engine.G04 {
		other = "eos_mask"
	}
	if strings.Contains(src, other) {
		t.Errorf("%s's script uses %q, another release's argument name", rel.Tag, other)
	}
}

// TestScriptPerRelease: for every release tag from v0.2 to v0.9.0 the
// script names the release, calls only that release's functions with its
// argument names (SIGNATURES.md), checks every quantity (the KL penalty,
// the rewards and the KL metric, raw and whitened advantages, the
// whitening statistics, the returns, every outcome estimator), embeds
// exactly the engine's numbers, and compiles as Python.
func TestScriptPerRelease(t *testing.T) {
	sigs := readSignatures(t)
	py, _ := exec.LookPath("python3")
	for _, rel := range engine.Releases {
		t.Run(rel.Tag, func(t *testing.T) {
			c := example(t, rel)
			src, err := Script(c)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(src, "# Expects verl "+rel.Tag+" (arithmetic generation "+rel.Gen.String()+",") ||
				!strings.Contains(src, "pip install torch verl=="+strings.TrimPrefix(rel.Tag, "v")+"\n") {
				t.Errorf("the header does not name %s", rel.Tag)
			}
			for _, other := range engine.Releases {
				if other.Tag != rel.Tag && strings.Contains(src, "verl "+other.Tag+" ") {
					t.Errorf("%s's script names %s", rel.Tag, other.Tag)
				}
			}
			checkNames(t, sigs, rel, src)

			// The embedded numbers are the engine's, exactly, for every quantity.
			mats, scalars := embedded(t, src)
			want := map[string][][]float64{
				"kl_penalty · mask": c.KLD, "token_level_rewards": c.Rewards,
				"raw advantages (returns − values)": c.GAE.Advantages, "advantages (whitened)": c.GAE.Whitened, "returns": c.GAE.Returns,
			}
			for _, o := range c.Outcomes {
				if _, _, ok := estimatorCall(rel.Gen, o.Key, c.Gamma); !ok {
					t.Errorf("%s has estimator %s but the script cannot call it", rel.Tag, o.Key)
				}
				if o.Advantages != nil {
					want[o.Key+" advantages"] = o.Advantages
					want[o.Key+" returns"] = o.Returns
				} else if !strings.Contains(src, "# "+o.Key+": verl raises here") {
					t.Errorf("%s raises in the engine but the script does not expect verl to raise", o.Key)
				}
			}
			for name, m := range want {
				if got, ok := mats[name]; !ok {
					t.Errorf("the script does not check %s", name)
				} else if !sameMatrix(got, m) {
					t.Errorf("%s: embedded %v, engine %v", name, got, m)
				}
			}
			for name, x := range map[string]float64{
				"whitening mean": c.GAE.Whitening.Mean, "whitening variance (unbiased)": c.GAE.Whitening.VarUnbiased,
				"KL metric (mean of row masked means)": c.KLMetric,
			} {
				if got, ok := scalars[name]; !ok || !same(got, x) {
					t.Errorf("%s: embedded %v (%v), engine %v", name, got, ok, x)
				}
			}
			// The losses: one call per mode, the engine's numbers.
			losses := regexp.MustCompile(`(?m)^ok &= check_outputs\("([^"]+)", core_algos\.(\w+)\(.*\), \[([^\]]*)\], \[([^\]]*)\]\)$`).FindAllStringSubmatch(src, -1)
			var lossWant []LossMode
			for _, l := range []*[]LossMode{&c.Value.Modes, &c.Policy.Modes} {
				lossWant = append(lossWant, *l...)
			}
			if len(losses) != len(lossWant) || len(lossWant) != 2*len(rel.Gen.AggModes()) {
				t.Fatalf("%d loss checks, want %d", len(losses), len(lossWant))
			}
			for k, l := range losses {
				fn := "compute_value_loss"
				if k >= len(c.Value.Modes) {
					fn = "compute_policy_loss"
					if policyLossDeprecated[rel.Tag] {
						fn = "compute_policy_loss_vanilla"
					}
				}
				if l[1] != string(lossWant[k].Mode) || l[2] != fn {
					t.Errorf("loss check %d: %s %s, want %s %s", k, l[2], l[1], fn, lossWant[k].Mode)
				}
				var got []float64
				for _, x := range strings.Split(l[4], ", ") {
					got = append(got, parseNumber(t, x))
				}
				if !sameMatrix([][]float64{got}, [][]float64{lossWant[k].Numbers}) {
					t.Errorf("%s %s: embedded %v, engine %v", fn, l[1], got, lossWant[k].Numbers)
				}
			}
			for _, in := range []struct {
				name string
				m    [][]float64
			}{{"vpreds", c.Value.VPreds}, {"vf_returns", c.Value.Returns}, {"log_probs", c.Policy.LogProbs}, {"pg_advantages", c.Policy.Advantages}, {"mask", c.Mask}, {"values", c.Values}, {"token_level_scores", c.Scores}, {"old_log_probs", c.OldLogProbs}, {"ref_log_prob", c.RefLogProb}} {
				m := regexp.MustCompile(`(?m)^` + in.name + ` = t\((\[\[.*?\]\])\)`).FindStringSubmatch(src)
				if m == nil || !sameMatrix(parseMatrix(t, m[1]), in.m) {
					t.Errorf("input %s is not the case's", in.name)
				}
			}
			if py != "" {
				compile(t, py, src)
			}
		})
	}
}

// policyLossDeprecated are the tags whose core_algos.py marks
// compute_policy_loss @deprecated("…compute_policy_loss_vanilla") (read in
// verl's source at each tag; it is not removed up to v0.9.0): their scripts
// must call compute_policy_loss_vanilla, and never the deprecated function.
var policyLossDeprecated = map[string]bool{"v0.6.0": true, "v0.6.1": true, "v0.7.0": true, "v0.7.1": true, "v0.8.0": true, "v0.9.0": true}

// TestScriptPolicyLossNotDeprecated: from v0.6.0 the actor's script calls
// compute_policy_loss_vanilla with the clip settings in its config, and no
// line calls the deprecated compute_policy_loss; before, it calls
// compute_policy_loss.
func TestScriptPolicyLossNotDeprecated(t *testing.T) {
	t.Parallel()
	deprecated := regexp.MustCompile(`core_algos\.compute_policy_loss\(`)
	for _, rel := range engine.Releases {
		src, err := Script(example(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		calls, vanilla := len(deprecated.FindAllString(src, -1)), strings.Count(src, "core_algos.compute_policy_loss_vanilla(")
		if policyLossDeprecated[rel.Tag] {
			if calls > 0 || vanilla == 0 {
				t.Errorf("%s: %d calls of the deprecated compute_policy_loss, %d of compute_policy_loss_vanilla", rel.Tag, calls, vanilla)
			}
			if !strings.Contains(src, `config=OmegaConf.create({"clip_ratio": 0.2, "clip_ratio_low": 0.2, "clip_ratio_high": 0.28, "clip_ratio_c": 3.0, "global_batch_info": {}})`) {
				t.Errorf("%s: compute_policy_loss_vanilla without the actor's clip settings", rel.Tag)
			}
		} else if calls == 0 || vanilla > 0 {
			t.Errorf("%s: %d calls of compute_policy_loss, %d of compute_policy_loss_vanilla (which the release does not have)", rel.Tag, calls, vanilla)
		}
	}
}

// compile checks that src is valid Python.
func compile(t *testing.T, py, src string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "verify.py")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, "-m", "py_compile", f).CombinedOutput(); err != nil {
		t.Errorf("py_compile: %v\n%s", err, out)
	}
}

// TestScriptUpload: an uploaded batch's script reads the file named on its
// command line, recomputes with verl and asserts the run's own tensors
// within the check's tolerance, for GAE and for an outcome estimator; too
// large to embed, it still checks the run's tensors.
func TestScriptUpload(t *testing.T) {
	sigs := readSignatures(t)
	py, _ := exec.LookPath("python3")
	for _, tag := range []string{"v0.2", "v0.4.1", "v0.9.0"} {
		rel, _ := engine.ParseRelease(tag)
		c := example(t, rel)
		c.File = &File{MaskFrom: "attention_mask", RewardsFrom: "token_level_scores", UIDFrom: "uid", R: 4, AdvTol: 1e-4, RetTol: 2e-4, Embed: true}
		gae := c
		grpo := c
		gae.Value, gae.Policy = nil, nil
		grpo.GAE, grpo.Values, grpo.Outcomes, grpo.Value, grpo.Policy = nil, nil, c.Outcomes[:1], nil, nil
		big := c
		big.File = &File{MaskFrom: "response_mask", RewardsFrom: "token_level_rewards", AdvTol: 1e-4}
		big.Scores, big.Value, big.Policy = nil, nil, nil
		for name, k := range map[string]Case{"gae": gae, "grpo": grpo, "big": big} {
			src, err := Script(k)
			if err != nil {
				t.Fatal(err)
			}
			checkNames(t, sigs, rel, src)
			for _, want := range []string{"batch = load(sys.argv[1])", `check_run("the run's advantages vs verl", advantages, run_advantages, 0.0001)`} {
				if !strings.Contains(src, want) {
					t.Errorf("%s %s: no %q", tag, name, want)
				}
			}
			if name != "big" && !strings.Contains(src, `mask = tensor(batch["attention_mask"])[:, -4:]`) {
				t.Errorf("%s %s: the mask is not attention_mask's response part", tag, name)
			}
			if name == "big" && strings.Contains(src, "t([[") {
				t.Errorf("%s: a batch too large to embed embeds matrices", tag)
			}
			if name == "grpo" && !strings.Contains(src, "compute_grpo_outcome_advantage(") {
				t.Errorf("%s: the GRPO upload's script does not call GRPO", tag)
			}
			if py != "" {
				compile(t, py, src)
			}
		}
	}
}

// TestScriptEdges: with one valid token verl raises, and the script expects
// it to; an empty state or one too large to embed gives no script.
func TestScriptEdges(t *testing.T) {
	rel, _ := engine.ParseRelease("v0.9.0")
	c := example(t, rel)
	c.Mask = [][]float64{{1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}
	g := engine.GAE(rel.Gen, c.Rewards, c.Values, c.Mask, 1, 0.95)
	c.GAE = &g
	s, err := Script(c)
	if err != nil || g.Whitened != nil || !strings.Contains(s, "except (ValueError") {
		t.Errorf("%v\n%s", err, s)
	}
	if _, err := Script(Case{Mask: make([][]float64, 300), Release: rel}); err == nil {
		t.Error("an empty state gave a script")
	}
	wide := Case{Mask: [][]float64{make([]float64, MaxElements+1)}, Release: rel}
	if _, err := Script(wide); err != ErrTooLarge {
		t.Errorf("a state of %d elements: %v", MaxElements+1, err)
	}
}
