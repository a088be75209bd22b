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

// TestPopulationStd: verl's own GRPO (web/verify/inverl/make_grpo_std.py at
// v0.9.0) is exact; the same with torch.std taking the population std was
// "nothing reproduces them" with no lead, and is now the blocking
// grpo_population_std, on the page and in the API.
func TestPopulationStd(t *testing.T) {
	ok := mustLoad(t, "verl_grpo_std_v0.9.0_ok.npz", "")
	if ok.Verdict != VerdictExact || finding(ok, PopulationStd) != nil {
		t.Errorf("verl's GRPO: %s %+v", ok.Verdict, ok.Sanity)
	}
	a := mustLoad(t, "verl_grpo_std_v0.9.0_pop.npz", "")
	f := finding(a, PopulationStd)
	if f == nil || f.Count != 2 || a.Verdict != VerdictNotExact || !slices.Contains(a.Blocking, PopulationStd) {
		t.Fatalf("population std: %+v, verdict %s %v", f, a.Verdict, a.Blocking)
	}
	sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
	if !strings.Contains(strings.Join(sanity.Lines, "\n"), "advantages: over 2 uid groups these are GRPO's (s − μ)/(σ + ε) with each group's population std") {
		t.Errorf("notes %q", sanity.Lines)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "verl_grpo_std_v0.9.0_pop.npz"))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect", bytes.NewReader(data)))
	var ans struct {
		Verdict  string   `json:"verdict"`
		Blocking []string `json:"blocking"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != VerdictNotExact || !slices.Contains(ans.Blocking, PopulationStd) {
		t.Errorf("API: %d %v %+v", rec.Code, err, ans)
	}
}
