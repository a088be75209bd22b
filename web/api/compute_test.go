package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// seedB is a small valid case: the learner dialogue's seed B pipeline.
const seedB = `{"inputs": {
  "response_mask": [[1, 1, 1, 1, 1, 1]],
  "token_level_scores": [[0, 0, 0, 0, 0, 1]],
  "old_log_probs": [[-0.4, -0.3, -0.6, -0.8, -0.2, -0.25]],
  "ref_log_prob": [[-0.5, -0.35, -0.55, -0.9, -0.4, -0.3]],
  "log_probs": [[-0.4, -0.3, -0.6, -0.8, -0.2, -0.25]],
  "values": [[0.2, 0.25, 0.3, 0.35, 0.45, 0.6]],
  "vpreds": [[0.2, 0.25, 0.3, 0.35, 0.45, 0.6]]},
 "config": {"gamma": 1, "lam": 0.95, "kl_penalty": "kl", "kl_coef": 0.1, "use_kl_in_reward": true}}`

// with returns seedB with inputs[key] replaced by the raw JSON value.
func with(t *testing.T, block, key, value string) string {
	t.Helper()
	var c map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(seedB), &c); err != nil {
		t.Fatal(err)
	}
	c[block][key] = json.RawMessage(value)
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatalf("%s.%s = %s: %v", block, key, value, err)
	}
	return string(b)
}

func TestComputeRejectsBadInput(t *testing.T) {
	huge := "[[" + strings.Repeat("0,", MaxElements) + "0]]"
	tests := []struct {
		name, body  string
		status      int
		code, field string
	}{
		{"not JSON", `{"inputs": `, 400, "invalid_json", ""},
		{"empty body", ``, 400, "invalid_json", ""},
		{"array body", `[1, 2]`, 400, "invalid_json", ""},
		{"trailing data", seedB + ` {}`, 400, "invalid_json", ""},
		{"trailing bracket", seedB + `]`, 400, "invalid_json", ""},
		{"trailing brace", seedB + `}`, 400, "invalid_json", ""},
		{"no inputs", `{"config": {}}`, 400, "missing_field", "inputs"},
		{"inputs not an object", `{"inputs": [1]}`, 400, "invalid_shape", "inputs"},
		{"string in values", with(t, "inputs", "values", `[[0.2, "0.25", 0.3, 0.35, 0.45, 0.6]]`), 400, "invalid_number", "inputs.values[0][1]"},
		{"NaN string", with(t, "inputs", "values", `[[0.2, 0.25, 0.3, "NaN", 0.45, 0.6]]`), 400, "invalid_number", "inputs.values[0][3]"},
		{"null element", with(t, "inputs", "vpreds", `[[0.2, 0.25, 0.3, 0.35, null, 0.6]]`), 400, "invalid_number", "inputs.vpreds[0][4]"},
		{"overflowing number", with(t, "inputs", "values", `[[0.2, 0.25, 0.3, 1e999, 0.45, 0.6]]`), 400, "invalid_number", "inputs.values[0][3]"},
		{"nested array", with(t, "inputs", "values", `[[0.2, [0.25], 0.3, 0.35, 0.45, 0.6]]`), 400, "invalid_number", "inputs.values[0][1]"},
		{"flat tensor", with(t, "inputs", "values", `[0.2, 0.25]`), 400, "invalid_shape", "inputs.values[0]"},
		{"ragged rows", with(t, "inputs", "values", `[[0.2, 0.25, 0.3, 0.35, 0.45, 0.6], [1]]`), 400, "invalid_shape", "inputs.values[1]"},
		{"wrong width", with(t, "inputs", "values", `[[0.2, 0.25, 0.3]]`), 400, "invalid_shape", "inputs.values"},
		{"no rows", with(t, "inputs", "response_mask", `[]`), 400, "invalid_shape", "inputs.response_mask"},
		{"no columns", with(t, "inputs", "response_mask", `[[]]`), 400, "invalid_shape", "inputs.response_mask"},
		{"mask 0.5", with(t, "inputs", "response_mask", `[[1, 1, 0.5, 1, 1, 1]]`), 400, "invalid_mask", "inputs.response_mask[0][2]"},
		{"mask 2", with(t, "inputs", "response_mask", `[[1, 1, 1, 1, 1, 2]]`), 400, "invalid_mask", "inputs.response_mask[0][5]"},
		{"mask string", with(t, "inputs", "response_mask", `[["1", 1, 1, 1, 1, 1]]`), 400, "invalid_mask", "inputs.response_mask[0][0]"},
		{"no mask", with(t, "inputs", "response_mask", `null`), 400, "missing_field", "inputs.response_mask"},
		{"KL without ref", with(t, "inputs", "ref_log_prob", `null`), 400, "missing_field", "inputs.ref_log_prob"},
		{"unknown kl_penalty", with(t, "config", "kl_penalty", `"k4"`), 400, "invalid_value", "config.kl_penalty"},
		{"unknown loss_agg_mode", with(t, "config", "loss_agg_mode", `"token-avg"`), 400, "invalid_value", "config.loss_agg_mode"},
		{"gamma above 1", with(t, "config", "gamma", `1.01`), 400, "out_of_range", "config.gamma"},
		{"lam below 0", with(t, "config", "lam", `-0.1`), 400, "out_of_range", "config.lam"},
		{"gamma string", with(t, "config", "gamma", `"0.9"`), 400, "invalid_number", "config.gamma"},
		{"negative clip_ratio", with(t, "config", "clip_ratio", `-0.2`), 400, "out_of_range", "config.clip_ratio"},
		{"negative clip_ratio_high", with(t, "config", "clip_ratio_high", `-0.1`), 400, "out_of_range", "config.clip_ratio_high"},
		{"negative cliprange_value", with(t, "config", "cliprange_value", `-1`), 400, "out_of_range", "config.cliprange_value"},
		{"use_kl_in_reward not bool", with(t, "config", "use_kl_in_reward", `"yes"`), 400, "invalid_value", "config.use_kl_in_reward"},
		{"string group id", with(t, "inputs", "index", `["a"]`), 200, "", ""},
		{"index wrong length", with(t, "inputs", "index", `[1, 2]`), 400, "invalid_shape", "inputs.index"},
		{"index float", with(t, "inputs", "index", `[1.5]`), 400, "invalid_value", "inputs.index[0]"},
		{"baselines without index", with(t, "inputs", "reward_baselines", `[0.5]`), 400, "missing_field", "inputs.index"},
		{"bad update", with(t, "inputs", "updates", `[{"current_kl": 0.1, "n_steps": -1}]`), 400, "out_of_range", "inputs.updates[0].n_steps"},
		{"too many elements", with(t, "inputs", "values", huge), 413, "too_large", "inputs.values"}, // refused by its cost (MaxCost) before MaxElements
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			HandleCompute(rec, httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader(tc.body)))
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if tc.status == 200 {
				return
			}
			var e struct {
				Error Error `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
				t.Fatalf("error body is not JSON: %s", rec.Body)
			}
			if e.Error.Code != tc.code || e.Error.Field != tc.field || e.Error.Message == "" {
				t.Errorf("error = %+v, want code %q field %q and a message", e.Error, tc.code, tc.field)
			}
		})
	}
}

func TestComputeBodyTooLarge(t *testing.T) {
	rec := httptest.NewRecorder()
	body := bytes.Repeat([]byte(" "), MaxBodyBytes+1)
	HandleCompute(rec, httptest.NewRequest(http.MethodPost, "/api/v1/compute", bytes.NewReader(body)))
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"too_large"`) {
		t.Errorf("status %d, body %.200s; want 413 too_large", rec.Code, rec.Body)
	}
}

// Parts verl refuses carry an error; the rest of the answer is still there.
func TestComputePartErrors(t *testing.T) {
	tests := []struct {
		name, body, path string
	}{
		{"full KL", with(t, "config", "kl_penalty", `"full"`), "kl_reward"},
		{"dual clip c ≤ 1", with(t, "config", "clip_ratio_c", `1`), "policy_loss.newest"},
		{"one valid token", with(t, "inputs", "response_mask", `[[1, 0, 0, 0, 0, 0]]`), "gae.newest"},
		{"no valid token", with(t, "inputs", "response_mask", `[[0, 0, 0, 0, 0, 0]]`), "value_loss.newest.by_agg_mode.token-mean"},
		{"v0.2 ratio overflow", with(t, "inputs", "log_probs", `[[800, -0.3, -0.6, -0.8, -0.2, -0.25]]`), "policy_loss.early"},
		{"overflowing values", with(t, "inputs", "values", `[[1e308, 1e308, 0.3, 0.35, 0.45, 0.6]]`), "gae"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, perr := Compute([]byte(tc.body))
			if perr != nil {
				t.Fatalf("Compute: %v", perr)
			}
			if strings.Contains(string(out), "NaN") || strings.Contains(string(out), "Inf") {
				t.Errorf("answer carries a non-finite number: %.300s", out)
			}
			var doc map[string]any
			json.Unmarshal(out, &doc)
			node := doc["outputs"]
			for _, k := range strings.Split(tc.path, ".") {
				node = node.(map[string]any)[k]
			}
			if msg, _ := node.(map[string]any)["error"].(string); !strings.HasPrefix(msg, "engine: ") {
				t.Errorf("%s.error = %v, want an engine error", tc.path, node)
			}
			if doc["outputs"].(map[string]any)["kl_variants"] == nil {
				t.Error("kl_variants missing: one refused part must not drop the others")
			}
		})
	}
}
