package inspect

import (
	"testing"

	"gaelab/engine"
)

// TestEmptyRowScore: batches with two empty rows made with verl's own
// NaiveRewardManager, apply_kl_penalty and GAE
// (web/verify/inverl/make_empty.py) at v0.4.1 (the plain loop, which
// carries the empty rows' score into their padding returns) and v0.9.0
// (the mask-aware loop, which drops it). verl writes an empty row's score
// at valid_response_length − 1 = −1, the last column: that is its
// convention, so no finding calls it mass where the mask is 0 or a score
// off the last valid token, at the file's release or the other; the
// advantages, returns and the reward check are exact, and the rows view
// says the rows are empty.
func TestEmptyRowScore(t *testing.T) {
	for _, file := range []string{"verl_empty_v0.4.1_noid.npz", "verl_empty_v0.9.0_noid.npz", "verl_empty_v0.4.1_ids.npz", "verl_empty_v0.9.0_ids.npz"} {
		for _, query := range []string{"", "ver=v0.4.1", "ver=v0.9.0"} {
			a := mustLoad(t, file, query)
			b := a.Batch
			for _, i := range []int{2, 5} {
				if b.Scores[i][b.R-1] != -1 || a.Rows[i].Length != 0 || a.Rows[i].EOS != -1 {
					t.Fatalf("%s: row %d: score %v at index −1, length %d, EOS %d; want verl's −1 on an empty row", file, i, b.Scores[i][b.R-1], a.Rows[i].Length, a.Rows[i].EOS)
				}
			}
			if explained(a.Check.Advantages) != "exact" || explained(a.Check.Returns) != "exact" {
				t.Errorf("%s %s: advantages %s, returns %s, want exact", file, query, explained(a.Check.Advantages), explained(a.Check.Returns))
			}
			if a.Reward == nil || !a.Reward.Exact || a.Reward.FitBy == nil || a.Reward.FitBy.KLPenalty != "low_var_kl" {
				t.Errorf("%s %s: reward check %+v, want exact with low_var_kl", file, query, a.Reward)
			}
			for _, k := range []engine.SanityKind{engine.SanityMassPastMask, engine.SanityScoreNotLast} {
				if f := finding(a, string(k)); f != nil {
					t.Errorf("%s %s: %s %+v on verl's own empty-row convention", file, query, k, f)
				}
			}
		}
	}
}
