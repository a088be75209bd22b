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

// TestEOSCheck: batches made with verl's own get_response_mask and GAE
// (web/verify/inverl/make_eos.py at v0.9.0), saved by the exporter with the
// tokenizer's ids. verl's mask passes (a truncated row without EOS
// included); a mask one token past each EOS, GAE run on it, was exact and is
// now the blocking mask_disagrees_eos with each row's first pad, on the
// page and in the API; without the ids the check says it skipped (a note).
func TestEOSCheck(t *testing.T) {
	for _, c := range []struct {
		file, kind, verdict string
	}{{"verl_eos_v0.9.0_ok.npz", "", VerdictExact}, {"verl_eos_v0.9.0_past.npz", MaskDisagreesEOS, VerdictNotExact}, {"verl_eos_v0.9.0_noid.npz", MaskCheckSkipped, VerdictExact}} {
		a := mustLoad(t, c.file, "")
		if explained(a.Check.Advantages) != "exact" {
			t.Errorf("%s: advantages %s, want exact (verl's GAE on the file's own mask)", c.file, explained(a.Check.Advantages))
		}
		for _, k := range []string{MaskDisagreesEOS, MaskCheckSkipped} {
			if (finding(a, k) != nil) != (k == c.kind) {
				t.Errorf("%s: %s %+v", c.file, k, finding(a, k))
			}
		}
		if a.Verdict != c.verdict {
			t.Errorf("%s: verdict %s %v, want %s", c.file, a.Verdict, a.Blocking, c.verdict)
		}
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
		notes := strings.Join(sanity.Lines, "\n")
		switch c.kind {
		case MaskDisagreesEOS:
			f := finding(a, MaskDisagreesEOS)
			if f.Count != a.Batch.B-1 || f.Cells[0] != [2]int{0, a.Rows[0].EOS} {
				t.Errorf("%s: %d cells %v, want one a row with an EOS, the first at [0, %d]", c.file, f.Count, f.Cells, a.Rows[0].EOS)
			}
			if !strings.Contains(notes, "response_mask: 7 cells disagree with verl's get_response_mask") {
				t.Errorf("%s: notes %q", c.file, sanity.Lines)
			}
		case MaskCheckSkipped:
			if !strings.Contains(notes, "responses: the file has token ids but no eos_token_id") {
				t.Errorf("%s: notes %q", c.file, sanity.Lines)
			}
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "verl_eos_v0.9.0_past.npz"))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	Handler(1<<20)(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect", bytes.NewReader(data)))
	var ans struct {
		Verdict  string   `json:"verdict"`
		Blocking []string `json:"blocking"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); rec.Code != 200 || err != nil || ans.Verdict != VerdictNotExact || !slices.Contains(ans.Blocking, MaskDisagreesEOS) {
		t.Errorf("API: %d %v %+v", rec.Code, err, ans)
	}
	// eos_token_id= in the query runs the check on a file saved without it.
	if a := mustLoad(t, "verl_eos_v0.9.0_noid.npz", "eos_token_id=2"); finding(a, MaskCheckSkipped) != nil || finding(a, MaskDisagreesEOS) != nil {
		t.Errorf("eos_token_id=2: %+v", a.Sanity)
	}
}

// TestEOSCheckEmptyRows: an empty response as verl v0.9.0's agent loop
// pads it (_pad_token_ids: every id the pad_token_id, attention 0; made by
// web/verify/inverl/make_empty.py, saved with the tokenizer's ids) is no
// mask that disagrees with the EOS: verl never builds that row's mask with
// get_response_mask, and the row trains on nothing (#37's class 7).
func TestEOSCheckEmptyRows(t *testing.T) {
	for _, file := range []string{"verl_empty_v0.4.1_ids.npz", "verl_empty_v0.9.0_ids.npz"} {
		t.Run(file, func(t *testing.T) {
			a := mustLoad(t, file, "")
			if a.Config.EOS == nil || finding(a, MaskCheckSkipped) != nil {
				t.Fatalf("the EOS check did not run (eos_token_id %v)", a.Config.EOS)
			}
			if f := finding(a, MaskDisagreesEOS); f != nil {
				t.Errorf("%s: %+v", MaskDisagreesEOS, f)
			}
			if a.Verdict != VerdictExact {
				t.Errorf("verdict %s %v, want exact", a.Verdict, a.Blocking)
			}
		})
	}
}
