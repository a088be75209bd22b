package web

// Helpers of the tests that stay at web's top level; the rooms' tests use
// web/webtest instead (a package's own tests cannot import it: webtest
// imports web).

import (
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

// around is the text around byte offset at, for a message.
func around(s string, at, n int) string {
	r := []rune(s)
	i := len([]rune(s[:at]))
	return string(r[max(0, i-n):min(len(r), i+n+2)])
}
