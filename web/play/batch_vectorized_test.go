package play_test

import (
	"gaelab/web/webtest"
	"strings"
	"testing"
)

// TestBatchVectorizedNotes: /batch says where verl's vectorized GRPO/RLOO
// would differ from the loop estimators it shows, and why: "07" and "7"
// merged by as_torch_index, a negative id raising IndexError, v0.6.0–v0.7.0
// raising TypeError outside pytest, a singleton in RLOO; and says nothing
// where they agree or before v0.6.0.
func TestBatchVectorizedNotes(t *testing.T) {
	notes := func(target string) string {
		t.Helper()
		return webtest.Page(t, target).Find(`[data-testid="batch-results"], #batch-results`).Text()
	}
	cases := []struct {
		target string
		want   []string
		not    []string
	}{
		{"/batch?v=1&p=grpo-4&group=07,7,07,7", []string{`"07", "7"`, "as_torch_index"}, []string{"IndexError", "TypeError"}},
		{"/batch?v=2&p=grpo-4&group=-1,-1,2,2&ver=v0.6.1", []string{"TypeError outside pytest", "#4961", "v0.6.0–v0.7.0", "IndexError", `"-1" is negative`}, nil},
		{"/batch?v=2&p=grpo-4&group=-1,-1,2,2&ver=v0.7.1", []string{"IndexError"}, []string{"TypeError"}},
		{"/batch?v=1&p=singleton", []string{"rloo_vectorized"}, nil},
		{"/batch?v=2&p=grpo-4&group=07,7,07,7&ver=v0.5.0", nil, []string{"grpo_vectorized", "rloo_vectorized"}},
		{"/batch?v=1&p=grpo-4", nil, []string{"grpo_vectorized", "rloo_vectorized"}},
		{"/batch?v=1&p=grpo-4&group=07,7,07,7&lang=zh", []string{`"07", "7"`, "as_torch_index"}, nil},
	}
	for _, c := range cases {
		text := notes(c.target)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in the results", c.target, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(text, w) {
				t.Errorf("%s: %q in the results, but the loop and vectorized versions agree there", c.target, w)
			}
		}
	}
	// A v=2 batch names one release for GAE and the estimators alike.
	if h := webtest.Page(t, "/batch?v=2&p=grpo-4&ver=v0.6.1").Find("#batch-results h2, [data-testid=\"batch-results\"] h2").First().Text(); strings.Contains(h, "newest") || !strings.Contains(h, "v0.6.1") {
		t.Errorf("v=2 v0.6.1 heading %q", h)
	}
}
