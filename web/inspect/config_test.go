package inspect

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// TestVerlConfigAsWritten: verl's own trainer config at v0.4.1 and v0.9.0
// (web/verify/inverl/make_config.py), as Hydra writes .hydra/config.yaml
// and as OmegaConf.to_container gives the algorithm section, is read
// whole: the keys the check uses are set, adaptive kl_ctrl is understood,
// and every other key is listed as ignored, never refused.
func TestVerlConfigAsWritten(t *testing.T) {
	for _, tc := range []struct {
		file    string
		ignored []string
	}{
		{"verl_config_v0.4.1_hydra.yaml", []string{"trainer", "data", "actor_rollout_ref", "algorithm.kl_ctrl.horizon"}},
		{"verl_config_v0.4.1_algorithm.json", []string{"algorithm.kl_ctrl.target_kl"}[:0]},
		{"verl_config_v0.9.0_hydra.yaml", []string{"trainer", "algorithm._target_", "algorithm.filter_groups", "algorithm.use_pf_ppo", "algorithm.rollout_correction", "algorithm.kl_ctrl._target_"}},
		{"verl_config_v0.9.0_algorithm.json", []string{"_target_", "filter_groups", "use_pf_ppo", "rollout_correction", "pf_ppo", "kl_ctrl.horizon"}},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		c := DefaultConfig()
		if err := c.ApplySidecar(data); err != nil {
			t.Errorf("%s: refused: %v", tc.file, err)
			continue
		}
		c.Resolve()
		if c.Estimator != "grpo_norm_std" || !c.UseKLInReward || c.KLCtrl != "adaptive" || c.KLCoef != 0.001 || c.Gamma != 1 || c.Lam != 1 || c.KLPenalty != "kl" {
			t.Errorf("%s: %+v", tc.file, c)
		}
		for _, k := range tc.ignored {
			if !slices.Contains(c.Ignored, k) {
				t.Errorf("%s: %s not among the ignored %v", tc.file, k, c.Ignored)
			}
		}
	}
	c := DefaultConfig()
	if err := c.ApplySidecar([]byte(`{"nonsense": 1, "gamma": null}`)); err != nil || !slices.Equal(c.Ignored, []string{"gamma", "nonsense"}) {
		t.Errorf("unknown keys and nulls: %v %v", err, c.Ignored)
	}
	if err := c.ApplySidecar([]byte("algorithm:\n  gamma: [1\n\tlam: 1\n")); err == nil || err.(*Error).Field != "config" {
		t.Errorf("bad YAML: %v", err)
	}
}

// TestConfigIgnoredVerdict: the algorithm section pasted verbatim into the
// JSON case answers with config.ignored and the note config_keys_ignored
// (the verdict unchanged), on the page in both languages and in the API.
func TestConfigIgnoredVerdict(t *testing.T) {
	var doc map[string]any
	data, _ := os.ReadFile(filepath.Join("testdata", "gen_grpo_verl.json"))
	algo, _ := os.ReadFile(filepath.Join("testdata", "verl_config_v0.9.0_algorithm.json"))
	var section any
	if err := json.Unmarshal(data, &doc); err != nil || json.Unmarshal(algo, &section) != nil {
		t.Fatal(err)
	}
	doc["config"] = map[string]any{"algorithm": section, "norm_adv_by_std_in_grpo": false, "use_kl_in_reward": false}
	body, _ := json.Marshal(doc)
	rec := httptest.NewRecorder()
	Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect", bytes.NewReader(body)))
	var ans struct {
		Verdict string `json:"verdict"`
		Config  Config `json:"config"`
		Sanity  []Finding
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != VerdictExact || !slices.Contains(ans.Config.Ignored, "algorithm.filter_groups") {
		t.Fatalf("API: %d %v %s", rec.Code, err, rec.Body.String())
	}
	a, err := Load(body, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := finding(a, ConfigIgnored)
	if f == nil || f.Count != len(a.Config.Ignored) || SeverityOf(ConfigIgnored, a.Config.Release.Gen) != Note {
		t.Fatalf("finding %+v", f)
	}
	en, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
	zh, _, _ := inspectFindingsView(inspectRequest{lang: i18n.Zh}, a.Findings())
	if !strings.Contains(strings.Join(en.Lines, "\n"), "keys the check does not use were read and ignored") || !strings.Contains(strings.Join(zh.Lines, "\n"), "检查用不到的键已读入并忽略") {
		t.Errorf("notes %q %q", en.Lines, zh.Lines)
	}
}

// TestNotABatch: verl's rollout JSONL and a torch.save pickle
// (make_config.py), and an estimator of the release GAE Lab does not
// model, are 400s that say what they are and what to do, in both
// languages.
func TestNotABatch(t *testing.T) {
	for _, tc := range []struct{ file, query, code, en, zh string }{
		{"verl_rollout_v0.9.0.jsonl", "", "rollout_jsonl", "no token tensors", "没有 token 张量"},
		{"verl_batch_v0.9.0.pt", "", "pickle", "never unpickles", "从不打开"},
		{"verl_grpo_std_v0.9.0_ok.npz", "?estimator=optimal_token_baseline", "not_modelled", "optimal_token_baseline (not modelled)", "没有为它建模"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect"+tc.query, bytes.NewReader(data)))
		var ans struct {
			Error Error `json:"error"`
		}
		json.Unmarshal(rec.Body.Bytes(), &ans)
		if rec.Code != 400 || ans.Error.Code != tc.code || !strings.Contains(ans.Error.Message, tc.en) {
			t.Errorf("%s: %d %s", tc.file, rec.Code, rec.Body.String())
		}
		zh := strings.Join(inspectErrorMessages(i18n.Zh, &ans.Error), " ")
		if !strings.Contains(zh, tc.zh) {
			t.Errorf("%s in zh: %q", tc.file, zh)
		}
	}
}
