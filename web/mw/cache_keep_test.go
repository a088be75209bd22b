package mw

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// The recording writer copies an answer only when the cache could keep it:
// a cache smaller than the answer (one that is off) gets no copy, and the
// answer still reaches the client whole.
func TestRecordingKeepsWhatTheCacheCanHold(t *testing.T) {
	body := strings.Repeat("answer ", 100) // 700 bytes
	for _, tc := range []struct {
		cache int
		kept  bool
	}{{1, false}, {699, false}, {700, true}, {1 << 20, true}} {
		rec := httptest.NewRecorder()
		rw := &RecordingWriter{ResponseWriter: rec, Limit: KeepsBody(NewResponseCache(tc.cache))}
		rw.Write([]byte(body[:300]))
		rw.Write([]byte(body[300:]))
		if rec.Body.String() != body {
			t.Errorf("cache of %d bytes: the client got %d bytes, want %d", tc.cache, rec.Body.Len(), len(body))
		}
		if kept := rw.Cacheable() && rw.Body.String() == body; kept != tc.kept || !tc.kept && rw.Body.Len() > 0 {
			t.Errorf("cache of %d bytes: kept %v (%d bytes recorded), want %v", tc.cache, kept, rw.Body.Len(), tc.kept)
		}
	}
	if got := KeepsBody(NewResponseCache(16 << 20)); got != MaxCachedBody {
		t.Errorf("a 16 MiB cache keeps bodies of %d bytes, want maxCachedBody %d", got, MaxCachedBody)
	}
}
