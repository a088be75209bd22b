package play_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
	"gaelab/web/qr/qrtest"
	"gaelab/web/webtest"
)

func TestQRRoute(t *testing.T) {
	tests := []struct {
		name     string
		u        string
		host     string
		header   map[string]string
		wantText string
	}{
		{name: "http", u: "/play?v=1&p=seed-b", host: "example.com",
			wantText: "http://example.com/play?v=1&p=seed-b"},
		{name: "https behind a proxy", u: "/play?v=1&p=seed-b", host: "gaelab.example.org",
			header:   map[string]string{"X-Forwarded-Proto": "https"},
			wantText: "https://gaelab.example.org/play?v=1&p=seed-b"},
		{name: "first of a proxy chain", u: "/lessons/gae", host: "example.com:8080",
			header:   map[string]string{"X-Forwarded-Proto": "HTTPS, http"},
			wantText: "https://example.com:8080/lessons/gae"},
		{name: "proxy says http", u: "/", host: "example.com",
			header:   map[string]string{"X-Forwarded-Proto": "http"},
			wantText: "http://example.com/"},
		{name: "raw UTF-8 playground link", u: "/play?v=1&p=seed-b&prompt=小明有3个苹果🍎&tok=因为&tok=所以",
			host: "example.com", wantText: "http://example.com/play?v=1&p=seed-b&prompt=小明有3个苹果🍎&tok=因为&tok=所以"},
		{name: "16-token link, percent-encoded", u: playgroundPath(), host: "gaelab.example.org",
			wantText: "http://gaelab.example.org" + playgroundPath()},
	}
	h := webtest.Routes()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/qr.svg?u="+url.QueryEscape(tt.u), nil)
			req.Host = tt.host
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)

			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200; body %q", rec.Code, rec.Body.String())
			}
			if got := rec.Header().Get("Content-Type"); got != "image/svg+xml" {
				t.Errorf("Content-Type = %q, want image/svg+xml", got)
			}
			if got := rec.Header().Get("Cache-Control"); got != "private, max-age=86400" {
				t.Errorf("Cache-Control = %q, want private, max-age=86400 (the code holds the request's Host)", got)
			}
			got, err := qrtest.Decode(rec.Body.Bytes())
			if err != nil {
				t.Fatalf("decode the QR code: %v", err)
			}
			if got != tt.wantText {
				t.Errorf("QR code holds %q,\nwant %q", got, tt.wantText)
			}
		})
	}
}

// playgroundPath is a playground link with 16 tokens, as the page links to
// it: about 600 bytes, the prompt and tokens percent-encoded.
func playgroundPath() string {
	q := url.Values{"v": {"1"}, "p": {"seed-b"}, "prompt": {"小明有3个苹果，又买了5个，一共几个？"}}
	for _, tok := range strings.Fields("因为 3 加 5 等于 8 ， 所以 答案 是 8 。 🎉 对 吗 ？") {
		q.Add("tok", tok)
	}
	q.Set("V", "0.12,0.18,0.25,0.31,0.4,0.46,0.52,0.61,0.66,0.7,0.74,0.8,0.83,0.9,0.95,0")
	q.Set("old", "-1.2,-0.8,-2.1,-0.4,-1,-0.3,-0.9,-1.7,-0.6,-0.2,-1.1,-0.5,-2.4,-0.7,-0.9,-1.3")
	q.Set("mask", "1111111111111110")
	return "/play?" + q.Encode()
}

func TestQRRouteRejects(t *testing.T) {
	tests := []struct {
		name, query string
	}{
		{"absolute URL", "u=" + url.QueryEscape("https://evil.example/")},
		{"protocol-relative", "u=" + url.QueryEscape("//evil.example/x")},
		{"backslash host", "u=" + url.QueryEscape(`/\evil.example/x`)},
		{"missing u", ""},
		{"empty u", "u="},
		{"relative path", "u=play"},
		{"javascript", "u=" + url.QueryEscape("javascript:alert(1)")},
		{"line break", "u=" + url.QueryEscape("/play\nScan me at evil.example")},
		{"invalid UTF-8", "u=/play%FF"},
		{"over the limit", "u=" + url.QueryEscape("/play?x="+strings.Repeat("a", 2000))},
	}
	h := webtest.Routes()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/qr.svg?"+tt.query, nil))

			if rec.Code != http.StatusBadRequest {
				t.Errorf("status = %d, want 400", rec.Code)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type = %q, want the error page", ct)
			}
			if msg := errorMessage(t, rec.Body.String()); !strings.HasPrefix(msg, "u: ") || len(msg) > 200 {
				t.Errorf("the error page says %q, want a short message naming u", msg)
			}
			if strings.Contains(rec.Body.String(), "evil") {
				t.Errorf("body = %q echoes the rejected link", rec.Body.String())
			}
		})
	}
}

// TestQRRouteFollowsTheHost asks for the same code through two hosts, twice
// each: a server-side answer cache keyed by the path alone would give the
// second host the first host's link.
func TestQRRouteFollowsTheHost(t *testing.T) {
	h := webtest.Routes()
	u := "/qr.svg?u=" + url.QueryEscape("/play?v=1&p=seed-a")
	for range 2 {
		for _, host := range []string{"127.0.0.1:8080", "192.168.1.20:8080"} {
			req := httptest.NewRequest("GET", u, nil)
			req.Host = host
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			got, err := qrtest.Decode(rec.Body.Bytes())
			if err != nil {
				t.Fatalf("%s: status %d, decode: %v", host, rec.Code, err)
			}
			if want := "http://" + host + "/play?v=1&p=seed-a"; got != want {
				t.Errorf("through %s the code says %q, want %q", host, got, want)
			}
		}
	}
}

// TestQRRefusalSpeaksTheLearnersLanguage: a refused link is explained in
// the request's language, from the catalog, never a Go error's text.
func TestQRRefusalSpeaksTheLearnersLanguage(t *testing.T) {
	h := webtest.Routes()
	for _, path := range []string{"/qr.svg?u=play", "/qr?u=play"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept-Language", "zh-CN")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if want := i18n.Zh.T("link.err.off_site"); rec.Code != http.StatusBadRequest || errorMessage(t, rec.Body.String()) != want {
			t.Errorf("%s: %d %q, want 400 %q", path, rec.Code, rec.Body.String(), want)
		}
	}
}

// errorMessage is what the error page (page.ErrorPage) says.
func errorMessage(t *testing.T, body string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Find(`[data-testid="error-message"]`).Text()
}
