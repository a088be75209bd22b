package web

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// A stream route flushes each event as it is written, outlives the handler
// timeout of the pages, takes no page slot and is never cached or gzipped.
func TestStreamGroupFlushesAndOutlivesTheHandlerTimeout(t *testing.T) {
	rt := newRouter(Options{HandlerTimeout: 50 * time.Millisecond, MaxInflight: 1, InflightWait: time.Millisecond})
	release := make(chan struct{})
	rt.streams.Get("/test/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for i := range 3 {
			fmt.Fprintf(w, "data: %d\n\n", i)
			if err := rc.Flush(); err != nil {
				t.Errorf("flush: %v", err)
				return
			}
			if i == 0 {
				<-release
			}
			time.Sleep(60 * time.Millisecond) // past the handler timeout of 50 ms
		}
	})
	rt.pages.Get("/test/page", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") })
	srv := httptest.NewServer(rt)
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/test/events", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") != "" || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("stream: %d, ETag %q, Content-Encoding %q", resp.StatusCode, resp.Header.Get("ETag"), resp.Header.Get("Content-Encoding"))
	}
	lines := bufio.NewReader(resp.Body)
	first, err := lines.ReadString('\n')
	if err != nil || first != "data: 0\n" {
		t.Fatalf("the first event was not flushed before the handler went on: %q, %v", first, err)
	}
	// The stream holds no page slot: with MaxInflight 1, a page still answers.
	page, err := http.Get(srv.URL + "/test/page")
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		t.Errorf("a page while a stream is open: %d, want 200", page.StatusCode)
	}
	close(release)
	rest, err := io.ReadAll(lines)
	if err != nil || !strings.Contains(string(rest), "data: 2\n") {
		t.Errorf("the stream ended before its last event (after %v): %q, %v", 120*time.Millisecond, rest, err)
	}
}

// The same slow handler in the pages group is stopped by the timeout: the
// difference between the groups is real.
func TestPageGroupKeepsTheHandlerTimeout(t *testing.T) {
	rt := newRouter(Options{HandlerTimeout: 50 * time.Millisecond})
	rt.pages.Get("/test/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
		}
		io.WriteString(w, "late")
	})
	rec := serve(rt, "GET", "/test/slow")
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("a slow page: %d, want 503", rec.Code)
	}
}

// The upload group has its own body limit (Options.UploadBodyBytes), which
// the other groups do not apply.
func TestUploadGroupHasItsOwnBodyLimit(t *testing.T) {
	rt := newRouter(Options{UploadBodyBytes: 1000})
	read := func(w http.ResponseWriter, r *http.Request) {
		n, err := io.Copy(io.Discard, r.Body)
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		fmt.Fprint(w, n)
	}
	rt.uploads.Post("/test/upload", read)
	rt.limited.Post("/test/plain", read)
	srv := httptest.NewServer(rt)
	defer srv.Close()

	post := func(path string, n int, chunked bool) (int, string) {
		var body io.Reader = strings.NewReader(strings.Repeat("x", n))
		if chunked { // no Content-Length: the limit holds while reading
			body = io.MultiReader(body)
		}
		resp, err := http.Post(srv.URL+path, "application/octet-stream", body)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, c := range []struct {
		path    string
		n       int
		chunked bool
		want    int
	}{
		{"/test/upload", 900, false, 200},
		{"/test/upload", 2000, false, 413},
		{"/test/upload", 2000, true, 413},
		{"/test/plain", 2000, false, 200},
	} {
		if code, body := post(c.path, c.n, c.chunked); code != c.want {
			t.Errorf("POST %s with %d bytes (chunked %v): %d %q, want %d", c.path, c.n, c.chunked, code, body, c.want)
		}
	}
	if d := (Options{}).withDefaults(); d.UploadBodyBytes <= 16<<20 || d.UploadReadTimeout <= readTimeout {
		t.Errorf("default upload limits %d bytes, %v: want more than the API's 16 MiB and the server's %v",
			d.UploadBodyBytes, d.UploadReadTimeout, readTimeout)
	}
}

// switchTarget is the link a language switch's href opens (handleSetLang's
// to=), or "" when href is not a switch to lang.
func switchTarget(href, lang string) string {
	u, err := url.Parse(href)
	if err != nil || u.Path != "/lang/"+lang {
		return ""
	}
	return u.Query().Get("to")
}

// postFrom posts a small (unreadable) batch to path from remote, with
// header pairs.
func postFrom(h http.Handler, path, remote string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader("not a batch"))
	req.RemoteAddr = remote
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestAnalysesRunOneAtATime: while an inspection holds the only analysis
// slot, the next one (whose body has arrived) waits InspectWait, then is
// answered 503 with Retry-After; pages are served meanwhile.
func TestAnalysesRunOneAtATime(t *testing.T) {
	rt := newRouter(Options{InspectConcurrent: 1, InspectWait: 100 * time.Millisecond})
	entered, release := make(chan struct{}), make(chan struct{})
	rt.uploads.Post("/test/analyse", func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		postFrom(rt, "/test/analyse", "198.51.100.1:1")
	}()
	<-entered
	start := time.Now()
	rec := postFrom(rt, "/test/analyse", "198.51.100.2:1", "Accept-Language", "zh")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "很忙") {
		t.Errorf("second analysis: %d %q, want 503 busy in Chinese", rec.Code, rec.Body)
	}
	if took := time.Since(start); took < 100*time.Millisecond {
		t.Errorf("second analysis shed after %v, before its wait", took)
	}
	if rec := serve(rt, "GET", "/glossary"); rec.Code != http.StatusOK {
		t.Errorf("a page while an analysis runs: %d", rec.Code)
	}
	close(release)
	<-done
}
