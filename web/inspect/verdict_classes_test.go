package inspect_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gaelab/web/mw"
	"gaelab/web/webtest"
)

// verdictClass is one class of #37: its fixture (made with verl's own
// functions, web/verify/inverl/make_*.py), the config sidecar sent with it
// (verl's own config, as the page's second file and the API's "config"
// part) and the form fields or query keys, and what it must get: the
// verdict and a blocking kind, a note kind among the findings, or the
// error code a file that holds no batch is refused with.
type verdictClass struct {
	class, file, query, verdict, blocking string
	sidecar, note, err                    string
}

// verdictClasses are the classes the page, the API and (cmd/gaelab's
// TestInspectEveryClass) the CLI agree on. The classes of a run directory
// (#37 point 9) have no page or API yet: cmd/gaelab's
// TestInspectEveryRunClass holds the CLI to them.
var verdictClasses = []verdictClass{
	{"1 reward KL", "verl_reward_v0.9.0_beta.npz", "", "not_exact", "reward_kl_mismatch", "", "", ""},
	{"3 mask vs attention", "verl_mask_v0.9.0_short.npz", "", "not_exact", "mask_disagrees_attention", "", "", ""},
	{"3 mask vs EOS", "verl_eos_v0.9.0_past.npz", "", "not_exact", "mask_disagrees_eos", "", "", ""},
	{"3 critic slice, sparse rewards", "verl_slice_v0.7.1_slice.npz", "", "not_exact", "values_shifted_in_groups", "", "", ""},
	{"4 a named bug on v0.2's plain loop", "verl_loop_v0.2_whitened_returns.npz", "", "not_exact", "", "", "", ""},
	{"5 uid misaligned", "verl_free_v0.9.0_grpo_uid.npz", "", "not_exact", "uid_misaligned", "", "", ""},
	{"5 population std", "verl_grpo_std_v0.9.0_pop.npz", "", "not_exact", "grpo_population_std", "", "", ""},
	{"5 every group a singleton", "verl_grpo_std_v0.9.0_single.npz", "", "not_exact", "every_group_singleton", "", "", ""},
	{"6 whitening statistics, bf16", "verl_whitestats_bf16_mean5.safetensors", "", "not_exact", "whitening_stats_differ", "", "", ""},
	{"6 one f32 cell off by 1e-3", "verl_whitestats_f32_cell.npz", "", "not_exact", "", "", "", ""},
	{"7 critic of another release", "verl_critic_v0.9.0_ok.npz", "ver=v0.5.0", "not_exact", "values_where_masked", "", "", ""},
	{"clean: v0.9.0's critic", "verl_critic_v0.9.0_ok.npz", "", "exact", "", "", "", ""},
	{"clean: v0.7.1's slice", "verl_slice_v0.7.1_ok.npz", "", "exact", "", "", "", ""},
	{"clean: ReMax with its baselines", "verl_free_v0.9.0_remax.npz", "", "exact", "", "", "", ""},
	{"1 KL estimator not the config's", "verl_reward_v0.9.0_type.npz", "", "not_exact", "reward_kl_mismatch", "", "", ""},
	{"1 reward KL on v0.2", "verl_reward_v0.2_beta.npz", "", "not_exact", "reward_kl_mismatch", "", "", ""},
	{"5 some singleton groups", "verl_grpo_std_v0.9.0_some.npz", "", "exact", "", "", "singleton_groups", ""},
	{"5 REINFORCE++'s γ fitted", "verl_free_v0.9.0_rpp_gamma.npz", "", "not_exact", "", "", "reinforce_gamma_fitted", ""},
	{"6 whitening σ, f16", "verl_whitestats_f16_std5.npz", "", "not_exact", "whitening_stats_differ", "", "", ""},
	{"7 raw values where v0.2's critic zeroes them", "verl_critic_v0.2_raw.npz", "", "not_exact", "values_where_masked", "", "", ""},
	{"clean: multi-turn mask", "verl_mask_v0.9.0_multiturn.npz", "", "exact", "", "", "", ""},
	{"8 verl's algorithm section pasted verbatim", "verl_grpo_std_v0.9.0_ok.npz", "", "exact", "", "verl_config_v0.9.0_algorithm.json", "config_keys_ignored", ""},
	{"8 .hydra/config.yaml read whole", "verl_grpo_std_v0.9.0_ok.npz", "", "exact", "", "verl_config_v0.9.0_hydra.yaml", "config_keys_ignored", ""},
	{"8 .hydra/config.yaml of v0.4.1", "verl_grpo_std_v0.9.0_ok.npz", "ver=v0.9.0", "exact", "", "verl_config_v0.4.1_hydra.yaml", "config_keys_ignored", ""},
	{"8 adaptive kl_ctrl: β drifted", "verl_reward_v0.9.0_beta.npz", "estimator=gae&kl_penalty=low_var_kl&lam=0.95", "exact", "", "verl_config_v0.9.0_hydra.yaml", "kl_coef_drifted", ""},
	{"8 fixed kl_ctrl: the same β is blocking", "verl_reward_v0.9.0_beta.npz", "estimator=gae&kl_penalty=low_var_kl&lam=0.95&kl_ctrl_type=fixed", "not_exact", "reward_kl_mismatch", "verl_config_v0.9.0_hydra.yaml", "", ""},
	{"8 an estimator of the release not modelled", "verl_grpo_std_v0.9.0_ok.npz", "estimator=optimal_token_baseline", "", "", "", "", "not_modelled"},
	{"8 verl's rollout JSONL", "verl_rollout_v0.9.0.jsonl", "", "", "", "", "", "rollout_jsonl"},
	{"8 a torch.save pickle", "verl_batch_v0.9.0.pt", "", "", "", "", "", "pickle"},
	{"2 a score where v0.5+ GAE drops it (the mask one token short)", "verl_mask_v0.9.0_short.npz", "", "not_exact", "mass_where_masked", "", "", ""},
	{"4 the fit's γ > 1 refused (v0.2's whitened returns checked as v0.9.0)", "verl_loop_v0.2_whitened_returns.npz", "ver=v0.9.0", "not_exact", "fit_out_of_range", "", "", ""},
	{"1 KL in the reward the config leaves out", "verl_reward_v0.9.0_off.npz", "", "not_exact", "reward_kl_mismatch", "", "", ""},
	{"3 no eos_token_id: the EOS check says it skipped", "verl_eos_v0.9.0_noid.npz", "", "exact", "", "", "mask_check_skipped", ""},
	{"7 raw values where v0.4.1's critic zeroes them", "verl_critic_v0.4.1_raw.npz", "", "not_exact", "values_where_masked", "", "", ""},
	{"7 raw values where v0.5.0's critic zeroes them", "verl_critic_v0.5.0_raw.npz", "", "not_exact", "values_where_masked", "", "", ""},
	{"clean: v0.2's critic", "verl_critic_v0.2_ok.npz", "", "exact", "", "", "", ""},
	{"clean: v0.4.1's critic", "verl_critic_v0.4.1_ok.npz", "", "exact", "", "", "", ""},
	{"clean: v0.5.0's critic", "verl_critic_v0.5.0_ok.npz", "", "exact", "", "", "", ""},
	{"7 empty rows' scores at index −1, v0.4.1's plain loop", "verl_empty_v0.4.1_noid.npz", "", "exact", "", "", "mask_check_skipped", ""},
	{"7 empty rows' scores at index −1, v0.9.0", "verl_empty_v0.9.0_noid.npz", "", "exact", "", "", "mask_check_skipped", ""},
	{"7 empty rows' scores at index −1, v0.4.1's batch checked as v0.9.0", "verl_empty_v0.4.1_noid.npz", "ver=v0.9.0", "exact", "", "", "mask_check_skipped", ""},
}

// TestVerdictEveryClass: each class's fixture, with its sidecar, gets
// its verdict, blocking kind and note (or its error code) from POST
// /api/v1/inspect (a multipart body: the file and the "config" part) and
// on the page the upload form leads to (the verdict line and the kinds),
// or the form again with its message.
func TestVerdictEveryClass(t *testing.T) {
	// Every class uploaded and viewed (in two languages, with its heat
	// maps), faster than the default quotas of an address refill.
	h := inspectHandler(t, webtest.Options{InspectBurst: 200, ViewsQuota: mw.AddrQuota{PerMinute: 6000, Burst: 1000}})
	pageVerdict := map[string]string{"exact": "Verdict: exact.", "not_exact": "Verdict: not exact."}
	for _, tc := range verdictClasses {
		t.Run(tc.class, func(t *testing.T) {
			q, _ := url.ParseQuery(tc.query)
			rec := classPost(t, h, "/api/v1/inspect?"+tc.query, tc, nil)
			var ans struct {
				Verdict  string   `json:"verdict"`
				Blocking []string `json:"blocking"`
				Sanity   []struct {
					Kind string `json:"kind"`
				} `json:"sanity"`
				Error struct {
					Code string `json:"code"`
				} `json:"error"`
			}
			err := json.Unmarshal(rec.Body.Bytes(), &ans)
			if tc.err != "" {
				if rec.Code != http.StatusBadRequest || err != nil || ans.Error.Code != tc.err {
					t.Errorf("API: %d %v %s, want 400 %s", rec.Code, err, rec.Body, tc.err)
				}
			} else {
				kinds := []string{}
				for _, f := range ans.Sanity {
					kinds = append(kinds, f.Kind)
				}
				if rec.Code != 200 || err != nil || ans.Verdict != tc.verdict ||
					(tc.blocking == "") != (len(ans.Blocking) == 0) || (tc.blocking != "" && !slices.Contains(ans.Blocking, tc.blocking)) ||
					(tc.note != "" && (!slices.Contains(kinds, tc.note) || slices.Contains(ans.Blocking, tc.note))) {
					t.Errorf("API: %d %v verdict %s blocking %v findings %v, want %s %q note %q", rec.Code, err, ans.Verdict, ans.Blocking, kinds, tc.verdict, tc.blocking, tc.note)
				}
			}
			up := classPost(t, h, "/inspect?lang=en", tc, q)
			if tc.err != "" {
				_, doc := inspectGetBody(t, up)
				if up.Code < 400 || up.Code >= 500 || squash(doc.Find("[data-testid=inspect-errors]").Text()) == "" {
					t.Errorf("page: %d, errors %q, want a 4xx with its message", up.Code, doc.Find("[data-testid=inspect-errors]").Text())
				}
				return
			}
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
			if tc.note != "" && doc.Find("[data-testid=inspect-sanity] li").Length() == 0 {
				t.Errorf("page: the note %s is not shown", tc.note)
			}
		})
	}
}

// classPost posts a class's file, its sidecar as the "config" part and
// fields as form fields, multipart, to target.
func classPost(t *testing.T, h http.Handler, target string, tc verdictClass, fields url.Values) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for part, file := range map[string]string{"file": tc.file, "config": tc.sidecar} {
		if file == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		fw, _ := mw.CreateFormFile(part, file)
		fw.Write(data)
	}
	for k := range fields {
		mw.WriteField(k, fields.Get(k))
	}
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, target, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}
