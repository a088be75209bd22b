package web

import (
	"bytes"
	lru "container/list"
	"net/http"
	"sync"
)

// responseCache keeps the most recent successful answers by ETag, so that a
// lecture hall opening the same lesson, or scanning the same QR code, costs
// one render. Entries are whole answers (headers and, if gzipped, the
// gzipped body); the least recently used go first once the bodies exceed
// maxBytes.
type responseCache struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	order    *lru.List // of *cachedAnswer, most recent first
	byTag    map[string]*lru.Element
}

type cachedAnswer struct {
	tag    string
	header http.Header
	body   []byte
}

// maxCachedBody is the largest body kept: bigger ones are rare (long
// scenarios) and would crowd out the rest.
const maxCachedBody = 512 << 10

func newResponseCache(maxBytes int) *responseCache {
	return &responseCache{maxBytes: maxBytes, order: lru.New(), byTag: map[string]*lru.Element{}}
}

func (c *responseCache) get(tag string) (*cachedAnswer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byTag[tag]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cachedAnswer), true
}

func (c *responseCache) put(a *cachedAnswer) {
	if len(a.body) > maxCachedBody {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byTag[a.tag]; ok {
		return
	}
	c.byTag[a.tag] = c.order.PushFront(a)
	c.size += len(a.body)
	for c.size > c.maxBytes {
		old := c.order.Remove(c.order.Back()).(*cachedAnswer)
		delete(c.byTag, old.tag)
		c.size -= len(old.body)
	}
}

// perResponse are the headers that belong to one response, not to the
// answer: the outer middleware sets them afresh every time.
var perResponse = map[string]bool{"Content-Security-Policy": true, "X-Request-Id": true, "Date": true}

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

// recordingWriter passes an answer through and keeps a copy of a 200 one.
type recordingWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

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
	if rw.status == http.StatusOK && rw.body.Len() <= maxCachedBody {
		rw.body.Write(p)
	}
	return rw.ResponseWriter.Write(p)
}

func (rw *recordingWriter) Unwrap() http.ResponseWriter { return rw.ResponseWriter }
