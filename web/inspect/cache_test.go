package inspect

import (
	"strconv"
	"testing"
)

// TestAnalysisCacheKeeps: the analysis cache keeps the last
// inspectAnalysesPerServer analyses, so that a view, its heat maps and
// rows reuse the upload's analysis instead of recomputing it.
func TestAnalysisCacheKeeps(t *testing.T) {
	t.Parallel()
	c := newAnalysisCache()
	for i := range inspectAnalysesPerServer + 1 {
		c.Put(strconv.Itoa(i), &Analysis{})
	}
	for i := range inspectAnalysesPerServer + 1 {
		_, ok := c.Get(strconv.Itoa(i))
		if want := i > 0; ok != want {
			t.Errorf("analysis %d of %d kept: %v, want %v", i, inspectAnalysesPerServer+1, ok, want)
		}
	}
}
