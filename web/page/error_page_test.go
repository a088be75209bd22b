package page_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/webtest"
)

// An unknown lesson (course/lessons.go) and an unknown address answer 404
// with the one error page in the site's frame, in the request's language:
// a Chinese browser's (Accept-Language: zh-CN) reads it in Chinese, and so
// does an English browser's that follows a link with lang=zh; an English
// one in English. Never cached; the request id in X-Request-Id only.
func TestErrorPageNotFound(t *testing.T) {
	for _, c := range []struct {
		target, acceptLanguage string
		want                   i18n.Lang
	}{
		{"/lessons/no-such-lesson", "zh-CN,zh;q=0.9", i18n.Zh},
		{"/lessons/no-such-lesson/widget/w1", "zh-CN,zh;q=0.9", i18n.Zh},
		{"/no-such-page", "zh-CN,zh;q=0.9", i18n.Zh},
		{"/lessons/no-such-lesson?lang=zh", "en-US,en;q=0.9", i18n.Zh},
		{"/no-such-page?lang=zh", "en-US,en;q=0.9", i18n.Zh},
		{"/lessons/no-such-lesson", "en-US,en;q=0.9", i18n.En},
		{"/no-such-page?lang=en", "zh-CN,zh;q=0.9", i18n.En},
	} {
		where := "GET " + c.target + " (Accept-Language: " + c.acceptLanguage + ")"
		rec := webtest.Get(t, c.target, "Accept-Language", c.acceptLanguage)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", where, rec.Code)
			continue
		}
		if ct, cc := rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"); !strings.HasPrefix(ct, "text/html") || cc != "no-store" {
			t.Errorf("%s: Content-Type %q, Cache-Control %q; want text/html, no-store", where, ct, cc)
		}
		doc, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if lang, _ := doc.Find("html").Attr("lang"); lang != string(c.want) {
			t.Errorf("%s: html lang=%q, want %q", where, lang, c.want)
		}
		if n := doc.Find("header nav#site-nav a").Length(); n < 5 {
			t.Errorf("%s: %d navigation links in the frame, want the site's nav", where, n)
		}
		if href, _ := doc.Find("header nav#site-nav a").First().Attr("href"); !strings.HasSuffix(href, "lang="+string(c.want)) {
			t.Errorf("%s: the nav's first link %q does not keep lang=%s", where, href, c.want)
		}
		if got, want := doc.Find(`main [data-testid="error-message"]`).Text(), c.want.T("error.not_found"); got != want {
			t.Errorf("%s: the page says %q, want %q", where, got, want)
		}
		if got, want := doc.Find("main h1").Text(), c.want.T("error.heading", http.StatusNotFound); got != want {
			t.Errorf("%s: heading %q, want %q", where, got, want)
		}
		if rec.Header().Get("X-Request-Id") == "" || doc.Find(`[data-testid="error-request-id"]`).Length() != 0 {
			t.Errorf("%s: X-Request-Id %q, request id shown %q; want the header only (a 404 is the same for the same link)",
				where, rec.Header().Get("X-Request-Id"), doc.Find(`[data-testid="error-request-id"]`).Text())
		}
	}
}

// An htmx request gets the error alone, never the framed page swapped
// into its target; the JSON API gets its error object.
func TestErrorPageFragmentAndAPI(t *testing.T) {
	rec := webtest.Get(t, "/lessons/no-such-lesson/predict/p1?lang=zh", "HX-Request", "true", "HX-Target", "p1")
	body := rec.Body.String()
	if rec.Code != http.StatusNotFound || strings.Contains(body, "<html") || strings.Contains(body, "site-nav") ||
		!strings.Contains(body, `data-testid="error"`) || !strings.Contains(body, i18n.Zh.T("error.not_found")) {
		t.Errorf("htmx: %d %.300q, want 404 and the error panel alone, in Chinese", rec.Code, body)
	}
	rec = webtest.Get(t, "/api/v1/no-such-route", "Accept-Language", "zh-CN")
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || rec.Code != http.StatusNotFound || e.Error.Code != "not_found" || e.Error.Message == "" {
		t.Errorf("API: %d %q (%v), want 404 {\"error\": {\"code\": \"not_found\", …}}", rec.Code, rec.Body, err)
	}
}

// A failure of ours (5xx) names the request id to report, once.
func TestErrorPageRequestID(t *testing.T) {
	for _, c := range []struct {
		status  int
		message string
		shown   bool
	}{
		{http.StatusServiceUnavailable, i18n.Zh.T("limit.busy", 1), true},
		{http.StatusInternalServerError, i18n.Zh.T("error.internal", "0123abcd"), false}, // the message names it
		{http.StatusNotFound, i18n.Zh.T("error.not_found"), false},
	} {
		var b strings.Builder
		r := httptest.NewRequest("GET", "/play?lang=zh", nil)
		if err := page.ErrorPage(&b, r, httperr.Shown{Status: c.status, Message: c.message, RequestID: "0123abcd"}); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		id := doc.Find(`[data-testid="error-request-id"]`).Text()
		if got, want := id != "", c.shown; got != want || c.shown && id != i18n.Zh.T("error.request_id", "0123abcd") {
			t.Errorf("%d: request id line %q, want shown %v", c.status, id, c.shown)
		}
		if n := strings.Count(b.String(), "0123abcd"); n != 0 && n != 1 || c.status >= 500 && n != 1 {
			t.Errorf("%d: the id appears %d times", c.status, n)
		}
	}
}
