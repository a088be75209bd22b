package inspect

import (
	"slices"
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// TestMaskCheck: batches made with verl's own compute_response_mask and
// GAE (web/verify/inverl/make_mask.py at v0.9.0): verl's mask and an agent
// loop's multi-turn mask pass; a mask one token short (EOS left out, GAE
// run on it) used to be exact and is now a blocking finding with its
// cells (and its score, now past the mask, the mass finding), in the
// verdict and on the page.
func TestMaskCheck(t *testing.T) {
	for _, c := range []struct {
		file    string
		finding bool
	}{{"verl_mask_v0.9.0_ok.npz", false}, {"verl_mask_v0.9.0_multiturn.npz", false}, {"verl_mask_v0.9.0_short.npz", true}} {
		a := mustLoad(t, c.file, "")
		f := finding(a, MaskDisagrees)
		if (f != nil) != c.finding {
			t.Errorf("%s: finding %+v, want one: %v", c.file, f, c.finding)
		}
		if explained(a.Check.Advantages) != "exact" {
			t.Errorf("%s: advantages %s, want exact (verl's GAE on the file's own mask)", c.file, explained(a.Check.Advantages))
		}
		want := map[bool]string{false: VerdictExact, true: VerdictNotExact}[c.finding]
		if a.Verdict != want || (c.finding && !slices.Contains(a.Blocking, MaskDisagrees)) {
			t.Errorf("%s: verdict %s %v, want %s", c.file, a.Verdict, a.Blocking, want)
		}
		if !c.finding {
			continue
		}
		if f.Count != a.Batch.B || len(f.Cells) == 0 || f.Cells[0][1] != a.Rows[0].EOS+1 {
			t.Errorf("%s: %d cells %v, want each row's EOS, the first at [0, %d]", c.file, f.Count, f.Cells, a.Rows[0].EOS+1)
		}
		sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
		if !strings.Contains(strings.Join(sanity.Lines, "\n"), "response_mask: 8 cells disagree with the response part of attention_mask") {
			t.Errorf("%s: notes %q", c.file, sanity.Lines)
		}
	}
}
