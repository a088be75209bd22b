package mw_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"gaelab/web/webtest"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/static"
	"gaelab/web/mw"
)

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

// siteRouter is a router with the middleware that every answer of the site
// passes (web's routes.go, in its order), for tests that mount routes of
// their own behind it.
func siteRouter(logger *slog.Logger) *chi.Mux {
	mux := chi.NewRouter()
	mux.Use(mw.WithLang, mw.WithRequestID, mw.WithAccessLog(logger), mw.WithSecurityHeaders("'self'", false))
	return mux
}

// Every kind of answer — page, chart, static asset, API error, health,
// redirect, 404 — carries the security headers, with a fresh nonce each time.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	h := webtest.Routes()
	nonces := map[string]bool{}
	for _, c := range []struct{ method, target string }{
		{"GET", "/play?v=1&p=seed-b"}, {"GET", "/play"}, {"GET", "/play/chart/values.svg?v=1&p=seed-b"},
		{"GET", static.Path("app.css")}, {"POST", "/api/v1/compute"}, {"GET", "/healthz"},
		{"GET", "/no/such/page"}, {"GET", "/lessons/gae"}, {"GET", "/qr.svg?u=http://x/play"},
	} {
		w := serve(h, c.method, c.target)
		hdr := w.Header()
		csp := hdr.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self' 'nonce-", "object-src 'none'", "base-uri 'none'",
			"frame-ancestors 'self'", "style-src 'self';", "default-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s %s: CSP %q lacks %q", c.method, c.target, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-") {
			t.Errorf("%s %s: CSP allows %q", c.method, c.target, csp)
		}
		nonce := strings.SplitN(strings.SplitN(csp, "'nonce-", 2)[1], "'", 2)[0]
		if len(nonce) < 22 || nonces[nonce] {
			t.Errorf("%s %s: nonce %q is short or repeated", c.method, c.target, nonce)
		}
		nonces[nonce] = true
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff",
			"Referrer-Policy": "strict-origin-when-cross-origin", "Cross-Origin-Opener-Policy": "same-origin"} {
			if got := hdr.Get(k); got != want {
				t.Errorf("%s %s: %s = %q, want %q", c.method, c.target, k, got, want)
			}
		}
		if len(hdr.Get("X-Request-Id")) != 16 {
			t.Errorf("%s %s: X-Request-Id %q", c.method, c.target, hdr.Get("X-Request-Id"))
		}
	}
}

func TestParseEmbedOrigins(t *testing.T) {
	for in, want := range map[string]string{
		"":                           "'self'",
		"'self'":                     "'self'",
		"'none'":                     "'none'",
		"https://course.example.edu": "'self' https://course.example.edu",
		"https://a.example, http://localhost:3000":        "'self' https://a.example http://localhost:3000",
		"'self' https://a.example/ https://*.example.org": "'self' https://a.example https://*.example.org",
	} {
		got, err := mw.ParseEmbedOrigins(in)
		if err != nil || got != want {
			t.Errorf("ParseEmbedOrigins(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"example.edu", "https://a.example; script-src *", "javascript:alert(1)",
		"https://a.example/path", "https://user@a.example", "ftp://a.example", "'unsafe-inline'", "https://a.example?x=1"} {
		if got, err := mw.ParseEmbedOrigins(bad); err == nil {
			t.Errorf("ParseEmbedOrigins(%q) = %q, want an error", bad, got)
		}
	}
	h := webtest.New(t, webtest.Options{FrameAncestors: "'self' https://course.example.edu"}).Handler
	if csp := serve(h, "GET", "/lessons/gae").Header().Get("Content-Security-Policy"); !strings.HasSuffix(csp, "frame-ancestors 'self' https://course.example.edu") {
		t.Errorf("CSP with embed origins: %q", csp)
	}
}

// A link longer than MaxURLBytes is a 414 with a message in the learner's
// language (JSON under /api/); one just below it is served.
func TestURLTooLong(t *testing.T) {
	h := webtest.Routes()
	long := "/play?v=1&p=seed-b&prompt=" + strings.Repeat("a", mw.MaxURLBytes)
	w := serve(h, "GET", long, "Accept-Language", "zh-CN")
	if w.Code != http.StatusRequestURITooLong || !strings.Contains(w.Body.String(), "链接太长") {
		t.Errorf("long link: %d %q", w.Code, w.Body.String())
	}
	w = serve(h, "POST", "/api/v1/compute?"+strings.Repeat("x", mw.MaxURLBytes))
	var e struct {
		Error struct{ Code, Message string }
	}
	if w.Code != http.StatusRequestURITooLong || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error.Code != "uri_too_long" {
		t.Errorf("long API URL: %d %q", w.Code, w.Body.String())
	}
	if w := serve(h, "GET", "/play?v=1&p=seed-b&prompt="+strings.Repeat("a", 900)); w.Code != http.StatusOK {
		t.Errorf("a 1 KB link: %d", w.Code)
	}
}

// A body over the API's limit is a 413 with a JSON error.
func TestBodyTooLarge(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/v1/compute", io.MultiReader(strings.NewReader(`{"inputs":{"x":"`), strings.NewReader(strings.Repeat("a", 17<<20))))
	w := httptest.NewRecorder()
	webtest.Routes().ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), `"error"`) {
		t.Errorf("17 MiB body: %d %.200q", w.Code, w.Body.String())
	}
}

// When every slot is taken, a request waits briefly and is shed with 503 and
// Retry-After; once a slot frees, requests are served again at once.
func TestInflightLimitSheds(t *testing.T) {
	release, entered := make(chan struct{}), make(chan struct{}, 1)
	blocking := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/block" {
			entered <- struct{}{}
			<-release
		}
		io.WriteString(w, "ok")
	})
	h := mw.WithInflightLimit(1, 20*time.Millisecond)(blocking)

	done := make(chan int)
	go func() { done <- serve(h, "GET", "/block").Code }()
	<-entered
	start := time.Now()
	w := serve(h, "GET", "/play", "Accept-Language", "en")
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" || !strings.Contains(w.Body.String(), "busy") {
		t.Errorf("saturated: %d Retry-After=%q %q", w.Code, w.Header().Get("Retry-After"), w.Body.String())
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("shedding took %v", d)
	}
	if w := serve(h, "GET", "/healthz"); w.Code != http.StatusOK {
		t.Errorf("/healthz while saturated: %d", w.Code)
	}
	close(release)
	if code := <-done; code != http.StatusOK {
		t.Errorf("the blocked request: %d", code)
	}
	if w := serve(h, "GET", "/play"); w.Code != http.StatusOK {
		t.Errorf("after the slot freed: %d", w.Code)
	}
}

// A handler that runs too long is answered 503 with a message (JSON under
// /api/).
func TestHandlerTimeout(t *testing.T) {
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	h := mw.WithTimeout(20 * time.Millisecond)(slow)
	w := serve(h, "GET", "/play?lang=zh")
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "计算时间太长") {
		t.Errorf("slow handler: %d %q", w.Code, w.Body.String())
	}
	w = serve(h, "POST", "/api/v1/compute")
	var e struct{ Error struct{ Code string } }
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Content-Type") != "application/json" ||
		json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error.Code != "timeout" {
		t.Errorf("slow API: %d %q %q", w.Code, w.Header().Get("Content-Type"), w.Body.String())
	}
}

// logLines is a JSON slog logger and the lines it wrote.
type logLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logLines) records(t *testing.T) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(l.buf.Bytes()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// A panicking handler is contained: the client gets a 500 naming the request
// id, the log has the panic with its stack under that id, and the next
// request is served normally.
func TestPanicIsContained(t *testing.T) {
	var logs logLines
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	mux := siteRouter(logger)
	mux.With(mw.WithRecovery(logger)).Get("/test/panic", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	mux.Get("/healthz", func(w http.ResponseWriter, r *http.Request) {})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/test/panic")
	if err != nil {
		t.Fatalf("the panic reached the client as %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	id := resp.Header.Get("X-Request-Id")
	if resp.StatusCode != http.StatusInternalServerError || id == "" || !strings.Contains(string(body), id) {
		t.Fatalf("panic: %d id=%q body %q", resp.StatusCode, id, body)
	}
	var sawPanic, sawAccess bool
	for _, rec := range logs.records(t) {
		if rec["request_id"] != id {
			continue
		}
		switch rec["msg"] {
		case "panic":
			sawPanic = rec["panic"] == "boom" && strings.Contains(rec["stack"].(string), "middleware_test.go")
		case "request":
			sawAccess = rec["status"] == float64(500) && rec["route"] == "/test/panic"
		}
	}
	if !sawPanic || !sawAccess {
		t.Errorf("log for %s: panic with stack %v, access line with 500 %v:\n%s", id, sawPanic, sawAccess, logs.buf.String())
	}
	if resp, err := http.Get(srv.URL + "/healthz"); err != nil || resp.StatusCode != 200 {
		t.Errorf("after the panic /healthz: %v %v", resp, err)
	}

	// A panic after the answer began cannot become a 500: the answer is
	// aborted, never delivered as a complete 200.
	mux.Get("/test/late-panic", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<p>half a page")
		panic("late boom")
	})
	if resp, err := http.Get(srv.URL + "/test/late-panic"); err == nil {
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			t.Errorf("a late panic was delivered as a complete %d answer: %q", resp.StatusCode, body)
		}
	}
}

// One access-log line per request: method, route pattern (not the raw path),
// status, duration, bytes and the request id the response carries.
func TestAccessLog(t *testing.T) {
	var logs logLines
	h := webtest.New(t, webtest.Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))}).Handler
	w := serve(h, "GET", "/lessons/gae?secret=token-text")
	recs := logs.records(t)
	if len(recs) != 1 {
		t.Fatalf("%d log lines, want 1:\n%s", len(recs), logs.buf.String())
	}
	rec := recs[0]
	want := map[string]any{"msg": "request", "method": "GET", "route": "/lessons/{slug}", "status": float64(200),
		"bytes": float64(w.Body.Len()), "request_id": w.Header().Get("X-Request-Id")}
	for k, v := range want {
		if rec[k] != v {
			t.Errorf("log %s = %v, want %v", k, rec[k], v)
		}
	}
	if d, ok := rec["duration_ms"].(float64); !ok || d <= 0 {
		t.Errorf("duration_ms = %v", rec["duration_ms"])
	}
	if strings.Contains(logs.buf.String(), "token-text") {
		t.Error("the access log holds the query, which carries learners' text")
	}
}

// Pages, fragments, charts and exports carry a strong ETag keyed by the
// link and the headers the answer depends on; a matching If-None-Match is a
// bodyless 304, and any change of link or header changes the tag.
func TestETags(t *testing.T) {
	h := webtest.Routes()
	const link = "/play?v=1&p=seed-b&lam=0.5"
	first := serve(h, "GET", link)
	tag := first.Header().Get("ETag")
	if first.Code != 200 || !strings.HasPrefix(tag, `"`) || strings.HasPrefix(tag, "W/") {
		t.Fatalf("first: %d ETag %q", first.Code, tag)
	}
	if again := serve(h, "GET", link); again.Header().Get("ETag") != tag || again.Body.String() != first.Body.String() {
		t.Errorf("the same link twice: tag %q vs %q, bodies equal %v", again.Header().Get("ETag"), tag, again.Body.String() == first.Body.String())
	}
	nm := serve(h, "GET", link, "If-None-Match", `"other", `+tag)
	if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 || nm.Header().Get("ETag") != tag {
		t.Errorf("If-None-Match: %d, %d bytes, ETag %q", nm.Code, nm.Body.Len(), nm.Header().Get("ETag"))
	}
	tags := map[string]string{tag: "plain"}
	for what, w := range map[string]*httptest.ResponseRecorder{
		"another λ":   serve(h, "GET", "/play?v=1&p=seed-b&lam=0.6"),
		"zh":          serve(h, "GET", link, "Accept-Language", "zh"),
		"htmx":        serve(h, "GET", link, "HX-Request", "true", "HX-Target", "results"),
		"gzip":        serve(h, "GET", link, "Accept-Encoding", "gzip"),
		"chart":       serve(h, "GET", "/play/chart/values.svg?v=1&p=seed-b&lam=0.5"),
		"csv":         serve(h, "GET", "/play/table.csv?v=1&p=seed-b&lam=0.5"),
		"lesson":      serve(h, "GET", "/lessons/gae"),
		"compare":     serve(h, "GET", "/compare/lambda?v=1&p=seed-b"),
		"batch chart": serve(h, "GET", "/batch/chart.svg"),
	} {
		got := w.Header().Get("ETag")
		if w.Code != 200 || got == "" {
			t.Errorf("%s: %d ETag %q", what, w.Code, got)
		} else if prev, dup := tags[got]; dup {
			t.Errorf("%s has the ETag of %s", what, prev)
		}
		tags[got] = what
	}
	if w := serve(h, "GET", "/play"); w.Code != http.StatusSeeOther || w.Header().Get("ETag") != "" {
		t.Errorf("a redirect: %d ETag %q", w.Code, w.Header().Get("ETag"))
	}
	if w := serve(h, "GET", "/healthz"); w.Header().Get("ETag") != "" {
		t.Errorf("/healthz has an ETag")
	}
}

// With Accept-Encoding: gzip pages and static assets come gzipped, and
// unzip to exactly the plain answer.
func TestGzip(t *testing.T) {
	h := webtest.Routes()
	for _, target := range []string{"/play?v=1&p=seed-b", "/play/chart/values.svg?v=1&p=seed-b", static.Path("app.css"), static.Path("htmx.min.js"), "/play/table.json?v=1&p=seed-b"} {
		plain := serve(h, "GET", target)
		zipped := serve(h, "GET", target, "Accept-Encoding", "gzip, deflate, br")
		if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(zipped.Header().Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: Content-Encoding %q Vary %q", target, zipped.Header().Get("Content-Encoding"), zipped.Header().Get("Vary"))
			continue
		}
		zr, err := gzip.NewReader(zipped.Body)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(unzipped, plain.Body.Bytes()) {
			t.Errorf("%s: gunzipped body differs from the plain one (%v)", target, err)
		}
		if zipped.Body.Len()*2 > plain.Body.Len() {
			t.Errorf("%s: gzip %d bytes of %d", target, zipped.Body.Len(), plain.Body.Len())
		}
		if plain.Header().Get("ETag") == zipped.Header().Get("ETag") {
			t.Errorf("%s: gzipped and plain share ETag %s", target, plain.Header().Get("ETag"))
		}
	}
}

// A repeated request is answered from the cache of recent answers: the
// handler runs once, the answer is byte-identical with the same ETag, and
// the per-response headers (CSP nonce, request id) are fresh.
func TestRepeatedAnswersComeFromTheCache(t *testing.T) {
	mux := siteRouter(slog.New(slog.DiscardHandler))
	calls := 0
	mux.Group(func(r chi.Router) {
		r.Use(mw.WithConditional("test-build", mw.NewResponseCache(1<<20)))
		r.Get("/test/count", func(w http.ResponseWriter, r *http.Request) {
			calls++
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("HX-Replace-Url", "/x")
			io.WriteString(w, strings.Repeat("answer ", 100))
		})
	})
	first := serve(mux, "GET", "/test/count?a=1")
	second := serve(mux, "GET", "/test/count?a=1")
	other := serve(mux, "GET", "/test/count?a=2")
	if calls != 2 {
		t.Errorf("the handler ran %d times for two distinct links, want 2", calls)
	}
	if second.Body.String() != first.Body.String() || second.Header().Get("ETag") != first.Header().Get("ETag") ||
		second.Header().Get("HX-Replace-Url") != "/x" || second.Header().Get("Content-Type") != "text/plain" {
		t.Errorf("the cached answer differs: %q %v", second.Body.String()[:20], second.Header())
	}
	for _, k := range []string{"Content-Security-Policy", "X-Request-Id"} {
		if second.Header().Get(k) == first.Header().Get(k) {
			t.Errorf("%s repeated from the cache: %q", k, first.Header().Get(k))
		}
	}
	if other.Header().Get("ETag") == first.Header().Get("ETag") {
		t.Error("two links share an ETag")
	}
}

// The cache counts an answer's ETag, headers and body against its budget:
// answers whose bodies are empty but whose headers hold a long link (an htmx
// fragment's HX-Replace-Url) push older ones out, and the least recent goes
// first.
func TestResponseCacheCountsHeadersAndKeys(t *testing.T) {
	link := strings.Repeat("x", 60<<10)
	answer := func() *mw.CachedAnswer {
		return &mw.CachedAnswer{Header: http.Header{"Hx-Replace-Url": {link}}, Body: []byte{}}
	}
	one := mw.AnswerBytes("a", answer())
	if one < len(link) {
		t.Fatalf("an answer with a %d-byte header counts %d bytes", len(link), one)
	}
	c := mw.NewResponseCache(3*one + one/2)
	for _, tag := range []string{"a", "b", "c", "d"} {
		c.Put(tag, answer())
		if tag == "c" {
			c.Get("a") // a is now more recent than b
		}
	}
	_, a := c.Get("a")
	_, b := c.Get("b")
	if !a || b || c.Len() != 3 || c.Bytes() > c.MaxBytes() {
		t.Errorf("after a, b, c, get(a), d in 3.5 answers: a %v b %v, %d answers in %d bytes", a, b, c.Len(), c.Bytes())
	}
}

// Identical requests arriving together share one render.
func TestConcurrentIdenticalRequestsShareOneRender(t *testing.T) {
	mux := siteRouter(slog.New(slog.DiscardHandler))
	var mu sync.Mutex
	calls := 0
	release := make(chan struct{})
	mux.Group(func(r chi.Router) {
		r.Use(mw.WithConditional("test-build", mw.NewResponseCache(1<<20)))
		r.Get("/test/slow", func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			calls++
			mu.Unlock()
			<-release
			io.WriteString(w, "rendered once")
		})
	})
	var wg sync.WaitGroup
	bodies := make([]string, 20)
	for i := range bodies {
		wg.Go(func() { bodies[i] = serve(mux, "GET", "/test/slow?x=1").Body.String() })
	}
	time.Sleep(50 * time.Millisecond) // let them all arrive
	close(release)
	wg.Wait()
	if calls != 1 {
		t.Errorf("20 identical requests rendered %d times, want 1", calls)
	}
	for i, b := range bodies {
		if b != "rendered once" {
			t.Errorf("request %d got %q", i, b)
		}
	}
}

// An unknown address is a 404 and a wrong method a 405 with Allow, each
// with a message in the learner's language (JSON under /api/).
func TestNotFoundAndWrongMethod(t *testing.T) {
	h := webtest.Routes()
	if w := serve(h, "GET", "/no/such/page", "Accept-Language", "zh"); w.Code != 404 || !strings.Contains(w.Body.String(), "/lessons") || !strings.Contains(w.Body.String(), "实验台") {
		t.Errorf("404: %d %q", w.Code, w.Body.String())
	}
	if w := serve(h, "POST", "/play"); w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD" || !strings.Contains(w.Body.String(), "GET") {
		t.Errorf("POST /play: %d Allow %q %q", w.Code, w.Header().Get("Allow"), w.Body.String())
	}
	w := serve(h, "GET", "/api/v1/compute")
	var e struct{ Error struct{ Code string } }
	if w.Code != 405 || w.Header().Get("Allow") != "POST" || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error.Code != "method_not_allowed" {
		t.Errorf("GET /api/v1/compute: %d Allow %q %q", w.Code, w.Header().Get("Allow"), w.Body.String())
	}
}
