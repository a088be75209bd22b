package play_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"gaelab/web/webtest"
	"net/http"
	"net/http/httptest"
	"testing"
)

// benchUpdate is one edit as htmx sends it: parse the link, compute, render
// the results (table, formulas, step panel and the charts).
func benchUpdate(b *testing.B, n int) {
	target := webtest.LongScenario(n)
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "results")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/update")
}

// Budgets: one full update ≤ 5 ms at 64 tokens, ≤ 30 ms at 512.
func BenchmarkPlayUpdate64(b *testing.B)  { benchUpdate(b, 64) }
func BenchmarkPlayUpdate512(b *testing.B) { benchUpdate(b, 512) }

// Budget (issue 12): a 64-token page is at most 180 KB of HTML and SVG
// before compression, the draggable handles included; the gzipped size is
// reported beside it.
func TestPlayPageSize64(t *testing.T) {
	rec := webtest.Get(t, webtest.LongScenario(64))
	if rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(rec.Body.Bytes())
	zw.Close()
	if kb := float64(rec.Body.Len()) / 1024; kb > 180 {
		t.Errorf("64-token page is %.1f KB, budget 180 KB", kb)
	} else {
		fmt.Printf("64-token page: %.1f KB (%.1f KB gzipped)\n", kb, float64(gz.Len())/1024)
	}
}
