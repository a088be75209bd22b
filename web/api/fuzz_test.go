package api

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"gaelab/web/httperr"
)

// FuzzCompute feeds arbitrary bodies to the decoder and the pipeline: the
// answer is either a 4xx error naming a code and a message, or JSON whose
// every number is finite. Never a panic.
func FuzzCompute(f *testing.F) {
	f.Add([]byte(seedB))
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 1, 0]], "token_level_rewards": [[0, 1, 0]], "values": [[0.3, 0.4, 0.6]]}, "config": {"lam": 0.9}}`))
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 0], [true, false]], "token_level_rewards": [[1, 0], [0, 0]], "index": ["a", "a"], "reward_baselines": [0.5, 1]}}`))
	f.Add([]byte(`{"inputs": {"updates": [{"current_kl": 0.05, "n_steps": 64}]}, "config": {"init_kl_coef": 0.2}}`))
	f.Add([]byte(`{"inputs": {"response_mask": [[1]], "values": [[1e308]], "token_level_rewards": [[1e308]]}}`))
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 0]], "log_probs": [[100, 100]], "old_log_probs": [[0, 0]], "advantages": [[1, 0]]}, "config": {"verl_version": "v0.2.0.post1"}}`))
	f.Add([]byte(`{"inputs": {"response_mask": [[1, 1], [0, 0]], "token_level_rewards": [[1, 0], [0, 0]], "index": ["07", "7"]}, "config": {"verl_version": "v0.6.0", "loss_agg_mode": "token-sum"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		out, perr := Compute(body)
		if perr != nil {
			if httperr.StatusOf(perr.Code, perr.Field) < 400 || httperr.StatusOf(perr.Code, perr.Field) > 499 || perr.Code == "" || perr.Message == "" {
				t.Fatalf("error %+v: want a 4xx with a code and a message", perr)
			}
			return
		}
		var doc any
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatalf("answer is not JSON: %v", err)
		}
		if !strings.HasPrefix(string(out), `{"outputs":`) {
			t.Fatalf("answer %.100s does not start with outputs", out)
		}
		if strings.Contains(string(out), `,"verl":{`) {
			return // a per-release answer: verl's NaN and ±Inf are strings, so every number is finite anyway
		}
		walkNumbers(doc, func(x float64) {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("non-finite number in %.200s", out)
			}
		})
	})
}

func walkNumbers(v any, f func(float64)) {
	switch x := v.(type) {
	case float64:
		f(x)
	case []any:
		for _, e := range x {
			walkNumbers(e, f)
		}
	case map[string]any:
		for _, e := range x {
			walkNumbers(e, f)
		}
	}
}

// FuzzParseMatrix checks that the one-call fast path accepts only what the
// token-by-token parser accepts, with the same numbers.
func FuzzParseMatrix(f *testing.F) {
	for _, s := range []string{`[[1, 0.5], [2, 3]]`, `[[1e-3]]`, `[[null]]`, `[[1], [2, 3]]`, `[[false]]`, `[[]]`, `[[1, 0], [0, 1]]`} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, raw []byte, isMask bool) {
		kind := kindNumber
		if isMask {
			kind = kindMask
		}
		fast, ok := fastMatrix(raw, kind)
		if !ok {
			return
		}
		slow, err := streamMatrix(raw, "x", kind)
		if err != nil {
			t.Fatalf("fast path accepted %q, careful path refused: %v", raw, err)
		}
		if !equalMatrices(fast, slow) {
			t.Fatalf("%q: fast %v, careful %v", raw, fast, slow)
		}
	})
}
