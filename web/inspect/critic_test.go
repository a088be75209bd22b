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

	"gaelab/engine"
	"gaelab/web/i18n"
)

// TestCriticFollowsRelease: values_where_masked names the cells the chosen
// release's critic zeroes (web/verify/inverl/make_critic.py runs each tag's
// compute_values, or from v0.8.0 the engine critic's no_padding_2_padding,
// on an agent loop's batch with observation spans). Each tag's own critic
// output is exact with no finding, its raw model output is the blocking
// finding; v0.9.0's values, which keep raw values at observation tokens, are
// blocking when checked as v0.5.0, whose critic zeroes them.
func TestCriticFollowsRelease(t *testing.T) {
	for _, tag := range []string{"v0.2", "v0.4.1", "v0.5.0", "v0.9.0"} {
		ok := mustLoad(t, "verl_critic_"+tag+"_ok.npz", "")
		if ok.Verdict != VerdictExact || finding(ok, string(engine.SanityValuesMasked)) != nil {
			t.Errorf("%s's critic: %s %+v", tag, ok.Verdict, ok.Sanity)
		}
		raw := mustLoad(t, "verl_critic_"+tag+"_raw.npz", "")
		f := finding(raw, string(engine.SanityValuesMasked))
		if f == nil || raw.Verdict != VerdictNotExact || !slices.Contains(raw.Blocking, f.Kind) || f.Rule != string(engine.CriticRuleOf(raw.Config.Release.Gen)) {
			t.Errorf("%s, the model output unmasked: %+v, verdict %s %v", tag, f, raw.Verdict, raw.Blocking)
		}
	}
	if a := mustLoad(t, "v02_eosleak.safetensors", "ver=v0.2"); finding(a, string(engine.SanityValuesMasked)) != nil {
		t.Errorf("v0.2's critic keeps the value one past EOS: %+v", a.Sanity)
	}
	a := mustLoad(t, "verl_critic_v0.9.0_ok.npz", "ver=v0.5.0")
	f := finding(a, string(engine.SanityValuesMasked))
	if f == nil || f.Count != 32 || f.Rule != string(engine.CriticResponseMask) {
		t.Fatalf("v0.9.0's values as v0.5.0: %+v (want the 8 × 4 observation tokens)", f)
	}
	sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
	if want := "values: 32 cells hold a value where v0.5.0–v0.7.1's critic zeroes them (values × response_mask"; !strings.Contains(strings.Join(sanity.Lines, "\n"), want) {
		t.Errorf("notes %q, want %q", sanity.Lines, want)
	}
	if zh, _, _ := inspectFindingsView(inspectRequest{lang: i18n.Zh}, a.Findings()); !strings.Contains(strings.Join(zh.Lines, "\n"), "v0.5.0–v0.7.1 的 critic 置零") {
		t.Errorf("zh notes %q", zh.Lines)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "verl_critic_v0.9.0_ok.npz"))
	if err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string]string{"": VerdictExact, "?ver=v0.5.0": VerdictNotExact} {
		rec := httptest.NewRecorder()
		Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect"+query, bytes.NewReader(data)))
		var ans struct {
			Verdict  string   `json:"verdict"`
			Blocking []string `json:"blocking"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != want {
			t.Errorf("API%s: %d %v %+v, want %s", query, rec.Code, err, ans, want)
		}
	}
}

// TestCriticSliceOnSparseRewards: a critic sliced values[:, -R:] on a
// batch whose only reward is the score at EOS (web/verify/inverl/
// make_slice.py runs v0.7.1's compute_values and GAE). The returns cannot
// show the shift there (values_shifted stays silent), but the first
// token's value is V(prompt), one number per uid group, and the slice puts
// V(prompt + first token) there: values_shifted_in_groups, blocking, at
// every row's t = 0; verl's own slice has no finding and is exact.
func TestCriticSliceOnSparseRewards(t *testing.T) {
	ok := mustLoad(t, "verl_slice_v0.7.1_ok.npz", "")
	if ok.Verdict != VerdictExact || len(ok.Sanity) != 0 {
		t.Errorf("verl's slice: %s %+v", ok.Verdict, ok.Sanity)
	}
	a := mustLoad(t, "verl_slice_v0.7.1_slice.npz", "")
	if finding(a, string(engine.SanityValuesShifted)) != nil {
		t.Errorf("values_shifted fired on sparse rewards (the fixture no longer shows what it is for): %+v", a.Sanity)
	}
	f := finding(a, string(engine.SanityValuesShiftedInGroups))
	if f == nil || f.Count != 2 || len(f.Cells) != 8 || f.Value <= 1.0/16 || a.Verdict != VerdictNotExact || !slices.Contains(a.Blocking, f.Kind) {
		t.Fatalf("sliced critic: %+v, verdict %s %v; want both groups, all 8 rows at t = 0, blocking", f, a.Verdict, a.Blocking)
	}
	for _, c := range f.Cells {
		if c[1] != 0 {
			t.Errorf("cell %v, want t = 0", c)
		}
	}
	for lang, want := range map[i18n.Lang]string{i18n.En: "values: the first response token's values differ within uid groups", i18n.Zh: "第一个响应 token 的价值在同一 uid 组内各不相同"} {
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: lang}, a.Findings())
		if got := strings.Join(sanity.Lines, "\n"); !strings.Contains(got, want) || !strings.Contains(got, "[0, 0]") {
			t.Errorf("%s notes %q, want %q with cell [0, 0]", lang, got, want)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "verl_slice_v0.7.1_slice.npz"))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect", bytes.NewReader(data)))
	var ans struct {
		Verdict  string   `json:"verdict"`
		Blocking []string `json:"blocking"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != VerdictNotExact || !slices.Contains(ans.Blocking, f.Kind) {
		t.Errorf("API: %d %v %+v", rec.Code, err, ans)
	}
	rec = httptest.NewRecorder()
	Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect?allow=values_shifted_in_groups", bytes.NewReader(data)))
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil || ans.Verdict != VerdictExact {
		t.Errorf("API with allow: %d %v %+v", rec.Code, err, ans)
	}
}
