package api

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/api/golden"
	"gaelab/web/httperr"
)

// optionalBlocks are parts of a per-release case the API may leave out
// (VERSIONS.md): verl's float64 run, its precision, and v0.2–v0.3's shifted
// critic mask. by_agg_mode_engine (the engine workers' path) is optional
// there too, but the API answers it, so it is checked wherever the golden
// file has it.
var optionalBlocks = map[string]bool{
	"float64_reference": true, "precision_f32_vs_f64": true,
	"with_shifted_mask": true,
}

// TestComputeReleaseGolden posts every case object of
// golden-versions-shared.json (24 cases × 12 generations) with
// config.verl_version set, cycling through the generation's release tags so
// aliases are exercised too, and compares the answer field by field.
func TestComputeReleaseGolden(t *testing.T) {
	cases := golden.VersionCases(t)
	if len(cases) != 288 {
		t.Errorf("%d case objects, want 288", len(cases))
	}
	for i, c := range cases {
		rel, err := engine.ParseRelease(c.Tag)
		if err != nil {
			t.Fatalf("%s/%s: %v", c.Generation, c.ID, err)
		}
		if rel.Gen.String() != c.Generation {
			t.Errorf("%s is %s in the engine's table, %s in the golden file", c.Tag, rel.Gen, c.Generation)
		}
		tags := rel.Gen.Releases()
		tag := tags[i%len(tags)].Tag
		t.Run(c.Generation+"/"+c.ID+"@"+tag, func(t *testing.T) {
			body := withVersion(t, c.Raw, tag)
			answer, perr := Compute(body)
			if perr != nil {
				t.Fatalf("Compute: %v", perr)
			}
			checkReleaseOutputs(t, c.Raw, answer, rel.Gen)
		})
	}
}

// withVersion sets config.verl_version in a case.
func withVersion(t *testing.T, raw json.RawMessage, tag string) []byte {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(top["config"], &cfg); err != nil || cfg == nil {
		cfg = map[string]any{}
	}
	cfg["verl_version"] = tag
	top["config"], _ = json.Marshal(cfg)
	body, _ := json.Marshal(top)
	return body
}

func checkReleaseOutputs(t *testing.T, raw, answer []byte, g engine.Generation) {
	t.Helper()
	var want struct {
		Outputs map[string]any `json:"outputs"`
		Inputs  struct {
			Mask [][]float64 `json:"response_mask"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Verl    map[string]any   `json:"verl"`
		Outputs map[string]any   `json:"outputs"`
		Notes   []map[string]any `json:"notes"`
	}
	if err := json.Unmarshal(answer, &got); err != nil {
		t.Fatalf("answer is not JSON: %v\n%.300s", err, answer)
	}
	if got.Verl["generation"] != g.String() {
		t.Errorf("verl.generation = %v, want %s", got.Verl["generation"], g)
	}
	var blocks, have []string
	for k := range want.Outputs {
		if !optionalBlocks[k] {
			blocks = append(blocks, k)
		}
	}
	for k := range got.Outputs {
		have = append(have, k)
	}
	sort.Strings(blocks)
	sort.Strings(have)
	if strings.Join(blocks, ",") != strings.Join(have, ",") {
		t.Errorf("blocks = %v, want %v", have, blocks)
	}
	tokens := 0.0
	for _, row := range want.Inputs.Mask {
		for _, m := range row {
			tokens += m
		}
	}
	nonFinite := 0
	for _, k := range blocks {
		nonFinite += compareRelease(t, k, got.Outputs[k], want.Outputs[k], tokens)
	}
	if nonFinite > 0 && len(got.Notes) == 0 {
		t.Errorf("%d non-finite numbers but no notes saying why", nonFinite)
	}
}

// goldenNonFinite maps the golden file's spellings to the API's.
var goldenNonFinite = map[string]string{"NaN": "NaN", "Inf": "Infinity", "-Inf": "-Infinity", "Infinity": "Infinity", "-Infinity": "-Infinity"}

// compareRelease walks want and checks got at the same path; it returns how
// many non-finite numbers it met.
func compareRelease(t *testing.T, path string, got, want any, tokens float64) int {
	t.Helper()
	n := 0
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s = %.80v, want an object", path, got)
			return 0
		}
		if e, isErr := w["error"]; isErr && e != nil {
			if s, _ := g["error"].(string); s == "" {
				t.Errorf("%s.error = %v; verl raised %q", path, g["error"], e)
			} else if typ, _, _ := strings.Cut(fmt.Sprint(e), ":"); !strings.HasPrefix(s, typ+":") && !strings.HasPrefix(s, "engine:") {
				t.Errorf("%s.error = %q; verl raised %q", path, s, e)
			}
			if len(w) == 1 {
				return 0
			}
		}
		for k, wv := range w {
			if k == "note" || k == "error" || optionalBlocks[k] {
				continue
			}
			gv, ok := g[k]
			if !ok {
				t.Errorf("%s.%s is missing", path, k)
				continue
			}
			n += compareRelease(t, path+"."+k, gv, wv, tokens)
		}
		if _, isErr := g["error"]; isErr && w["error"] == nil && len(w) > 0 {
			if _, wantHasError := w["error"]; !wantHasError {
				t.Errorf("%s = error %v, but verl computed it", path, g["error"])
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s = %.80v, want %d elements", path, got, len(w))
			return 0
		}
		for i := range w {
			n += compareRelease(t, fmt.Sprintf("%s[%d]", path, i), g[i], w[i], tokens)
		}
	case float64:
		g, ok := got.(float64)
		tol := tolerance(path, tokens)
		if d := math.Abs(g - w); !ok || (d > tol && d > tol*math.Abs(w)) {
			t.Errorf("%s = %v, want %.10g (tol %g)", path, got, w, tol)
		}
	case string:
		if nf, ok := goldenNonFinite[w]; ok {
			n++
			if got != nf {
				t.Errorf("%s = %v, want %q (verl gives %s)", path, got, nf, w)
			}
		} else if fmt.Sprint(got) != w {
			t.Errorf("%s = %v, want %v", path, got, w)
		}
	default: // bools, nulls
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	return n
}

func TestComputeReleaseBadVersion(t *testing.T) {
	for _, v := range []string{`"v0.1"`, `"early"`, `""`, `7`, `"v0.2.0"`} {
		_, perr := Compute([]byte(`{"inputs":{},"config":{"verl_version":` + v + `}}`))
		if perr == nil || httperr.StatusOf(perr.Code, perr.Field) != 400 || perr.Field != "config.verl_version" || perr.Code != "invalid_value" {
			t.Errorf("verl_version %s: error %+v, want 400 invalid_value at config.verl_version", v, perr)
		}
	}
	for _, v := range append(engine.ReleaseTags(), "newest") {
		if _, perr := Compute([]byte(`{"inputs":{},"config":{"verl_version":"` + v + `"}}`)); perr != nil {
			t.Errorf("verl_version %s refused: %v", v, perr)
		}
	}
}

// TestComputeReleaseNonFinite: where verl's float32 arithmetic gives NaN or
// ±Inf, the field holds the string and a note says why; neighbours stay numbers.
func TestComputeReleaseNonFinite(t *testing.T) {
	body := `{"inputs":{"response_mask":[[1,1,0]],"log_probs":[[100,0.1,100]],"old_log_probs":[[0,0,0]],"advantages":[[-1,0.5,0]]},"config":{"verl_version":"v0.2.0.post1"}}`
	out, perr := Compute([]byte(body))
	if perr != nil {
		t.Fatal(perr)
	}
	var got struct {
		Outputs struct {
			PolicyLoss struct {
				PerToken map[string][][]any `json:"per_token"`
			} `json:"policy_loss"`
		} `json:"outputs"`
		Notes []map[string]string `json:"notes"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ratio := got.Outputs.PolicyLoss.PerToken["ratio"][0]
	if ratio[0] != "Infinity" || ratio[2] != "Infinity" {
		t.Errorf("ratio = %v, want Infinity where the log-ratio is 100", ratio)
	}
	if _, ok := ratio[1].(float64); !ok {
		t.Errorf("ratio[1] = %v, want a number", ratio[1])
	}
	if len(got.Notes) == 0 || !strings.Contains(got.Notes[0]["why"], "88.72") {
		t.Errorf("notes = %v, want why the ratio overflows", got.Notes)
	}
	// From v0.4.1 the ±20 clamp keeps every number finite.
	out, _ = Compute([]byte(strings.Replace(body, "v0.2.0.post1", "v0.4.1", 1)))
	if strings.Contains(string(out), "Infinity") || strings.Contains(string(out), "NaN") {
		t.Errorf("v0.4.1 answer holds a non-finite number: %s", out)
	}
}
