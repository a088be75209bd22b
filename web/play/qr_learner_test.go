package play_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/page"
	"gaelab/web/qr/qrtest"
	"gaelab/web/webtest"
)

// TestLearnerLink: the QR code's link drops the teacher's view and keeps
// the state.
func TestLearnerLink(t *testing.T) {
	for in, want := range map[string]string{
		"/play?v=1&p=seed-b&present=1&theme=dark&hide=adv,ret&rev=1&lock=1&lam=0.9": "/play?v=1&p=seed-b&lam=0.9",
		"/lessons/gae?present=1":              "/lessons/gae",
		"/play?v=1&p=seed-a&lang=zh":          "/play?v=1&p=seed-a&lang=zh",
		"/play":                               "/play",
		"/play?v=1&tok=present%3D1&present=1": "/play?v=1&tok=present%3D1",
	} {
		if got := page.LearnerLink(in); got != want {
			t.Errorf("learnerLink(%q) = %q; want %q", in, got, want)
		}
	}
	// The page's QR code encodes it.
	rec := httptest.NewRecorder()
	webtest.Routes().ServeHTTP(rec, httptest.NewRequest("GET", "/play?v=1&p=seed-b&present=1&theme=dark&hide=adv&lock=1", nil))
	doc, _ := goquery.NewDocumentFromReader(rec.Body)
	href, _ := doc.Find(`[data-testid="qr"]`).Attr("href")
	u, _ := url.Parse(href)
	if got := u.Query().Get("u"); strings.Contains(got, "present") || strings.Contains(got, "hide") || strings.Contains(got, "theme") ||
		strings.Contains(got, "lock") || !strings.Contains(got, "p=seed-b") {
		t.Errorf("presentation mode's QR code encodes %q; want the learner's link", got)
	}
}

// TestQRPublicURL: behind a reverse proxy, -public-url is the address in
// the codes.
func TestQRPublicURL(t *testing.T) {
	h := webtest.New(t, webtest.Options{PublicURL: "https://gae.example.edu/"}).Handler
	req := httptest.NewRequest("GET", "/qr.svg?u="+url.QueryEscape("/play?v=1&p=seed-b"), nil)
	req.Host = "10.0.0.5:8080"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	got, err := qrtest.Decode(rec.Body.Bytes())
	if err != nil || got != "https://gae.example.edu/play?v=1&p=seed-b" {
		t.Errorf("QR code holds %q (%v); want the public URL", got, err)
	}
}
