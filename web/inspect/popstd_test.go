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

// TestSingletonGroups: verl's GRPO (make_grpo_std.py) with one group of a
// single response is exact with the note singleton_groups; with every uid
// distinct it is the blocking every_group_singleton (it passed silently).
func TestSingletonGroups(t *testing.T) {
	some := mustLoad(t, "verl_grpo_std_v0.9.0_some.npz", "")
	if f := finding(some, SingletonGroups); f == nil || f.Count != 1 || f.Cells[0] != [2]int{7, 0} || some.Verdict != VerdictExact {
		t.Errorf("one singleton: %+v, verdict %s", f, some.Verdict)
	}
	all := mustLoad(t, "verl_grpo_std_v0.9.0_single.npz", "")
	if f := finding(all, EveryGroupSingleton); f == nil || f.Count != 8 || all.Verdict != VerdictNotExact || !slices.Contains(all.Blocking, EveryGroupSingleton) {
		t.Errorf("every group singleton: %+v, verdict %s %v", f, all.Verdict, all.Blocking)
	}
	sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, all.Findings())
	if !strings.Contains(strings.Join(sanity.Lines, "\n"), "uid: all 8 of the 8 uid groups hold a single response") {
		t.Errorf("notes %q", sanity.Lines)
	}
	if ok := mustLoad(t, "verl_grpo_std_v0.9.0_ok.npz", ""); finding(ok, SingletonGroups) != nil || finding(ok, EveryGroupSingleton) != nil {
		t.Errorf("groups of 4: %+v", ok.Sanity)
	}
}
