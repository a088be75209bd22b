package play_test

import (
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"testing"
)

// benchSweepUpdate is one live update of a compare view as htmx sends it
// (HX-Target sweep-results: the results, the error summary and the links)
// on handler h.
func benchSweepUpdate(b *testing.B, h http.Handler, target string) {
	b.ReportAllocs()
	var size int
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "sweep-results")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Header().Get("HX-Replace-Url") == "" {
			b.Fatalf("status %d, HX-Replace-Url %q", rec.Code, rec.Header().Get("HX-Replace-Url"))
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/answer")
}

// varianceUpdateLink is a variance lab at its default n = 1,000 rollouts
// after an edit of the biased critic's bias.
const varianceUpdateLink = "/compare/variance?v=1&p=seed-b&bias=0.5"

// Budget (issue 26): a lab's live update in at most 20 ms of server time at
// the default n = 1,000. cold: every update computed (no answer cache);
// warm: the same link again, answered from the answer cache, as a learner
// going back to a value meets it.
func BenchmarkVarianceLabUpdate(b *testing.B) {
	b.Run("cold", func(b *testing.B) { benchSweepUpdate(b, webtest.Uncached(b).Handler, varianceUpdateLink) })
	b.Run("warm", func(b *testing.B) { benchSweepUpdate(b, webtest.New(b, webtest.Options{}).Handler, varianceUpdateLink) })
}

// Budget (issue 26): the λ sweep's live update (5 GAE runs, table, line
// chart, small multiples, heat map, weights) in at most 20 ms.
func BenchmarkLambdaUpdate(b *testing.B) {
	const link = "/compare/lambda?v=1&p=seed-b&gamma=0.9"
	b.Run("cold", func(b *testing.B) { benchSweepUpdate(b, webtest.Uncached(b).Handler, link) })
	b.Run("warm", func(b *testing.B) { benchSweepUpdate(b, webtest.New(b, webtest.Options{}).Handler, link) })
}
