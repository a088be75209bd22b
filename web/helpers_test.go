package web

// Helpers of the tests that stay at web's top level; the rooms' tests use
// web/webtest instead (a package's own tests cannot import it: webtest
// imports web).

import (
	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// get serves one request through the real router.
func get(t *testing.T, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	Routes().ServeHTTP(rec, req)
	return rec
}

// getPage fetches a playground URL and parses it; it must be a 200.
func getPage(t *testing.T, target string, header ...string) *goquery.Document {
	t.Helper()
	rec := get(t, target, header...)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, body %.300s", target, rec.Code, rec.Body)
	}
	if i := strings.Index(rec.Body.String(), "%!"); i >= 0 {
		t.Errorf("GET %s: a message is formatted with the wrong arguments: %.60s", target, rec.Body.String()[i:])
	}
	if strings.Contains(rec.Body.String(), "⟦") {
		i := strings.Index(rec.Body.String(), "⟦")
		t.Errorf("GET %s: a message key is missing from the catalog: %.60s", target, rec.Body.String()[i:])
	}
	doc, err := goquery.NewDocumentFromReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// cell returns the text of the table cell of a row at t.
func cell(doc *goquery.Document, row string, t int) string {
	return strings.TrimSpace(doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Eq(t).Text())
}

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

// meta is the content of the head's meta tag whose property (or name) is
// key, and whether there is exactly one.
func meta(doc *goquery.Document, key string) (string, bool) {
	sel := doc.Find(`head meta[property="` + key + `"], head meta[name="` + key + `"]`)
	v, _ := sel.Attr("content")
	return v, sel.Length() == 1
}

// nums formats a row of numbers as the tables do.
func nums(xs []float64) []string {
	out := make([]string, len(xs))
	for k, x := range xs {
		out[k] = page.Num(x)
	}
	return out
}

// varianceEngine is an independent run of the lab on a preset: the toy's
// shape from the preset's valid tokens and largest reward, the page's λ and
// critics.
func varianceEngine(t *testing.T, s scenario.Scenario, n int, seed uint64, bias float64) engine.VarianceLab {
	t.Helper()
	res := s.Compute()
	T, outcome, best := 0, 0, -1.0
	for k, m := range res.Mask {
		if m != 1 {
			continue
		}
		if a := max(res.Rewards[k], -res.Rewards[k]); a >= best {
			best, outcome = a, T
		}
		T++
	}
	lams := []float64{0, 0.5, 0.9, 0.95, 1}
	if s.Lam != 0 && s.Lam != 0.5 && s.Lam != 0.9 && s.Lam != 0.95 && s.Lam != 1 {
		t.Fatalf("preset λ %g is not in the sweep; the test assumes it is", s.Lam)
	}
	lab, err := engine.SampleVariance(engine.NewVarianceToy(T, outcome, s.Gamma), s.Gen(), n, seed, lams, []float64{0, bias})
	if err != nil {
		t.Fatal(err)
	}
	return lab
}

// serve answers one request through h, with the given request headers.
func serve(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
