package train

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// The torch reference (testdata/reference/train_ref.py) is run by hand:
//
//	go test ./engine/train -run TestTrainMatchesReference -export-states /tmp/states.json
//	PYTHONPATH=<verl checkout at the tag>:web/verify/inverl/stubs python3 \
//	    engine/train/testdata/reference/train_ref.py /tmp/states.json engine/train/testdata/reference/reference.json.gz
//
// The first writes the presets' configs and the app's states at the
// one-step check's iterations; the second runs every preset in torch and
// writes what TestTrainMatchesReference reads.
var exportStates = flag.String("export-states", "", "write the reference's input (configs and states) to this file")

// referenceRuns are the runs the committed reference covers: a preset at a
// release, and at which of the one-step iterations the check compares the
// tables too (all compare every metric and β; the tables are most of the
// file's size).
var referenceRuns = []struct {
	Preset, Release string
	Tables          []int
	Iterations      int // 0: the preset's
}{
	{"ppo", "v0.4.1", oneStepAt, 0}, {"grpo", "v0.4.1", oneStepAt, 0},
	{"hackable", "v0.4.1", nil, 0}, {"length-penalty", "v0.4.1", nil, 0}, {"dense", "v0.4.1", nil, 0}, {"adaptive-kl", "v0.4.1", nil, 0},
	{"warmup", "v0.4.1", nil, 0},
	{"ppo", "v0.2", []int{0, 1}, 0}, {"grpo", "v0.2", nil, 0}, {"warmup", "v0.2", nil, 0}, // v0.2's first update runs at lr 0
	// v0.7.0's tables are v0.4.1's arithmetic; its metrics are not.
	{"ppo", "v0.7.0", nil, 0}, {"grpo", "v0.7.0", nil, 0}, {"warmup", "v0.7.0", nil, 0},
	// seq-mean-token-sum-norm was redefined in v0.7.1 (PR #5366).
	{"drgrpo", "v0.4.1", nil, 0}, {"drgrpo", "v0.7.1", nil, 0},
	// The engine workers (v0.8.0 on): the global-batch agg_loss, Metric aggregation, actor/loss and critic/loss,
	// the LR after the scheduler's step; v0.9.0's critic with the global batch too.
	{"ppo", "v0.9.0", []int{1}, 0}, {"grpo", "v0.9.0", nil, 0}, {"warmup", "v0.9.0", nil, 0}, {"drgrpo", "v0.9.0", nil, 0},
	{"ppo", "v0.8.0", nil, 0}, {"grpo", "v0.8.0", nil, 0},
	// ReMax: the greedy rollout's baseline. Its run is chaotic from about iteration 20 (unwhitened
	// advantages at lr 0.1: in Go alone a 1e-14 relative change of the initial actor grows to 3e-7 at
	// iteration 20 and 2e-2 at 28), so torch's and Go's roundoff part beyond 1e-6 near iteration 30:
	// the reference runs 27 iterations (the one-step checks at 0, 1, 10, 25 hold at 1e-10 to the end).
	{"remax", "v0.4.1", nil, 27}, {"remax", "v0.9.0", nil, 27},
	// v0.4.0: the trainer's entropy metric is actor/entropy_loss, vf_loss has no 0.5.
	{"ppo", "v0.4.0", nil, 0}, {"warmup", "v0.4.0", nil, 0},
}

// referenceConfig is the config of reference run n.
func referenceConfig(t *testing.T, n int) Config {
	t.Helper()
	run := referenceRuns[n]
	cfg, err := Preset(run.Preset)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Release = run.Release
	if run.Iterations != 0 {
		cfg.Iterations = run.Iterations
	}
	return cfg
}

// oneStepIn are the one-step iterations a run of cfg reaches.
func oneStepIn(cfg Config) []int {
	var at []int
	for _, k := range oneStepAt {
		if k < cfg.Iterations {
			at = append(at, k)
		}
	}
	return at
}

// oneStepAt are the iterations of the one-step teacher-forced check.
var oneStepAt = []int{0, 1, 10, 25, 49}

type refInput struct {
	Presets []refInputPreset `json:"presets"`
}

type refInputPreset struct {
	Name   string     `json:"name"`
	Config Config     `json:"config"`
	States []refState `json:"states"`
	Final  bool       `json:"final"` // write the final tables (the first run of each release)
}

type refState struct {
	State     State   `json:"state"`
	Responses [][]int `json:"responses"`
	Tables    bool    `json:"tables"` // write the tables after the step
}

type refOutput struct {
	Tag     string      `json:"tag"`
	Torch   string      `json:"torch"`
	Presets []refPreset `json:"presets"`
}

type refPreset struct {
	Name    string               `json:"name"`
	Config  Config               `json:"config"`
	Tokens  [][]string           `json:"tokens"`  // [iteration][row]: one digit per token id
	Metrics []map[string]float64 `json:"metrics"` // per iteration
	Actor   []float64            `json:"actor"`   // the final tables
	Critic  []float64            `json:"critic"`
	OneStep []refOneStep         `json:"onestep"`
}

type refOneStep struct {
	Iteration int                `json:"iteration"`
	Metrics   map[string]float64 `json:"metrics"`
	Actor     []float64          `json:"actor"`  // nil: not written
	Critic    []float64          `json:"critic"` // nil: not written
	Beta      float64            `json:"beta"`
}

func writeReferenceInput(t *testing.T, path string) {
	var in refInput
	for n, run := range referenceRuns {
		cfg := referenceConfig(t, n)
		p := refInputPreset{Name: run.Preset, Config: cfg, Final: firstOfRelease(run.Release, run.Preset)}
		tr, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < cfg.Iterations; k++ {
			st := tr.State()
			it, err := tr.Step()
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range oneStepAt {
				if at == k {
					p.States = append(p.States, refState{State: st, Responses: it.Batch.Responses, Tables: slices.Contains(run.Tables, k)})
				}
			}
		}
		in.Presets = append(in.Presets, p)
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// firstOfRelease reports whether preset is the first reference run at release.
func firstOfRelease(release, preset string) bool {
	for _, run := range referenceRuns {
		if run.Release == release {
			return run.Preset == preset
		}
	}
	return false
}

func readReference(t *testing.T) refOutput {
	f, err := os.Open("testdata/reference/reference.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out refOutput
	if err := json.NewDecoder(z).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// near reports whether x and y agree within tol·max(1, |y|).
func near(x, y, tol float64) bool {
	return math.Abs(x-y) <= tol*math.Max(1, math.Abs(y))
}

func tokenString(row []int) string {
	var s strings.Builder
	for _, tok := range row {
		s.WriteByte(byte('0' + tok))
	}
	return s.String()
}

// compareMetrics fails on the first metric missing on either side or drifting beyond tol.
func compareMetrics(t *testing.T, where string, got map[string]float64, want map[string]float64, tol float64) {
	t.Helper()
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Fatalf("%s: the app logs no %s (the reference: %.17g)", where, name, w)
		}
		if !near(g, w, tol) {
			t.Fatalf("%s: %s = %.17g, the reference %.17g", where, name, g, w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Fatalf("%s: the app logs %s, which the reference does not", where, name)
		}
	}
}

func compareTable(t *testing.T, where string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d entries, the reference %d", where, len(got), len(want))
	}
	for k := range want {
		if !near(got[k], want[k], tol) {
			t.Fatalf("%s[%d] = %.17g, the reference %.17g", where, k, got[k], want[k])
		}
	}
}

func metricMap(it Iteration) map[string]float64 {
	all := it.All()
	m := make(map[string]float64, len(all))
	for _, x := range all {
		m[x.Name] = x.Value
	}
	return m
}

// TestTrainMatchesReference compares the app's runs with the torch
// reference's (verl's own functions at the release's tag): every sampled
// token identical, every metric and the final tables within
// 1e-6·max(1, |x|), and from the app's states at oneStepAt one
// teacher-forced iteration within 1e-10·max(1, |x|). The final tables are
// compared for the first run of each release (the file stays small).
func TestTrainMatchesReference(t *testing.T) {
	if *exportStates != "" {
		writeReferenceInput(t, *exportStates)
		return
	}
	ref := readReference(t)
	if len(ref.Presets) == 0 {
		t.Fatal("the reference has no preset")
	}
	if len(ref.Presets) != len(referenceRuns) {
		t.Fatalf("the reference has %d runs, want %d; run train_ref.py again", len(ref.Presets), len(referenceRuns))
	}
	for n, rp := range ref.Presets {
		cfg := referenceConfig(t, n)
		if rp.Name != referenceRuns[n].Preset || cfg != rp.Config {
			t.Fatalf("%s: the preset is not the one the reference ran (%+v); run train_ref.py again", rp.Name, rp.Config)
		}
		res, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Iterations) != len(rp.Tokens) {
			t.Fatalf("%s: %d iterations, the reference %d", rp.Name, len(res.Iterations), len(rp.Tokens))
		}
		for k, it := range res.Iterations {
			for i, row := range it.Batch.Responses {
				got, want := tokenString(row), rp.Tokens[k][i]
				if got != want {
					for t2 := range got {
						if got[t2] != want[t2] {
							t.Fatalf("%s: the first differing token is at iteration %d, row %d, position %d: %c, the reference %c", rp.Name, k, i, t2, got[t2], want[t2])
						}
					}
				}
			}
			compareMetrics(t, fmt.Sprintf("%s %s iteration %d", rp.Name, cfg.Release, k), metricMap(it), rp.Metrics[k], 1e-6)
		}
		if firstOfRelease(cfg.Release, rp.Name) || rp.Actor != nil {
			compareTable(t, rp.Name+" "+cfg.Release+" final actor", res.Final.Actor, rp.Actor, 1e-6)
			compareTable(t, rp.Name+" "+cfg.Release+" final critic", res.Final.Critic, rp.Critic, 1e-6)
		}

		if len(rp.OneStep) != len(oneStepIn(cfg)) {
			t.Fatalf("%s: %d one-step checks, want %d", rp.Name, len(rp.OneStep), len(oneStepIn(cfg)))
		}
		tr, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, os1 := range rp.OneStep {
			for tr.State().Iteration < os1.Iteration {
				if _, err := tr.Step(); err != nil {
					t.Fatal(err)
				}
			}
			one, err := Resume(cfg, tr.State())
			if err != nil {
				t.Fatal(err)
			}
			it, err := one.Step()
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s %s one step at %d", rp.Name, cfg.Release, os1.Iteration)
			compareMetrics(t, where, metricMap(it), os1.Metrics, 1e-10)
			st := one.State()
			if os1.Actor != nil || slices.Contains(referenceRuns[n].Tables, os1.Iteration) {
				compareTable(t, where+": actor", st.Actor, os1.Actor, 1e-10)
				compareTable(t, where+": critic", st.Critic, os1.Critic, 1e-10)
			}
			if !near(st.Beta, os1.Beta, 1e-10) {
				t.Fatalf("%s: β = %.17g, the reference %.17g", where, st.Beta, os1.Beta)
			}
		}
	}
}
