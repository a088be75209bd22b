package web

import (
	"bytes"
	"net/http"
	"sync"

	"gaelab/web/bounded"
)

// responseCache keeps the most recent successful answers by ETag, so that
// a lecture hall opening the same lesson, or scanning the same QR code,
// costs one render. Entries are whole answers (headers and, if gzipped, the
// gzipped body) with bodies of at most maxCachedBody bytes; each counts its
// ETag, headers and body against the budget (answerBytes).
type responseCache = bounded.Cache[string, *cachedAnswer]

type cachedAnswer struct {
	header http.Header
	body   []byte
}

// maxCachedBody is the largest body kept: bigger ones are rare (long
// scenarios) and would crowd out the rest.
const maxCachedBody = 512 << 10

func newResponseCache(maxBytes int) *responseCache { return bounded.New(maxBytes, answerBytes) }

// answerBytes is what a kept answer holds: its ETag, its headers (an htmx
// answer's HX-Replace-Url is the typed link, up to MaxURLBytes) and its
// body's whole array.
func answerBytes(tag string, a *cachedAnswer) int {
	return bounded.StringBytes(tag) + bounded.Approx(a)
}

// perResponse are the headers that belong to one response, not to the
// answer: the outer middleware sets them afresh every time.
// A cookie is never replayed (nor is an answer that sets one kept).
var perResponse = map[string]bool{"Content-Security-Policy": true, "X-Request-Id": true, "Date": true, "Set-Cookie": true}

// replay writes a cached answer.
func (a *cachedAnswer) replay(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range a.header {
		if !perResponse[k] {
			h[k] = v
		}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(a.body)
	}
}

// answerHeader is a copy of h without the perResponse headers, as an
// answer is kept.
func answerHeader(h http.Header) http.Header {
	a := make(http.Header, len(h))
	for k, v := range h {
		if !perResponse[k] {
			a[k] = v
		}
	}
	return a
}

// cacheable reports whether the recorded answer can be kept: a 200 with a
// body, no longer than limit, that reached the writers below whole.
func (rw *recordingWriter) cacheable() bool {
	return rw.status == http.StatusOK && !rw.tooBig && !rw.failed && rw.body.Len() > 0
}

// recordingWriter passes an answer through and keeps a copy of a 200 one
// of at most limit bytes.
type recordingWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	limit  int  // the largest body kept (keepsBody)
	tooBig bool // the body outgrew limit: nothing is kept
	failed bool // a write below failed (the handler timeout passed): the answer is short
}

// keepsBody is the largest answer body the cache keeps: maxCachedBody, or
// less when the whole cache is smaller (a cache that is off keeps none, so
// no answer is copied for it).
func keepsBody(c *responseCache) int { return min(maxCachedBody, c.MaxBytes()) }

func (rw *recordingWriter) WriteHeader(code int) {
	if rw.status == 0 {
		rw.status = code
	}
	rw.ResponseWriter.WriteHeader(code)
}

func (rw *recordingWriter) Write(p []byte) (int, error) {
	if rw.status == 0 {
		rw.WriteHeader(http.StatusOK)
	}
	if rw.status == http.StatusOK && !rw.tooBig {
		if rw.body.Len()+len(p) > rw.limit {
			rw.tooBig = true
			rw.body.Reset()
		} else {
			rw.body.Write(p)
		}
	}
	n, err := rw.ResponseWriter.Write(p)
	if err != nil {
		rw.failed = true
	}
	return n, err
}

func (rw *recordingWriter) Unwrap() http.ResponseWriter { return rw.ResponseWriter }

// inFlight tracks the answers being rendered, by ETag, so that identical
// requests arriving together (a hall opening one lesson at the same
// second) wait for one render and are answered from the cache.
type inFlight struct {
	mu      sync.Mutex
	pending map[string]chan struct{}
}

func newInFlight() *inFlight { return &inFlight{pending: map[string]chan struct{}{}} }

// join returns done == nil if the caller is the first to render tag (it
// must call finish(tag) afterwards), else a channel closed when the first
// is done.
func (f *inFlight) join(tag string) (done <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ch, ok := f.pending[tag]; ok {
		return ch
	}
	f.pending[tag] = make(chan struct{})
	return nil
}

func (f *inFlight) finish(tag string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	close(f.pending[tag])
	delete(f.pending, tag)
}
