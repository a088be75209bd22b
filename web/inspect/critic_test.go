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
