package play_test

import (
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// At step k of the backward loop every chart stays: the boundary chart rings
// the two values the step reads, and the advantages chart holds the raw A_t
// of the tokens the loop has reached (filling from the right), the one just
// written outlined, no whitened bars before the end; their descriptions
// carry no number the table does not show yet.
func TestStepFramesKeepTheCharts(t *testing.T) {
	for _, k := range []int{0, 1, 3} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&step="+string(rune('0'+k)))
		vals, adv := doc.Find("#chart-values svg"), doc.Find("#chart-advantages svg")
		if vals.Length() != 1 || adv.Length() != 1 {
			t.Fatalf("step=%d: values chart %d, advantages chart %d; want both", k, vals.Length(), adv.Length())
		}
		rings := vals.Find(".step-read").Length()
		if want := map[bool]int{true: 0, false: 2}[k == 0]; rings != want {
			t.Errorf("step=%d: %d ringed boundaries, want %d", k, rings, want)
		}
		if got := adv.Find(".step-write").Length(); got != min(k, 1) {
			t.Errorf("step=%d: %d outlined A_t, want %d", k, got, min(k, 1))
		}
		if desc := adv.Find("desc").Text(); strings.Contains(desc, "A_0=") {
			t.Errorf("step=%d: the advantages chart describes A_0 before the loop reached it: %q", k, desc)
		}
	}
	// The terminal value is read at the first step and ringed at the end of the response.
	doc := webtest.Page(t, "/play?v=1&p=seed-b&step=1")
	if doc.Find("#chart-values .step-read").Length() != 2 {
		t.Error("step 1 rings V(s_5) and the terminal value")
	}
}

// Budget: one step (an htmx request for the next step of a 64-token
// scenario, the whole main swapped) ≤ 5 ms.
func BenchmarkPlayStep64(b *testing.B) {
	target := webtest.LongScenario(64) + "&step=32"
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Boosted", "true")
		req.Header.Set("HX-Target", "main")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
