package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"gaelab/web/scenario"
)

// longScenario is a canonical link with n tokens of CJK text and random numbers.
func longScenario(n int) string {
	rng := rand.New(rand.NewPCG(uint64(n), 9))
	s, _ := scenario.Preset("seed-b")
	s.Resize(n)
	for t := range s.Tokens {
		tok := &s.Tokens[t]
		tok.Text = []string{"是", "的", "，", "等于", "2", "！", "token", "😀"}[t%8]
		tok.Old, tok.Ref = -float64(rng.IntN(300))/100, -float64(rng.IntN(300))/100 // as a learner types them
		tok.Value = float64(rng.IntN(1000)) / 1000
		if t >= n-n/8 {
			tok.Kind = scenario.Padding
		}
	}
	s.Tokens[n-n/8-1].Score = 1
	return "/play?" + scenario.Encode(s)
}

// benchHandler is the server with its caches off (answers and drawn
// charts), so that a benchmark repeating one request measures the work
// rather than a cache hit.
func benchHandler(b *testing.B) http.Handler {
	s := newServer(Options{CacheBytes: 1})
	s.play.Charts = nil
	return s.router()
}

// benchUpdate is one edit as htmx sends it: parse the link, compute, render
// the results (table, formulas, step panel and the charts).
func benchUpdate(b *testing.B, n int) {
	target := longScenario(n)
	h := benchHandler(b)
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
	rec := get(t, longScenario(64))
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
