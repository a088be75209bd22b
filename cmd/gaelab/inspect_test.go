package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/inspect"
)

// dump is one step of a run as a verl trainer would save it, its run's
// advantages and returns computed by the engine for release ver with lam
// (which may differ from the config's lamConfig: a run that is not exact).
type dump struct {
	B, R            int
	ver             string
	lam, lamConfig  float64
	seed            uint64
	empty, truncate bool // row 0 has no valid token; row 1 fills all R
}

// write saves d as an .npz (np.savez's layout: a stored zip of .npy
// entries) with a config sidecar.
func (d dump) write(t testing.TB, path string) {
	t.Helper()
	rel, err := engine.ParseRelease(d.ver)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(d.seed, 7))
	mask, rew, val := engine.NewMatrix(d.B, d.R), engine.NewMatrix(d.B, d.R), engine.NewMatrix(d.B, d.R)
	for i := range d.B {
		L := 1 + rng.IntN(d.R)
		switch {
		case d.empty && i == 0:
			L = 0
		case d.truncate && i == 1:
			L = d.R
		case L == d.R:
			L--
		}
		for t := range L {
			mask[i][t] = 1
			val[i][t] = float64(float32(rng.Float64()))
		}
		if L > 0 {
			rew[i][L-1] = float64(rng.IntN(2))
		}
	}
	g := engine.GAE(rel.Gen, rew, val, mask, 1, d.lam)
	if g.WhitenErr != nil {
		t.Fatal(g.WhitenErr)
	}
	cfg, _ := json.Marshal(map[string]any{"gamma": 1, "lam": d.lamConfig, "ver": d.ver})
	writeNPZ(t, path, map[string][][]float64{"response_mask": mask, "token_level_rewards": rew, "values": val, "advantages": g.Whitened, "returns": g.Returns}, string(cfg))
}

// writeNPZ writes float32 matrices and a 0-d str config as np.savez does.
func writeNPZ(t testing.TB, path string, tensors map[string][][]float64, config string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	entry := func(name, descr string, shape string, data []byte) {
		header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape)
		pad := 64 - (10+len(header)+1)%64
		header += strings.Repeat(" ", pad%64) + "\n"
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("\x93NUMPY\x01\x00"))
		binary.Write(w, binary.LittleEndian, uint16(len(header)))
		w.Write([]byte(header))
		w.Write(data)
	}
	for name, m := range tensors {
		var data []byte
		for _, row := range m {
			for _, x := range row {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(float32(x)))
			}
		}
		entry(name, "<f4", fmt.Sprintf("(%d, %d)", len(m), len(m[0])), data)
	}
	runes := []rune(config)
	var data []byte
	for _, r := range runes {
		data = binary.LittleEndian.AppendUint32(data, uint32(r))
	}
	entry("config", fmt.Sprintf("<U%d", len(runes)), "()", data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// inspectCLI runs "gaelab inspect args…" as main would: its output and
// exit status.
func inspectCLI(args ...string) (string, int) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"inspect"}, args...), func(string) string { return "" }, strings.NewReader(""), &out, &errOut)
	if err != nil && !silent(err) {
		fmt.Fprintf(&out, "\nerror: %v", err)
	}
	return out.String(), exitStatus(err)
}

// TestInspectExitCodes: 0 when the run's numbers are the chosen release's,
// 1 when not, 2 on a usage or file error; the file's config wins unless a
// flag gives the key.
func TestInspectExitCodes(t *testing.T) {
	dir := t.TempDir()
	exact := filepath.Join(dir, "exact.npz")
	dump{B: 8, R: 16, ver: "v0.4.1", lam: 0.95, lamConfig: 0.95, seed: 1}.write(t, exact)
	wrongLam := filepath.Join(dir, "wrong_lam.npz")
	dump{B: 8, R: 16, ver: "v0.9.0", lam: 0.9, lamConfig: 0.95, seed: 2}.write(t, wrongLam)
	// The compute API's JSON case, read as JSON by its extension (float64: exact at 1e-9).
	rel, _ := engine.ParseRelease("v0.5.0")
	mask := [][]float64{{1, 1, 1, 0}, {1, 1, 1, 1}}
	rew, val := [][]float64{{0, 0, 1, 0}, {0, 0, 0, 0.5}}, [][]float64{{0.3, 0.4, 0.6, 0}, {0.2, 0.1, 0.5, 0.7}}
	g := engine.GAE(rel.Gen, rew, val, mask, 1, 0.95)
	jsonCase, _ := json.Marshal(map[string]any{"inputs": map[string]any{"response_mask": mask, "token_level_rewards": rew, "values": val, "advantages": g.Whitened, "returns": g.Returns},
		"config": map[string]any{"gamma": 1, "lam": 0.95, "ver": "v0.5.0"}})
	jsonFile := filepath.Join(dir, "case.json")
	os.WriteFile(jsonFile, jsonCase, 0o644)
	garbage := filepath.Join(dir, "garbage.npz")
	os.WriteFile(garbage, []byte("PK\x03\x04 not a zip"), 0o644)

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{exact}, 0, "verdict: exact"},
		{[]string{exact, "--json"}, 0, `"verdict": "exact"`},
		{[]string{"--lam", "0.5", exact}, 1, "verdict: not exact"}, // a flag wins over the file's config
		{[]string{exact, "--ver", "v0.2"}, 0, "verl v0.2 (G01"},    // right-padded: v0.2's loop gives the same numbers
		{[]string{wrongLam}, 1, "nothing tried reproduces them"},
		{[]string{jsonFile}, 0, "verl v0.5.0 (G06"},
		{[]string{jsonFile, "--lam", "0.9"}, 1, "verdict: not exact"},
		{[]string{wrongLam, "--lam", "0.9"}, 0, "verdict: exact"},
		{[]string{garbage}, 2, "garbage.npz"},
		{[]string{filepath.Join(dir, "missing.npz")}, 2, "no such file"},
		{[]string{}, 2, "want one FILE or DIR, got 0"},
		{[]string{exact, wrongLam}, 2, "want one FILE or DIR, got 2"},
		{[]string{"--nope", exact}, 2, "flag provided but not defined"},
		{[]string{exact, "--ver", "v9"}, 2, "not a verl release"},
		{[]string{exact, "--gamma", "2"}, 2, "outside [0, 1]"},
	} {
		out, code := inspectCLI(tc.args...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("gaelab inspect %v: exit %d, want %d with %q:\n%s", tc.args, code, tc.code, tc.want, out)
		}
	}
	out, _ := inspectCLI(exact, "--json")
	var rep struct {
		Verdict string `json:"verdict"`
		Config  struct {
			Lam float64 `json:"lam"`
			Ver string  `json:"ver"`
		} `json:"config"`
		Check struct {
			Advantages struct {
				ExplainedBy string `json:"explained_by"`
			} `json:"advantages"`
		} `json:"check"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Config.Lam != 0.95 || rep.Config.Ver != "v0.4.1" || rep.Check.Advantages.ExplainedBy != "exact" {
		t.Errorf("--json: %v %+v\n%s", err, rep, out)
	}
}

// TestInspectDir: a run's directory in step order (batch_2 before
// batch_10), per step the verdict, the whitening statistics, the critic's
// explained variance and the empty and truncated rows, and the first step
// that is not exact.
func TestInspectDir(t *testing.T) {
	dir := t.TempDir()
	steps := []int{1, 2, 3, 10, 11, 20}
	for _, s := range steps {
		d := dump{B: 6, R: 12, ver: "v0.5.0", lam: 0.95, lamConfig: 0.95, seed: uint64(s)}
		if s == 10 || s == 20 {
			d.lam = 0.8 // the run used another λ than its config says
		}
		d.empty, d.truncate = s == 3, s == 3
		d.write(t, filepath.Join(dir, fmt.Sprintf("batch_%d.npz", s)))
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a dump"), 0o644)

	out, code := inspectCLI(dir)
	if code != 1 || !strings.Contains(out, "first step not exact: 10 ("+filepath.Join(dir, "batch_10.npz")+")") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, code = inspectCLI("--json", dir)
	var run struct {
		Steps []struct {
			Step              int      `json:"step"`
			Verdict           string   `json:"verdict"`
			ExplainedVariance *float64 `json:"explained_variance"`
			EmptyRows         []int    `json:"empty_rows"`
			TruncatedRows     []int    `json:"truncated_rows"`
			Batch             struct {
				WhitenMean float64 `json:"whiten_mean"`
				WhitenVar  float64 `json:"whiten_var_unbiased"`
			} `json:"batch"`
		} `json:"steps"`
		First *struct {
			Step int `json:"step"`
		} `json:"first_not_exact"`
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if len(run.Steps) != len(steps) || run.First == nil || run.First.Step != 10 {
		t.Fatalf("steps %d, first %+v", len(run.Steps), run.First)
	}
	for k, s := range run.Steps {
		want := "exact"
		if s.Step == 10 || s.Step == 20 {
			want = "not_exact"
		}
		if s.Step != steps[k] || s.Verdict != want || s.ExplainedVariance == nil || s.Batch.WhitenVar <= 0 {
			t.Errorf("step %d: %+v, want step %d %s", k, s, steps[k], want)
		}
		if wantRows := s.Step == 3; (len(s.EmptyRows) == 1 && s.EmptyRows[0] == 0 && len(s.TruncatedRows) == 1 && s.TruncatedRows[0] == 1) != wantRows {
			t.Errorf("step %d: empty %v, truncated %v", s.Step, s.EmptyRows, s.TruncatedRows)
		}
	}
	// Every step exact: exit 0.
	for _, s := range []int{10, 20} {
		os.Remove(filepath.Join(dir, fmt.Sprintf("batch_%d.npz", s)))
	}
	if out, code := inspectCLI(dir); code != 0 || !strings.Contains(out, "every step is exact (4 steps)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// A file that is not a dump (unreadable, or JSON that is no batch) is
	// skipped with a note; the run goes on.
	os.WriteFile(filepath.Join(dir, "batch_4.safetensors"), []byte("xx"), 0o644)
	os.WriteFile(filepath.Join(dir, "metrics.json"), []byte(`{"step": 4}`), 0o644)
	if out, code := inspectCLI(dir); code != 0 || !strings.Contains(out, "skipped "+filepath.Join(dir, "batch_4.safetensors")+": not a dump") ||
		!strings.Contains(out, "skipped "+filepath.Join(dir, "metrics.json")+": not a dump") || !strings.Contains(out, "every step is exact (4 steps)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// A dump that is wrong stops the run: exit 2, naming it.
	writeNPZ(t, filepath.Join(dir, "batch_5.npz"), map[string][][]float64{"response_mask": {{1, 2}}, "token_level_rewards": {{0, 1}}}, "{}")
	if out, code := inspectCLI(dir); code != 2 || !strings.Contains(out, "batch_5.npz") {
		t.Errorf("a wrong dump: exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(t.TempDir()); code != 2 || !strings.Contains(out, "holds no dump") {
		t.Errorf("empty directory: exit %d:\n%s", code, out)
	}
}

// BenchmarkInspectDir20x64x512 is the budget: a run directory of
// 20 steps of 64 × 512 checked in ≤ 5 s.
func BenchmarkInspectDir20x64x512(b *testing.B) {
	dir := b.TempDir()
	for s := range 20 {
		dump{B: 64, R: 512, ver: "v0.9.0", lam: 0.95, lamConfig: 0.95, seed: uint64(s)}.write(b, filepath.Join(dir, fmt.Sprintf("batch_%d.npz", s)))
	}
	b.ResetTimer()
	for b.Loop() {
		if err := runInspect([]string{dir}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInspectDir20x64x1024 is #37's budget: a run directory of 20
// steps of 64 × 1,024 in ≤ 10 s, at its worst: every step not exact (its
// λ is not the config's), so that each is put through the candidates and
// the fit, and the command exits 1.
func BenchmarkInspectDir20x64x1024(b *testing.B) {
	dir := b.TempDir()
	for s := range 20 {
		dump{B: 64, R: 1024, ver: "v0.9.0", lam: 0.95, lamConfig: 0.9, seed: uint64(s)}.write(b, filepath.Join(dir, fmt.Sprintf("step%d.npz", s)))
	}
	b.ResetTimer()
	for b.Loop() {
		if err := runInspect([]string{dir}, io.Discard); exitStatus(err) != exitNotExact {
			b.Fatalf("exit %d (%v), want %d", exitStatus(err), err, exitNotExact)
		}
	}
}

// BenchmarkInspectFile256x4096 is the budget: gaelab inspect on
// one 256 × 4,096 f32 file in ≤ 1 s.
func BenchmarkInspectFile256x4096(b *testing.B) {
	f := filepath.Join(b.TempDir(), "batch.npz")
	dump{B: 256, R: 4096, ver: "v0.9.0", lam: 0.95, lamConfig: 0.95, seed: 1}.write(b, f)
	b.ResetTimer()
	for b.Loop() {
		if err := runInspect([]string{f}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// TestInspectMetrics: each step carries verl's compute_data_metrics of its
// release under verl's names: v0.6.0 on leaves the empty row out of
// critic/rewards/* and counts it in response/aborted_ratio, v0.5.0 has
// neither; the text prints the explained variance the JSON holds.
func TestInspectMetrics(t *testing.T) {
	for _, c := range []struct {
		ver     string
		aborted bool
	}{{"v0.5.0", false}, {"v0.6.0", true}} {
		f := filepath.Join(t.TempDir(), "batch.npz")
		d := dump{B: 6, R: 12, ver: c.ver, lam: 0.95, lamConfig: 0.95, seed: 4, empty: true}
		d.write(t, f)
		out, code := inspectCLI("--json", f)
		var rep struct {
			Metrics           map[string]*float64 `json:"metrics"`
			ExplainedVariance *float64            `json:"explained_variance"`
			Rows              []struct {
				Length int     `json:"length"`
				Score  float64 `json:"score"`
			} `json:"rows"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
			t.Fatalf("%s: exit %d, %v:\n%s", c.ver, code, err, out)
		}
		var sum, n float64
		for _, r := range rep.Rows {
			if r.Length > 0 || !c.aborted {
				sum, n = sum+r.Score, n+1
			}
		}
		mean := rep.Metrics["critic/rewards/mean"]
		if mean == nil || math.Abs(*mean-sum/n) > 1e-12 {
			t.Errorf("%s: critic/rewards/mean = %v, want %v over %v rows", c.ver, mean, sum/n, n)
		}
		if r, ok := rep.Metrics["response/aborted_ratio"]; ok != c.aborted || (ok && math.Abs(*r-1.0/6) > 1e-12) {
			t.Errorf("%s: response/aborted_ratio %v (present %v), want present %v", c.ver, r, ok, c.aborted)
		}
		ev := rep.Metrics["critic/vf_explained_var"]
		if ev == nil || rep.ExplainedVariance == nil || *ev != *rep.ExplainedVariance {
			t.Fatalf("%s: vf_explained_var %v, explained_variance %v", c.ver, ev, rep.ExplainedVariance)
		}
		if text, _ := inspectCLI(f); !strings.Contains(text, "explained variance "+num(*ev)+"\n") {
			t.Errorf("%s: the text lacks explained variance %s:\n%s", c.ver, num(*ev), text)
		}
	}
}

// TestStepOf: a dump's step is the number after "step", else the last
// number in its name.
func TestStepOf(t *testing.T) {
	for name, want := range map[string]int{"step7_rank0.npz": 7, "global_step_12_rank3.npz": 12, "batch_12.npz": 12, "dump.npz": -1, "Step3.safetensors": 3} {
		if got := inspect.StepOf(name); got != want {
			t.Errorf("inspect.StepOf(%q) = %d, want %d", name, got, want)
		}
	}
}

// TestInspectRewardVerdict: a batch whose rewards verl made with another β
// than its config says (web/verify/inverl/make_reward.py) used to print
// "exact" and exit 0 (its advantages follow its rewards). Now the CLI
// prints the page's finding, the reward check's fit and the verdict, exits
// 1, and the JSON's verdict and blocking say the same; --allow accepts it.
func TestInspectRewardVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	beta := filepath.Join(dir, "verl_reward_v0.9.0_beta.npz")
	out, code := inspectCLI(beta)
	for _, want := range []string{
		"advantages match the chosen release",
		"token_level_rewards: ", "cells are not token_level_scores − β·KL with the config's β and kl_penalty",
		"The rewards fit kl_penalty low_var_kl with β = 0.2",
		"Blocking findings: reward_kl_mismatch.",
		"verdict: not exact (blocking: reward_kl_mismatch)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	out, code = inspectCLI("--json", beta)
	var rep struct {
		Verdict  string   `json:"verdict"`
		Blocking []string `json:"blocking"`
		Exact    bool     `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || rep.Verdict != "not_exact" || rep.Exact || len(rep.Blocking) != 1 || rep.Blocking[0] != "reward_kl_mismatch" {
		t.Errorf("exit %d, %v: %+v", code, err, rep)
	}
	if out, code := inspectCLI("--allow", "reward_kl_mismatch", beta); code != 0 || !strings.Contains(out, "verdict: exact\n") || !strings.Contains(out, "Allowed by the link: reward_kl_mismatch.") {
		t.Errorf("--allow: exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI("--allow", "no_such_kind", beta); code != 2 || !strings.Contains(out, "allow") {
		t.Errorf("--allow no_such_kind: exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_reward_v0.2_ok.npz")); code != 0 || !strings.Contains(out, "The rewards fit kl_penalty low_var_kl with β = 0.05") {
		t.Errorf("verl's own reward: exit %d:\n%s", code, out)
	}
	// In a run, the first step not exact follows the verdict.
	run := t.TempDir()
	for k, name := range []string{"verl_reward_v0.9.0_ok.npz", "verl_reward_v0.9.0_type.npz"} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		os.WriteFile(filepath.Join(run, fmt.Sprintf("step%d.npz", k+1)), data, 0o644)
	}
	if out, code := inspectCLI(run); code != 1 || !strings.Contains(out, "first step not exact: 2") || !strings.Contains(out, "The rewards fit kl_penalty kl with β = 0.05") {
		t.Errorf("run: exit %d:\n%s", code, out)
	}
}

// TestInspectMaskVerdict: a mask one token short of verl's
// compute_response_mask (web/verify/inverl/make_mask.py) exits 1 with the
// page's finding; verl's own mask exits 0.
func TestInspectMaskVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	out, code := inspectCLI(filepath.Join(dir, "verl_mask_v0.9.0_short.npz"))
	if code != 1 || !strings.Contains(out, "response_mask: 8 cells disagree with the response part of attention_mask") || !strings.Contains(out, "blocking: mask_disagrees_attention") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_mask_v0.9.0_multiturn.npz")); code != 0 {
		t.Errorf("multi-turn: exit %d:\n%s", code, out)
	}
}

// TestInspectSliceAndCriticFree: the critic sliced one position off on
// sparse rewards (make_slice.py) and the uids np.tile lays out
// (make_critic_free.py) exit 1 with the page's finding and the blocking
// kind; verl's own slice, and ReMax with its reward_baselines, exit 0.
func TestInspectSliceAndCriticFree(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	for _, tc := range []struct {
		file, want string
		code       int
	}{
		{"verl_slice_v0.7.1_slice.npz", "blocking: values_shifted_in_groups", 1},
		{"verl_free_v0.9.0_grpo_uid.npz", "blocking: uid_misaligned", 1},
		{"verl_free_v0.9.0_rpp_gamma.npz", "REINFORCE++ with γ = 0.9", 1},
		{"verl_slice_v0.7.1_ok.npz", "verdict: exact\n", 0},
		{"verl_free_v0.9.0_remax.npz", "verdict: exact\n", 0},
	} {
		if out, code := inspectCLI(filepath.Join(dir, tc.file)); code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, want %d and %q:\n%s", tc.file, code, tc.code, tc.want, out)
		}
	}
}

// cliClass is one class of #37 as the CLI reads it (web/inspect's
// verdictClasses: the same fixtures, made with verl's own functions): the
// fixture, the flags (--config for the page's sidecar), the blocking kind
// ("-": not exact with nothing blocking, "": exact, "error": exit 2) and
// a line the output must hold (a note, or the error's message).
type cliClass struct {
	file           string
	args           []string
	blocking, text string
}

var cliClasses = []cliClass{
	{"verl_loop_v0.2_whitened_returns.npz", nil, "-", ""},
	{"verl_whitestats_f32_cell.npz", nil, "-", ""},
	{"verl_reward_v0.9.0_beta.npz", nil, "reward_kl_mismatch", ""},
	{"verl_mask_v0.9.0_short.npz", nil, "mask_disagrees_attention", ""},
	{"verl_eos_v0.9.0_past.npz", nil, "mask_disagrees_eos", ""},
	{"verl_slice_v0.7.1_slice.npz", nil, "values_shifted_in_groups", ""},
	{"verl_free_v0.9.0_grpo_uid.npz", nil, "uid_misaligned", ""},
	{"verl_grpo_std_v0.9.0_pop.npz", nil, "grpo_population_std", ""},
	{"verl_grpo_std_v0.9.0_single.npz", nil, "every_group_singleton", ""},
	{"verl_whitestats_bf16_mean5.safetensors", nil, "whitening_stats_differ", ""},
	{"verl_critic_v0.9.0_ok.npz", []string{"--ver", "v0.5.0"}, "values_where_masked", ""},
	{"verl_critic_v0.9.0_ok.npz", nil, "", ""},
	{"verl_slice_v0.7.1_ok.npz", nil, "", ""},
	{"verl_free_v0.9.0_remax.npz", nil, "", ""},
	{"verl_reward_v0.9.0_type.npz", nil, "reward_kl_mismatch", ""},
	{"verl_reward_v0.2_beta.npz", nil, "reward_kl_mismatch", ""},
	{"verl_grpo_std_v0.9.0_some.npz", nil, "", "uid groups hold a single response"},
	{"verl_free_v0.9.0_rpp_gamma.npz", nil, "-", "REINFORCE++"},
	{"verl_whitestats_f16_std5.npz", nil, "whitening_stats_differ", ""},
	{"verl_critic_v0.2_raw.npz", nil, "values_where_masked", ""},
	{"verl_mask_v0.9.0_multiturn.npz", nil, "", ""},
	{"verl_grpo_std_v0.9.0_ok.npz", []string{"--config", "verl_config_v0.9.0_algorithm.json"}, "", "keys the check does not use were read and ignored"},
	{"verl_grpo_std_v0.9.0_ok.npz", []string{"--config", "verl_config_v0.9.0_hydra.yaml"}, "", "algorithm.filter_groups"},
	{"verl_grpo_std_v0.9.0_ok.npz", []string{"--config", "verl_config_v0.4.1_hydra.yaml", "--ver", "v0.9.0"}, "", "keys the check does not use were read and ignored"},
	{"verl_reward_v0.9.0_beta.npz", []string{"--config", "verl_config_v0.9.0_hydra.yaml", "--estimator", "gae", "--kl-penalty", "low_var_kl", "--lam", "0.95"}, "", "the adaptive kl_ctrl moved β"},
	{"verl_reward_v0.9.0_beta.npz", []string{"--config", "verl_config_v0.9.0_hydra.yaml", "--estimator", "gae", "--kl-penalty", "low_var_kl", "--lam", "0.95", "--kl-ctrl", "fixed"}, "reward_kl_mismatch", ""},
	{"verl_grpo_std_v0.9.0_ok.npz", []string{"--estimator", "optimal_token_baseline"}, "error", "GAE Lab does not model"},
	{"verl_rollout_v0.9.0.jsonl", nil, "error", "dump_batch"},
	{"verl_batch_v0.9.0.pt", nil, "error", "dump_batch"},
	{"verl_mask_v0.9.0_short.npz", nil, "mass_where_masked", ""},
	{"verl_loop_v0.2_whitened_returns.npz", []string{"--ver", "v0.9.0"}, "fit_out_of_range", "lies outside [0, 1]"},
	{"verl_reward_v0.9.0_off.npz", nil, "reward_kl_mismatch", ""},
	{"verl_eos_v0.9.0_noid.npz", nil, "", "no eos_token_id"},
	{"verl_critic_v0.4.1_raw.npz", nil, "values_where_masked", ""},
	{"verl_critic_v0.5.0_raw.npz", nil, "values_where_masked", ""},
	{"verl_critic_v0.2_ok.npz", nil, "", ""},
	{"verl_critic_v0.4.1_ok.npz", nil, "", ""},
	{"verl_critic_v0.5.0_ok.npz", nil, "", ""},
	{"verl_empty_v0.4.1_noid.npz", nil, "", "rows       2 empty [2 5]"},
	{"verl_empty_v0.9.0_noid.npz", nil, "", "rows       2 empty [2 5]"},
	{"verl_empty_v0.4.1_noid.npz", []string{"--ver", "v0.9.0"}, "", "rows       2 empty [2 5]"},
}

// args are the class's command line, its files in web/inspect/testdata.
func (c cliClass) argv(dir string) []string {
	args := []string{filepath.Join(dir, c.file)}
	for i := 0; i < len(c.args); i++ {
		args = append(args, c.args[i])
		if c.args[i] == "--config" {
			i++
			args = append(args, filepath.Join(dir, c.args[i]))
		}
	}
	return args
}

// TestInspectEveryClass: the CLI gives each class's fixture of #37 the
// verdict web/inspect's TestVerdictEveryClass holds the page and the API
// to (the same fixtures and config): its verdict line, the blocking kind,
// the note, and exit 0 when exact, 1 when not, 2 for a file that holds no
// batch or an estimator the app does not model.
func TestInspectEveryClass(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	for _, tc := range cliClasses {
		out, code := inspectCLI(tc.argv(dir)...)
		want, wantCode, kind := "verdict: exact\n", 0, tc.blocking
		switch tc.blocking {
		case "-":
			want, wantCode, kind = "verdict: not exact\n", 1, ""
		case "error":
			want, wantCode, kind = "\nerror: ", 2, ""
		case "":
		default:
			want, wantCode = "verdict: not exact (blocking: ", 1
		}
		if code != wantCode || !strings.Contains(out, want) || !strings.Contains(out, kind) || !strings.Contains(out, tc.text) {
			t.Errorf("%s %v: exit %d, want %d, %q, %q and %q:\n%s", tc.file, tc.args, code, wantCode, want, kind, tc.text, out)
		}
	}
}

// TestInspectHTML: --html writes, for each class's fixture, one HTML file
// that parses, holds every finding and verdict line the CLI prints (which
// are the page's: web/inspect's TestOfflinePageEveryClass compares the
// file with the served view) and fetches nothing; the exit code stays the
// verdict's. --lang zh writes the Chinese page; a bad --lang or an
// unwritable path exits 2; a run directory writes its first step that is
// not exact.
func TestInspectHTML(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	tmp := t.TempDir()
	for i, tc := range cliClasses {
		if tc.blocking == "error" {
			continue
		}
		page := filepath.Join(tmp, fmt.Sprintf("class%d.html", i))
		text, code := inspectCLI(append(tc.argv(dir), "--html", page)...)
		if wantCode := map[bool]int{true: 0, false: 1}[tc.blocking == ""]; code != wantCode {
			t.Errorf("%s: exit %d with --html, want %d", tc.file, code, wantCode)
		}
		doc := htmlDoc(t, page)
		main := squashSpace(doc.Find("main").Text())
		lines := strings.Split(strings.TrimSpace(text), "\n")
		notes := 0
		for _, l := range lines[1 : len(lines)-1] {
			if l = strings.TrimSpace(l); slices.ContainsFunc([]string{"advantages ", "returns ", "whitening ", "critic ", "rows "}, func(p string) bool { return strings.HasPrefix(l, p) }) {
				continue
			}
			notes++
			if !strings.Contains(main, squashSpace(l)) {
				t.Errorf("%s: the page lacks the CLI's line %q", tc.file, l)
			}
		}
		if notes == 0 || !strings.Contains(main, "Verdict: ") {
			t.Errorf("%s: %d finding lines, verdict shown %v:\n%s", tc.file, notes, strings.Contains(main, "Verdict: "), text)
		}
		if tc.blocking != "" && tc.blocking != "-" && !strings.Contains(squashSpace(doc.Find("[data-testid=inspect-verdict]").Text()), tc.blocking) {
			t.Errorf("%s: the verdict does not name %s", tc.file, tc.blocking)
		}
		selfContained(t, tc.file, doc)
	}

	zh := filepath.Join(tmp, "zh.html")
	if _, code := inspectCLI(filepath.Join(dir, "verl_reward_v0.9.0_beta.npz"), "--html", zh, "--lang", "zh"); code != 1 {
		t.Errorf("--lang zh: exit %d", code)
	}
	if doc := htmlDoc(t, zh); doc.Find("html").AttrOr("lang", "") != "zh" || !strings.Contains(doc.Find("main").Text(), "reward_kl_mismatch") {
		t.Errorf("--lang zh: lang %q", doc.Find("html").AttrOr("lang", ""))
	}
	for _, bad := range [][]string{{"--lang", "fr", "--html", zh}, {"--html", filepath.Join(tmp, "no", "such", "dir.html")}} {
		if out, code := inspectCLI(append([]string{filepath.Join(dir, "verl_critic_v0.9.0_ok.npz")}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2:\n%s", bad, code, out)
		}
	}

	run := filepath.Join(tmp, "run")
	os.Mkdir(run, 0o755)
	dump{B: 4, R: 8, ver: "v0.5.0", lam: 0.95, lamConfig: 0.95, seed: 1}.write(t, filepath.Join(run, "step1.npz"))
	dump{B: 3, R: 6, ver: "v0.5.0", lam: 0.8, lamConfig: 0.95, seed: 2}.write(t, filepath.Join(run, "step2.npz"))
	dump{B: 5, R: 7, ver: "v0.5.0", lam: 0.95, lamConfig: 0.95, seed: 3}.write(t, filepath.Join(run, "step3.npz"))
	page := filepath.Join(tmp, "run.html")
	if out, code := inspectCLI(run, "--html", page); code != 1 {
		t.Errorf("run: exit %d:\n%s", code, out)
	}
	// The run view, as /inspect shows a run's zip: every step, step 2
	// (another λ than its config) the first not exact, marked.
	doc := htmlDoc(t, page)
	var order []string
	doc.Find("[data-testid=inspect-run-step]").Each(func(_ int, s *goquery.Selection) { order = append(order, s.AttrOr("data-step", "")) })
	first := squashSpace(doc.Find("[data-testid=inspect-run-first]").Text())
	if strings.Join(order, ",") != "1,2,3" || !strings.HasPrefix(first, "First step not exact: 2 (step2.npz): not exact") ||
		doc.Find(".first-not-exact").AttrOr("data-step", "") != "2" || doc.Find("[data-testid=inspect-run-charts] svg").Length() != 1 {
		t.Errorf("run: steps %v, first %q, marked %q", order, first, doc.Find(".first-not-exact").AttrOr("data-step", ""))
	}
	if doc.Find("script, form, link[href]:not([href^='data:'])").Length() != 0 {
		t.Error("run: the offline page keeps a script, form or link to the server")
	}
}

func htmlDoc(t *testing.T, path string) *goquery.Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := goquery.NewDocumentFromReader(f)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

var spaceRun = regexp.MustCompile(`\s+`)

func squashSpace(s string) string { return strings.TrimSpace(spaceRun.ReplaceAllString(s, " ")) }

// selfContained fails for a script or form, or an attribute or style
// url() a browser would fetch (anything but data: and #fragment).
func selfContained(t *testing.T, name string, doc *goquery.Document) {
	t.Helper()
	if n := doc.Find("script, form, iframe, base").Length(); n > 0 {
		t.Errorf("%s: %d scripts or forms", name, n)
	}
	doc.Find("[src], [href], [action], [srcset]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"src", "href", "action", "srcset"} {
			if v, ok := s.Attr(a); ok && !strings.HasPrefix(v, "data:") && !strings.HasPrefix(v, "#") {
				t.Errorf("%s: %s=%q", name, a, v)
			}
		}
	})
	for _, m := range regexp.MustCompile(`url\(\s*["']?([^"')\s]+)`).FindAllStringSubmatch(doc.Find("style").Text(), -1) {
		if !strings.HasPrefix(m[1], "data:") {
			t.Errorf("%s: style url(%s)", name, m[1])
		}
	}
	if doc.Find("style").Length() == 0 {
		t.Errorf("%s: no inline style", name)
	}
}

// TestInspectAllEmpty: a batch with no valid token has nothing to check
// (exit 1), not a vacuous match; its explained variance is NaN as verl
// v0.8.0+ gives it, and at v0.5.0, where verl raises, the metrics say so.
// The empty rows' scores at index −1 (verl's convention) are no finding.
func TestInspectAllEmpty(t *testing.T) {
	f := filepath.Join(t.TempDir(), "empty.json")
	os.WriteFile(f, []byte(`{"config": {"ver": "v0.9.0", "gamma": 1, "lam": 1}, "inputs": {"response_mask": [[0,0,0],[0,0,0]],
		"token_level_rewards": [[0,0,0.5],[0,0,1]], "values": [[0,0,0],[0,0,0]], "advantages": [[0,0,0],[0,0,0]], "returns": [[0,0,0],[0,0,0]]}}`), 0o644)
	out, code := inspectCLI(f)
	if code != 1 || !strings.Contains(out, "verdict: nothing to check\n") || !strings.Contains(out, "explained variance NaN\n") || strings.Contains(out, "mass where the mask is 0") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _ = inspectCLI("--json", "--ver", "v0.5.0", f)
	var rep struct {
		Verdict      string              `json:"verdict"`
		Metrics      map[string]*float64 `json:"metrics"`
		MetricsError string              `json:"metrics_error"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Verdict != "nothing_to_check" || !strings.Contains(rep.MetricsError, "verl raises before v0.8.0") {
		t.Errorf("%v %+v", err, rep)
	}
}

// TestInspectWhiteningStatsVerdict: a batch verl whitened with μ 0.5 % off
// (web/verify/inverl/make_whitestats.py), stored in bf16, used to print
// "exact" and exit 0; now the CLI prints the page's finding and exits 1.
// verl's own batch exits 0.
func TestInspectWhiteningStatsVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	out, code := inspectCLI(filepath.Join(dir, "verl_whitestats_bf16_mean05.safetensors"))
	if code != 1 || !strings.Contains(out, "advantages: whitening statistics differ") || !strings.Contains(out, "blocking: whitening_stats_differ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_whitestats_bf16_ok.safetensors")); code != 0 {
		t.Errorf("verl's own: exit %d:\n%s", code, out)
	}
}

// TestInspectF32Cell: one float32 advantage 1e-3 off where max |A| is 17
// (make_whitestats.py) used to be exact (1e-4·max |A|); it exits 1 now.
func TestInspectF32Cell(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	if out, code := inspectCLI(filepath.Join(dir, "verl_whitestats_f32_cell.npz")); code != 1 || !strings.Contains(out, "verdict: not exact") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_whitestats_f32_ok.npz")); code != 0 {
		t.Errorf("verl's own: exit %d:\n%s", code, out)
	}
}

// TestInspectEOSVerdict: a mask one token past verl's get_response_mask of
// the file's responses (web/verify/inverl/make_eos.py) exits 1 with the
// page's finding; without eos_token_id the CLI prints that it skipped the
// check and exits 0.
func TestInspectEOSVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	out, code := inspectCLI(filepath.Join(dir, "verl_eos_v0.9.0_past.npz"))
	if code != 1 || !strings.Contains(out, "cells disagree with verl's get_response_mask") || !strings.Contains(out, "blocking: mask_disagrees_eos") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_eos_v0.9.0_noid.npz")); code != 0 || !strings.Contains(out, "no eos_token_id") {
		t.Errorf("no id: exit %d:\n%s", code, out)
	}
}

// TestInspectSidecarStep: a run whose dumps are named without "step<N>"
// is ordered by each sidecar's step (the exporter's config entry), not by
// the last number in the name; a critic-free step prints "—" for GAE's
// whitening statistics, not 0.
func TestInspectSidecarStep(t *testing.T) {
	run := t.TempDir()
	write := func(name string, step int, est string) {
		body := `{"config": {"ver": "v0.9.0", "gamma": 1, "lam": 1, "estimator": "` + est + `", "step": ` + strconv.Itoa(step) + `}, "inputs": {"response_mask": [[1,1,0],[1,1,1]],
			"token_level_rewards": [[0,1,0],[0,0,0.5]], "values": [[0.1,0.2,0],[0.3,0.1,0.2]], "uid": ["a", "a"]}}`
		os.WriteFile(filepath.Join(run, name), []byte(body), 0o644)
	}
	write("dump_a1.json", 30, "gae")
	write("dump_b2.json", 10, "grpo")
	out, code := inspectCLI(run)
	if code != 1 || !regexp.MustCompile(`(?m)^\s+10\s.*—\s+—.*dump_b2\.json\n\s+30\s.*dump_a1\.json`).MatchString(out) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestInspectPopulationStdVerdict: GRPO normalised by the population std
// (web/verify/inverl/make_grpo_std.py) prints the page's finding and exits 1.
func TestInspectPopulationStdVerdict(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	out, code := inspectCLI(filepath.Join(dir, "verl_grpo_std_v0.9.0_pop.npz"))
	if code != 1 || !strings.Contains(out, "each group's population std") || !strings.Contains(out, "blocking: grpo_population_std") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, code := inspectCLI(filepath.Join(dir, "verl_grpo_std_v0.9.0_ok.npz")); code != 0 {
		t.Errorf("verl's own: exit %d:\n%s", code, out)
	}
}

// TestInspectSingletonVerdict: every uid group a singleton exits 1 with the
// page's finding (make_grpo_std.py).
func TestInspectSingletonVerdict(t *testing.T) {
	out, code := inspectCLI(filepath.Join("..", "..", "web", "inspect", "testdata", "verl_grpo_std_v0.9.0_single.npz"))
	if code != 1 || !strings.Contains(out, "uid groups hold a single response") || !strings.Contains(out, "blocking: every_group_singleton") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestInspectCriticFollowsRelease: v0.9.0's engine critic keeps raw values
// at observation tokens (web/verify/inverl/make_critic.py): exact as
// v0.9.0, the blocking values_where_masked as v0.5.0, whose critic zeroes
// them, worded as the page words it.
func TestInspectCriticFollowsRelease(t *testing.T) {
	file := filepath.Join("..", "..", "web", "inspect", "testdata", "verl_critic_v0.9.0_ok.npz")
	if out, code := inspectCLI(file); code != 0 {
		t.Errorf("as v0.9.0: exit %d:\n%s", code, out)
	}
	out, code := inspectCLI(file, "--ver", "v0.5.0")
	if code != 1 || !strings.Contains(out, "v0.5.0–v0.7.1's critic zeroes them") || !strings.Contains(out, "blocking: values_where_masked") {
		t.Errorf("as v0.5.0: exit %d:\n%s", code, out)
	}
}

// TestInspectVerlConfig: --config reads verl's .hydra/config.yaml whole
// (web/verify/inverl/make_config.py) and prints the keys it ignores, exit
// 0; verl's rollout JSONL is exit 2 with what it holds and how to export.
func TestInspectVerlConfig(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "inspect", "testdata")
	out, code := inspectCLI(filepath.Join(dir, "verl_grpo_std_v0.9.0_ok.npz"), "--config", filepath.Join(dir, "verl_config_v0.9.0_hydra.yaml"))
	if code != 0 || !strings.Contains(out, "keys the check does not use were read and ignored") || !strings.Contains(out, "algorithm.filter_groups") {
		t.Errorf("--config: exit %d:\n%s", code, out)
	}
	out, code = inspectCLI(filepath.Join(dir, "verl_rollout_v0.9.0.jsonl"))
	if code != 2 || !strings.Contains(out, "no token tensors") || !strings.Contains(out, "dump_batch") {
		t.Errorf("rollout JSONL: exit %d:\n%s", code, out)
	}
}

// TestInspectEveryRunClass: the classes of a run directory (#37 point 9),
// on a run made of verl's own fixtures (web/inspect/testdata, the same as
// the every-class tables): a stray file that is not a dump (verl's
// algorithm section saved beside the dumps) is skipped with a note, steps
// are ordered by step(\d+) in the name (step7_rank0.npz is step 7), a
// critic-free step prints "—" for GAE's whitening statistics, the data
// metrics come under verl's names, and the first step not exact is named,
// with its blocking kind, exit 1. No page or API reads a run yet.
func TestInspectEveryRunClass(t *testing.T) {
	src := filepath.Join("..", "..", "web", "inspect", "testdata")
	run := t.TempDir()
	for from, to := range map[string]string{
		"verl_critic_v0.9.0_ok.npz":         "step7_rank0.npz",
		"verl_reward_v0.9.0_beta.npz":       "step12_rank0.npz",
		"verl_grpo_std_v0.9.0_ok.npz":       "step3_rank1.npz",
		"verl_config_v0.9.0_algorithm.json": "algorithm.json",
	} {
		data, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(run, to), data, 0o644)
	}
	out, code := inspectCLI(run)
	order := regexp.MustCompile(`(?m)^\s+3\s+exact\s+—\s+—.*step3_rank1\.npz\n\s+7\s+exact\s.*step7_rank0\.npz\n\s+12\s+not exact \(blocking: reward_kl_mismatch\).*step12_rank0\.npz$`)
	if code != 1 || !order.MatchString(out) || !strings.Contains(out, "skipped "+filepath.Join(run, "algorithm.json")+": not a dump") ||
		!strings.Contains(out, "first step not exact: 12 ("+filepath.Join(run, "step12_rank0.npz")+"): not exact (blocking: reward_kl_mismatch)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _ = inspectCLI("--json", run)
	var rep struct {
		Steps []struct {
			Step    int                 `json:"step"`
			Metrics map[string]*float64 `json:"metrics"`
		} `json:"steps"`
		Skipped []struct {
			File string `json:"file"`
		} `json:"skipped"`
		First *struct {
			Step int `json:"step"`
		} `json:"first_not_exact"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Steps) != 3 || len(rep.Skipped) != 1 || rep.First == nil || rep.First.Step != 12 {
		t.Fatalf("%v: %+v", err, rep)
	}
	for _, name := range []string{"critic/rewards/mean", "critic/advantages/max", "critic/values/mean"} {
		if m, ok := rep.Steps[1].Metrics[name]; !ok || m == nil {
			t.Errorf("step 7 has no %s: %v", name, rep.Steps[1].Metrics)
		}
	}
	if m := rep.Steps[1].Metrics["critic/vf_explained_var"]; m == nil {
		t.Error("step 7 (GAE) has no critic/vf_explained_var")
	}
}

// TestInspectRunHydraConfig: a run directory's .hydra/config.yaml is read
// as every step's --config, as a run's zip is on /inspect (web/inspect's
// TestInspectRunHydraConfig, the same config): verl v0.9.0's own file
// with its algorithm section at the dumps' GAE, γ = 1.0 exact, γ = 0.99
// not (exit 1); a flag, then --config, win over it; --json names it
// (config_file), and --html's run view says it was read.
func TestInspectRunHydraConfig(t *testing.T) {
	src := filepath.Join("..", "..", "web", "inspect", "testdata")
	hydra := func(gamma string) []byte {
		data, err := os.ReadFile(filepath.Join(src, "verl_config_v0.9.0_hydra.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		y := string(data)
		for from, to := range map[string]string{
			"  gamma: 1.0\n  lam: 1.0\n  adv_estimator: grpo\n": "  gamma: " + gamma + "\n  lam: 0.95\n  adv_estimator: gae\n",
			"  use_kl_in_reward: true\n":                        "  use_kl_in_reward: false\n",
		} {
			if !strings.Contains(y, from) {
				t.Fatalf("the v0.9.0 .hydra/config.yaml has no %q", from)
			}
			y = strings.Replace(y, from, to, 1)
		}
		return []byte(y)
	}
	critic, err := os.ReadFile(filepath.Join(src, "verl_critic_v0.9.0_ok.npz"))
	if err != nil {
		t.Fatal(err)
	}
	run := t.TempDir()
	os.MkdirAll(filepath.Join(run, ".hydra"), 0o755)
	for _, n := range []string{"step1.npz", "step2.npz"} {
		os.WriteFile(filepath.Join(run, n), critic, 0o644)
	}
	config := filepath.Join(run, ".hydra", "config.yaml")
	said := "config: " + config + ", read as every step's --config"
	side := filepath.Join(t.TempDir(), "algorithm.json")
	os.WriteFile(side, []byte(`{"algorithm": {"gamma": 1.0}}`), 0o644)
	for _, c := range []struct {
		gamma string
		args  []string
		code  int
	}{
		{"1.0", nil, 0},
		{"0.99", nil, 1},
		{"0.99", []string{"--gamma", "1"}, 0},
		{"0.99", []string{"--config", side}, 0},
	} {
		os.WriteFile(config, hydra(c.gamma), 0o644)
		out, code := inspectCLI(append([]string{run}, c.args...)...)
		if code != c.code || !strings.Contains(out, said) {
			t.Errorf("γ %s %v: exit %d, want %d and %q:\n%s", c.gamma, c.args, code, c.code, said, out)
		}
	}
	os.WriteFile(config, hydra("0.99"), 0o644)
	out, code := inspectCLI("--json", run)
	var rep struct {
		Config string `json:"config_file"`
		Steps  []struct {
			Config struct {
				Gamma float64 `json:"gamma"`
			} `json:"config"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || rep.Config != config || len(rep.Steps) != 2 || rep.Steps[0].Config.Gamma != 0.99 {
		t.Errorf("--json: exit %d, %v: %+v", code, err, rep)
	}
	page := filepath.Join(t.TempDir(), "run.html")
	if _, code := inspectCLI(run, "--html", page); code != 1 {
		t.Errorf("--html: exit %d", code)
	}
	if doc := htmlDoc(t, page); !strings.Contains(doc.Find("[data-testid=inspect-run] .inspect-summary").Text(), "Config: the run's "+config) ||
		doc.Find("[data-testid=inspect-run-first]").Length() != 1 {
		t.Errorf("--html: %q", doc.Find("[data-testid=inspect-run]").Text())
	}
	os.WriteFile(config, []byte("algorithm:\n\tgamma: 1\n"), 0o644)
	if out, code := inspectCLI(run); code != 2 || !strings.Contains(out, config) {
		t.Errorf("an unreadable .hydra/config.yaml: exit %d:\n%s", code, out)
	}
}
