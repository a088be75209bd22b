// Package webtest builds the whole GAE Lab site for a test, as
// net/http/httptest builds a server: any package's tests (package X_test)
// import it to reach the site through its real routes and middleware, so
// that a room's tests live beside the room instead of a floor above it.
//
// A Site serves requests in process (Get, Page, PostForm, Upload answer an
// *httptest.ResponseRecorder) and over a real loopback server (URL, and
// Client: a browser's cookie jar, same-origin headers, CSRF tokens and a
// reader of server-sent events; Follow, for a class's old ?k= links). A
// live class's steps (NewClass, AskCell, Client.Answer) serve the class's
// own tests and the browser tests alike. The package-level Get, Page and
// Serve use one shared site with the default options and no database.
//
// The databases live in webtest/stores (SQLite, and PostgreSQL when
// $GAELAB_TEST_POSTGRES is set), so that the drivers are linked only into
// the test binaries that use them.
package webtest

import (
	"bytes"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web"
	"gaelab/web/scenario"
)

// Options are the site's options (web.Options), so that a room's tests
// configure a site without importing package web.
type Options = web.Options

// Site is the app with one set of options, served in process and on a
// loopback httptest.Server started on first use of URL or Client.
type Site struct {
	// Handler is web.Handler of the site's options.
	Handler http.Handler

	t      testing.TB
	once   sync.Once
	server *httptest.Server
}

// New returns the site of o (web.Handler(o)); its server, if started, is
// closed when the test ends.
func New(t testing.TB, o Options) *Site {
	t.Helper()
	return &Site{Handler: web.Handler(o), t: t}
}

// shared is the site with default options and no database, built once per
// test binary for the tests that only read pages from it.
var shared = sync.OnceValue(web.Routes)

// Routes is the shared site's handler (web.Routes, built once).
func Routes() http.Handler { return shared() }

// URL is the base URL ("http://127.0.0.1:port") of the site's loopback
// server, started on first use and closed when the test ends.
func (s *Site) URL() string {
	s.once.Do(func() {
		s.server = httptest.NewServer(s.Handler)
		s.t.Cleanup(s.server.Close)
	})
	return s.server.URL
}

// Server is the site's loopback server (started as by URL).
func (s *Site) Server() *httptest.Server {
	s.URL()
	return s.server
}

// Serve answers one request through h; header lists names and values in
// turn ("Accept-Language", "zh", …).
func Serve(h http.Handler, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Get serves GET target on the shared site.
func Get(t testing.TB, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return Serve(shared(), http.MethodGet, target, nil, header...)
}

// Page fetches target from the shared site and parses it: it must be a
// 200 whose text has no misformatted message ("%!") and no key missing
// from the catalog ("⟦").
func Page(t testing.TB, target string, header ...string) *goquery.Document {
	t.Helper()
	return page(t, Get(t, target, header...), target)
}

// Get serves GET target on s.
func (s *Site) Get(t testing.TB, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return Serve(s.Handler, http.MethodGet, target, nil, header...)
}

// Page is the package's Page on s.
func (s *Site) Page(t testing.TB, target string, header ...string) *goquery.Document {
	t.Helper()
	return page(t, s.Get(t, target, header...), target)
}

// PostForm posts form to target on s as a same-origin page's form does.
func (s *Site) PostForm(t testing.TB, target string, form url.Values, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return Serve(s.Handler, http.MethodPost, target, strings.NewReader(form.Encode()),
		append([]string{"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "same-origin"}, header...)...)
}

// PostForm is Site.PostForm on the shared site.
func PostForm(t testing.TB, target string, form url.Values, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return (&Site{Handler: shared(), t: t}).PostForm(t, target, form, header...)
}

// File is one file of a multipart upload.
type File struct {
	Field, Name string
	Data        []byte
}

// Multipart is a multipart/form-data body of files and fields, as a page's
// upload form posts it, and its Content-Type.
func Multipart(files []File, fields map[string]string) (body []byte, contentType string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range files {
		fw, _ := mw.CreateFormFile(f.Field, f.Name)
		fw.Write(f.Data)
	}
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

// Upload posts data as the file name in field "file" with fields to target
// on s, as the upload form does (same-origin, multipart).
func (s *Site) Upload(t testing.TB, target, name string, data []byte, fields map[string]string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	var files []File
	if name != "" {
		files = []File{{"file", name, data}}
	}
	body, ct := Multipart(files, fields)
	return Serve(s.Handler, http.MethodPost, target, bytes.NewReader(body),
		append([]string{"Content-Type", ct, "Sec-Fetch-Site", "same-origin"}, header...)...)
}

// Doc parses an HTML page or fragment.
func Doc(t testing.TB, html string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// CSRF is the form token of a page (its input named "csrf").
func CSRF(t testing.TB, html string) string {
	t.Helper()
	tok, ok := Doc(t, html).Find(`input[name="csrf"]`).Attr("value")
	if !ok {
		t.Fatalf("no CSRF token in the page:\n%.2000s", html)
	}
	return tok
}

func page(t testing.TB, rec *httptest.ResponseRecorder, target string) *goquery.Document {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, body %.300s", target, rec.Code, rec.Body)
	}
	body := rec.Body.String()
	if i := strings.Index(body, "%!"); i >= 0 {
		t.Errorf("GET %s: a message is formatted with the wrong arguments: %.60s", target, body[i:])
	}
	if i := strings.Index(body, "⟦"); i >= 0 {
		t.Errorf("GET %s: a message key is missing from the catalog: %.60s", target, body[i:])
	}
	return Doc(t, body)
}

// Uncached is the site with its caches off (answers and drawn charts), so
// that a benchmark repeating one request measures the work rather than a
// cache hit.
func Uncached(t testing.TB) *Site {
	t.Helper()
	return New(t, Options{CacheBytes: 1, ChartCacheBytes: 1})
}

// LongScenario is a canonical /play link with n tokens of CJK text and
// random numbers, its last eighth padding (the size and speed budgets'
// scenario).
func LongScenario(n int) string {
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
