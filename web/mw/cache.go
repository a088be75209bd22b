package mw

import (
	"bytes"
	"net/http"
	"sync"

	"gaelab/web/bounded"
)

// ResponseCache keeps the most recent successful answers by ETag, so that
// a lecture hall opening the same lesson, or scanning the same QR code,
// costs one render. Entries are whole answers (headers and, if gzipped, the
// gzipped body) with bodies of at most MaxCachedBody bytes; each counts its
// ETag, headers and body against the budget (AnswerBytes).
type ResponseCache = bounded.Cache[string, *CachedAnswer]

type CachedAnswer struct {
	Header http.Header
	Body   []byte
}

// MaxCachedBody is the largest body kept: bigger ones are rare (long
// scenarios) and would crowd out the rest.
const MaxCachedBody = 512 << 10

func NewResponseCache(maxBytes int) *ResponseCache { return bounded.New(maxBytes, AnswerBytes) }

// AnswerBytes is what a kept answer holds: its ETag, its headers (an htmx
// answer's HX-Replace-Url is the typed link, up to MaxURLBytes) and its
// body's whole array.
func AnswerBytes(tag string, a *CachedAnswer) int {
	return bounded.StringBytes(tag) + bounded.Approx(a)
}

// perResponse are the headers that belong to one response, not to the
// answer: the outer middleware sets them afresh every time.
// A cookie is never replayed (nor is an answer that sets one kept).
var perResponse = map[string]bool{"Content-Security-Policy": true, "X-Request-Id": true, "Date": true, "Set-Cookie": true}

// replay writes a cached answer.
func (a *CachedAnswer) replay(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range a.Header {
		if !perResponse[k] {
			h[k] = v
		}
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(a.Body)
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

// Cacheable reports whether the recorded answer can be kept: a 200 with a
// body, no longer than limit, that reached the writers below whole.
func (rw *RecordingWriter) Cacheable() bool {
	return rw.status == http.StatusOK && !rw.tooBig && !rw.failed && rw.Body.Len() > 0
}

// RecordingWriter passes an answer through and keeps a copy of a 200 one
// of at most limit bytes.
type RecordingWriter struct {
	http.ResponseWriter
	status int
	Body   bytes.Buffer
	Limit  int  // the largest body kept (KeepsBody)
	tooBig bool // the body outgrew limit: nothing is kept
	failed bool // a write below failed (the handler timeout passed): the answer is short
}

// KeepsBody is the largest answer body the cache keeps: MaxCachedBody, or
// less when the whole cache is smaller (a cache that is off keeps none, so
// no answer is copied for it).
func KeepsBody(c *ResponseCache) int { return min(MaxCachedBody, c.MaxBytes()) }

func (rw *RecordingWriter) WriteHeader(code int) {
	if rw.status == 0 {
		rw.status = code
	}
	rw.ResponseWriter.WriteHeader(code)
}

func (rw *RecordingWriter) Write(p []byte) (int, error) {
	if rw.status == 0 {
		rw.WriteHeader(http.StatusOK)
	}
	if rw.status == http.StatusOK && !rw.tooBig {
		if rw.Body.Len()+len(p) > rw.Limit {
			rw.tooBig = true
			rw.Body.Reset()
		} else {
			rw.Body.Write(p)
		}
	}
	n, err := rw.ResponseWriter.Write(p)
	if err != nil {
		rw.failed = true
	}
	return n, err
}

func (rw *RecordingWriter) Unwrap() http.ResponseWriter { return rw.ResponseWriter }

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
