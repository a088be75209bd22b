package verify

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gaelab/engine"
)

// example is a 2-row batch with KL in the reward, computed by the engine
// for generation g: row 1 ends with tail padding.
func example(t *testing.T, g engine.Generation) Case {
	t.Helper()
	mask := [][]float64{{1, 1, 1, 1}, {1, 1, 0, 0}}
	scores := [][]float64{{0, 0, 0, 1}, {0, 0.5, 0, 0}}
	old := [][]float64{{-0.4, -0.3, -0.6, -0.8}, {-0.2, -0.25, 0, 0}}
	ref := [][]float64{{-0.5, -0.35, -0.55, -0.9}, {-0.4, -0.3, 0, 0}}
	values := [][]float64{{0.2, 0.25, 0.3, 0.35}, {0.45, 0.6, 0, 0}}
	kr, err := engine.ApplyKLPenaltyGen(g, scores, old, ref, mask, "kl", &engine.FixedKLController{Beta: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	res := engine.GAEGen(g, kr.Rewards, values, mask, 1, 0.95)
	var rel engine.Release
	for _, r := range engine.Releases {
		if r.Gen == g {
			rel = r
			break
		}
	}
	return Case{Release: rel, Source: "/play?v=1&p=seed-b", Mask: mask, Values: values, Scores: scores, OldLogProbs: old, RefLogProb: ref,
		KL: "kl", Beta: 0.1, Gamma: 1, Lam: 0.95, Rewards: kr.Rewards, Advantages: res.Whitened, Returns: res.Returns}
}

// signature is the line of SIGNATURES.md giving fn's signature in generation g.
func signature(t *testing.T, doc, fn string, g engine.Generation) string {
	t.Helper()
	_, sec, ok := strings.Cut(doc, "## `"+fn+"`\n")
	if !ok {
		t.Fatalf("SIGNATURES.md has no %s", fn)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	re := regexp.MustCompile("(?m)^- G(\\d\\d)(?:–G(\\d\\d))?: `(.*)`$")
	for _, m := range re.FindAllStringSubmatch(sec, -1) {
		from, _ := strconv.Atoi(m[1])
		to := from
		if m[2] != "" {
			to, _ = strconv.Atoi(m[2])
		}
		if int(g) >= from && int(g) <= to {
			return m[3]
		}
	}
	t.Fatalf("SIGNATURES.md gives no %s signature for %s", fn, g)
	return ""
}

// TestScriptPerGeneration: for each generation the script calls only the
// functions that generation has, with its argument names (checked against
// ../shared/golden/SIGNATURES.md), embeds the engine's numbers exactly, and
// is valid Python.
func TestScriptPerGeneration(t *testing.T) {
	sigs, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "golden", "SIGNATURES.md"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip("no ../shared/golden/SIGNATURES.md")
	}
	py, _ := exec.LookPath("python3")
	call := regexp.MustCompile(`core_algos\.(\w+)\(([^)]*)\)`)
	for _, g := range engine.Generations() {
		t.Run(g.String(), func(t *testing.T) {
			c := example(t, g)
			s, err := Script(c)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(s, "# Expects verl "+c.Release.Tag+" ") {
				t.Errorf("header does not name %s", c.Release.Tag)
			}
			calls := call.FindAllStringSubmatch(s, -1)
			if len(calls) != 2 {
				t.Fatalf("%d verl calls, want kl_penalty and compute_gae_advantage_return", len(calls))
			}
			for _, m := range calls {
				sig := signature(t, string(sigs), m[1], g)
				if strings.HasPrefix(sig, "—") {
					t.Errorf("%s calls %s, which %s does not have", g, m[1], g)
				}
				for _, arg := range strings.Split(m[2], ",") {
					name, _, _ := strings.Cut(strings.TrimSpace(arg), "=")
					if !regexp.MustCompile(`[(, ]` + name + `[,=)]`).MatchString(sig) {
						t.Errorf("%s: %s(…, %s=…) but the signature is %s", g, m[1], name, sig)
					}
				}
			}
			// The embedded numbers are the engine's, exactly.
			adv := regexp.MustCompile(`check\("advantages", advantages, t\((.*)\)\)`).FindStringSubmatch(s)
			if adv == nil || adv[1] != matrix(c.Advantages) {
				t.Errorf("embedded advantages %v, engine %s", adv, matrix(c.Advantages))
			}
			if !strings.Contains(s, "t("+matrix(c.Rewards)+")") || !strings.Contains(s, "t("+matrix(c.Returns)+")") {
				t.Error("the engine's rewards or returns are not embedded")
			}
			if py != "" {
				f := filepath.Join(t.TempDir(), "verify.py")
				os.WriteFile(f, []byte(s), 0o644)
				if out, err := exec.Command(py, "-m", "py_compile", f).CombinedOutput(); err != nil {
					t.Errorf("py_compile: %v\n%s", err, out)
				}
			}
		})
	}
}

// TestScriptWhitenRaises: with one valid token verl raises, and the script
// expects it to.
func TestScriptWhitenRaises(t *testing.T) {
	c := example(t, engine.G12)
	c.Mask = [][]float64{{1, 0, 0, 0}, {0, 0, 0, 0}}
	c.Advantages = nil
	s, err := Script(c)
	if err != nil || !strings.Contains(s, "except (ValueError") {
		t.Errorf("%v\n%s", err, s)
	}
	if _, err := Script(Case{Mask: make([][]float64, 300), Release: c.Release}); err == nil {
		t.Error("an empty state gave a script")
	}
}
