package mw

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"gaelab/web/i18n"
)

// varyHeaders are the request headers a page or chart depends on besides
// its URL: the language when lang= is absent (the lang cookie is hashed as
// the language it resolves to, not as a header), htmx's fragment requests, the
// scheme a proxy reports (QR codes hold absolute links), compression, and
// the link an htmx request came from (the playground says what an edit
// moved since it).
var varyHeaders = []string{"Accept-Language", "HX-Request", "HX-Target", "HX-Boosted", "HX-History-Restore-Request", "GAE-History", "X-Forwarded-Proto", "Accept-Encoding", "HX-Current-URL"}

// WithConditional gives every successful GET of a page, fragment, chart or
// export a strong ETag computed from what the answer is a pure function of
// — this build of the program, the request target (every state is a
// canonical link) and the varyHeaders — and answers a matching
// If-None-Match with 304 before any work is done, and a tag the cache holds
// with the cached answer; identical requests that arrive together share
// one render. Answers are "no-cache": browsers keep them and
// revalidate each time, which costs a 304.
func WithConditional(build string, cache *ResponseCache) func(http.Handler) http.Handler {
	flights := newInFlight()
	return func(next http.Handler) http.Handler {
		return &conditional{build: build, cache: cache, flights: flights, next: next}
	}
}

type conditional struct {
	build   string
	cache   *ResponseCache
	flights *inFlight
	next    http.Handler
}

func (c *conditional) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		c.next.ServeHTTP(w, r)
		return
	}
	tag := entityTag(c.build, r)
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	if ifNoneMatch(r.Header.Get("If-None-Match"), tag) {
		h.Set("ETag", tag)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if c.replay(w, r, tag) {
		return
	}
	if done := c.flights.join(tag); done == nil {
		defer c.flights.finish(tag)
	} else {
		select {
		case <-done:
		case <-r.Context().Done():
			return
		}
		if c.replay(w, r, tag) {
			return
		}
	}
	rec := &RecordingWriter{ResponseWriter: &taggingWriter{ResponseWriter: w, tag: tag}, Limit: KeepsBody(c.cache)}
	c.next.ServeHTTP(rec, r)
	// Only a complete answer is kept: one whose request was neither
	// cancelled (a client that half-closed or left) nor past the handler
	// timeout (r carries WithTimeout's deadline) while it was made. Either
	// stops a render midway, and the short page would be replayed to
	// everyone.
	if r.Method == http.MethodGet && r.Context().Err() == nil && rec.Cacheable() && h.Get("ETag") == tag &&
		len(h.Values("Set-Cookie")) == 0 {
		// rec is this request's own: its body is kept, not copied.
		c.cache.Put(tag, &CachedAnswer{Header: answerHeader(h), Body: rec.Body.Bytes()})
	}
}

// replay answers r from the cache if it holds tag.
func (c *conditional) replay(w http.ResponseWriter, r *http.Request, tag string) bool {
	a, ok := c.cache.Get(tag)
	if ok {
		a.replay(w, r)
	}
	return ok
}

// entityTag is the strong ETag of r's answer in this build.
func entityTag(build string, r *http.Request) string {
	sum := sha256.New()
	io.WriteString(sum, build)
	io.WriteString(sum, "\x00"+r.URL.Path+"\x00"+r.URL.RawQuery)
	io.WriteString(sum, "\x00"+string(i18n.Of(r))) // resolved: lang=, cookie, Accept-Language
	for _, k := range varyHeaders[1:] {
		io.WriteString(sum, "\x00"+r.Header.Get(k))
	}
	return `"` + hex.EncodeToString(sum.Sum(nil)[:16]) + `"`
}

// ifNoneMatch reports whether an If-None-Match header matches tag ("*" or
// a list holding it; W/ prefixes compare weakly, as RFC 9110 asks).
func ifNoneMatch(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

// taggingWriter adds the ETag to a 200 answer; redirects, errors and
// answers whose handler opted out with Cache-Control: no-store get none.
type taggingWriter struct {
	http.ResponseWriter
	tag         string
	wroteHeader bool
}

func (tw *taggingWriter) WriteHeader(code int) {
	if !tw.wroteHeader {
		tw.wroteHeader = true
		h := tw.Header()
		if code == http.StatusOK && !strings.Contains(h.Get("Cache-Control"), "no-store") {
			h.Set("ETag", tw.tag)
		}
	}
	tw.ResponseWriter.WriteHeader(code)
}

func (tw *taggingWriter) Write(p []byte) (int, error) {
	if !tw.wroteHeader {
		tw.WriteHeader(http.StatusOK)
	}
	return tw.ResponseWriter.Write(p)
}

func (tw *taggingWriter) Unwrap() http.ResponseWriter { return tw.ResponseWriter }

// BuildID identifies this program's build: the SHA-256 of its executable,
// so that any change of code, lessons or assets changes every ETag. If the
// executable cannot be read, the start time stands in (ETags then last as
// long as the process). A memo: the executable does not change while it
// runs, so it is hashed once.
var BuildID = sync.OnceValue(func() string {
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			defer f.Close()
			sum := sha256.New()
			if _, err := io.Copy(sum, f); err == nil {
				return hex.EncodeToString(sum.Sum(nil))
			}
		}
	}
	return time.Now().String()
})
