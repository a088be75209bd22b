package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web"
)

// TestBrowserRefusedStreamWaitsItsRetry: a phone whose stream is refused
// (its address holds every stream it may) waits the retry: the server
// sets (10 to 15 s) before asking again: the vendored SSE extension leaves
// a stream that ended to the browser's own reconnect, which honours
// retry:; it backs off by itself (from 0.5 s) only after a failed
// connection, such as a 503 was.
func TestBrowserRefusedStreamWaitsItsRetry(t *testing.T) {
	// Beside the other tests: its server and its count of streams are its
	// own, and its 4 s start at the phone's first stream, however late a
	// busy machine opens it.
	t.Parallel()
	var phoneStreams atomic.Int32
	app := web.Handler(web.Options{Store: sqliteStore(t), ClassAddrStreams: 1})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") && !strings.HasSuffix(r.URL.Path, "/teach/events") {
			phoneStreams.Add(1)
		}
		app.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	code, _ := newClass(t, srv.URL)
	defer phoneStream(t, newClient(t, srv.URL), code)() // this address's one stream
	before := phoneStreams.Load()
	tb := newTab(t, srv)
	tb.open("/join/" + code)
	// Its first stream (refused), then 4 s without another.
	for deadline := time.Now().Add(waitTimeout); phoneStreams.Load() == before; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the phone opened no stream within %v", waitTimeout)
		}
	}
	time.Sleep(4 * time.Second)
	if n := phoneStreams.Load() - before; n != 1 {
		t.Errorf("the refused phone opened its stream %d times in 4 s; want once (then again after 10 s)", n)
	}
	// htmx logs every sseError (a stream that ended) as "[object Event]".
	tb.mu.Lock()
	kept := tb.problems[:0]
	for _, p := range tb.problems {
		if !strings.Contains(p, "[object Event]") {
			kept = append(kept, p)
		}
	}
	tb.problems = kept
	tb.mu.Unlock()
}
