package api

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"gaelab/web/api/golden"
)

// notComputed are golden blocks about verl's float32 run, not outputs.
var notComputed = map[string]bool{"float64_reference": true, "precision_f32_vs_f64": true}

// checkOutputs compares an answer {"outputs": …} with a golden case: the same
// blocks, and every golden field present with the same shape and a value
// within the golden README's tolerances.
func checkOutputs(t *testing.T, c golden.Case, answer []byte) {
	t.Helper()
	var want struct {
		Outputs map[string]any `json:"outputs"`
		Inputs  struct {
			Mask [][]float64 `json:"response_mask"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal(c.Raw, &want); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Outputs map[string]any `json:"outputs"`
	}
	if err := json.Unmarshal(answer, &got); err != nil {
		t.Fatalf("answer is not JSON: %v", err)
	}
	var blocks, have []string
	for k := range want.Outputs {
		if !notComputed[k] {
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
	for _, k := range blocks {
		compare(t, k, got.Outputs[k], want.Outputs[k], tokens)
	}
}

// compare walks want and checks got at the same path.
func compare(t *testing.T, path string, got, want any, tokens float64) {
	t.Helper()
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s = %.80v, want an object", path, got)
			return
		}
		for k, wv := range w {
			if k == "note" {
				continue
			}
			gv, ok := g[k]
			if !ok {
				t.Errorf("%s.%s is missing", path, k)
				continue
			}
			if k == "error" && wv != nil {
				if s, _ := gv.(string); s == "" {
					t.Errorf("%s.error = %v; verl raised %q", path, gv, wv)
				}
				continue
			}
			compare(t, path+"."+k, gv, wv, tokens)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s = %.80v, want %d elements", path, got, len(w))
			return
		}
		for i := range w {
			compare(t, fmt.Sprintf("%s[%d]", path, i), g[i], w[i], tokens)
		}
	case float64:
		g, ok := got.(float64)
		tol := tolerance(path, tokens)
		if d := math.Abs(g - w); !ok || (d > tol && d > tol*math.Abs(w)) {
			t.Errorf("%s = %v, want %.10g (tol %g)", path, got, w, tol)
		}
	default: // strings, bools, nulls
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// tolerance is the golden README's: 2e-6 on O(1) quantities, scaled by the
// tokens summed for sum-type aggregates and by c for −A·c.
func tolerance(path string, tokens float64) float64 {
	switch {
	case strings.Contains(path, "seq-mean-token-sum") || strings.Contains(path, "token-sum"):
		return 2e-6 * tokens
	case strings.Contains(path, "pg_losses3_dual"):
		return 2e-6 * 3
	}
	return 2e-6
}

func TestComputeGolden(t *testing.T) {
	for _, c := range golden.Cases(t) {
		t.Run(c.ID, func(t *testing.T) {
			answer, err := Compute(c.Raw)
			if err != nil {
				t.Fatalf("Compute: %v", err)
			}
			checkOutputs(t, c, answer)
		})
	}
}
