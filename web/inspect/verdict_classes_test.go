package inspect_test

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

	"gaelab/web/webtest"
)

// verdictClasses is one fixture per class of #37, each made with verl's
// own functions (web/verify/inverl/make_*.py), with the verdict and the
// blocking kind it must get: the page, the API and (cmd/gaelab's
// TestInspectEveryClass) the CLI agree on it.
var verdictClasses = []struct {
	class, file, query, verdict, blocking string
}{
	{"1 reward KL", "verl_reward_v0.9.0_beta.npz", "", "not_exact", "reward_kl_mismatch"},
	{"3 mask vs attention", "verl_mask_v0.9.0_short.npz", "", "not_exact", "mask_disagrees_attention"},
	{"3 mask vs EOS", "verl_eos_v0.9.0_past.npz", "", "not_exact", "mask_disagrees_eos"},
	{"3 critic slice, sparse rewards", "verl_slice_v0.7.1_slice.npz", "", "not_exact", "values_shifted_in_groups"},
	{"4 a named bug on v0.2's plain loop", "verl_loop_v0.2_whitened_returns.npz", "", "not_exact", ""},
	{"5 uid misaligned", "verl_free_v0.9.0_grpo_uid.npz", "", "not_exact", "uid_misaligned"},
	{"5 population std", "verl_grpo_std_v0.9.0_pop.npz", "", "not_exact", "grpo_population_std"},
	{"5 every group a singleton", "verl_grpo_std_v0.9.0_single.npz", "", "not_exact", "every_group_singleton"},
	{"6 whitening statistics, bf16", "verl_whitestats_bf16_mean5.safetensors", "", "not_exact", "whitening_stats_differ"},
	{"6 one f32 cell off by 1e-3", "verl_whitestats_f32_cell.npz", "", "not_exact", ""},
	{"7 critic of another release", "verl_critic_v0.9.0_ok.npz", "ver=v0.5.0", "not_exact", "values_where_masked"},
	{"clean: v0.9.0's critic", "verl_critic_v0.9.0_ok.npz", "", "exact", ""},
	{"clean: v0.7.1's slice", "verl_slice_v0.7.1_ok.npz", "", "exact", ""},
	{"clean: ReMax with its baselines", "verl_free_v0.9.0_remax.npz", "", "exact", ""},
}

// TestVerdictEveryClass: each class's fixture gets its verdict and
// blocking kind from POST /api/v1/inspect and on the page the upload form
// leads to (the verdict line and the blocking kinds).
func TestVerdictEveryClass(t *testing.T) {
	h := inspectHandler(t, webtest.Options{InspectBurst: 100})
	pageVerdict := map[string]string{"exact": "Verdict: exact.", "not_exact": "Verdict: not exact."}
	for _, tc := range verdictClasses {
		t.Run(tc.class, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			rec, req := httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/api/v1/inspect?"+tc.query, bytes.NewReader(data))
			req.Header.Set("Content-Type", "application/octet-stream")
			h.ServeHTTP(rec, req)
			var ans struct {
				Verdict  string   `json:"verdict"`
				Blocking []string `json:"blocking"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != tc.verdict ||
				(tc.blocking == "") != (len(ans.Blocking) == 0) || (tc.blocking != "" && !slices.Contains(ans.Blocking, tc.blocking)) {
				t.Errorf("API: %d %v verdict %s blocking %v, want %s %q", rec.Code, err, ans.Verdict, ans.Blocking, tc.verdict, tc.blocking)
			}
			fields := map[string]string{}
			if k, v, ok := strings.Cut(tc.query, "="); ok {
				fields[k] = v
			}
			up := uploadForm(t, h, tc.file, fields, "?lang=en")
			if up.Code != http.StatusSeeOther {
				t.Fatalf("upload: %d %s", up.Code, up.Body)
			}
			_, doc := inspectGet(t, h, up.Header().Get("Location"))
			text := doc.Find("main").Text()
			if !strings.Contains(text, pageVerdict[tc.verdict]) {
				t.Errorf("page: no %q", pageVerdict[tc.verdict])
			}
			if tc.blocking != "" && !strings.Contains(text, "Blocking findings: ") || tc.blocking != "" && !strings.Contains(text, tc.blocking) {
				t.Errorf("page: the blocking kind %s is not named", tc.blocking)
			}
		})
	}
}
