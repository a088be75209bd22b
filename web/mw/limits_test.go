package mw

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestTimeoutHoldsTheSlot: a handler that outlives its timeout keeps its
// in-flight slot until it returns, so the next request is shed (503 busy)
// while it works and served once it stopped. (On main the timeout's answer
// freed the slot while the work went on: the second request was served.)
func TestTimeoutHoldsTheSlot(t *testing.T) {
	release, returned := make(chan struct{}), make(chan struct{})
	first := true
	h := WithInflightLimit(1, 10*time.Millisecond)(WithTimeout(20 * time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first {
			first = false
			defer close(returned)
			<-release // work that does not heed its context
		}
		w.Write([]byte("ok"))
	})))
	serve := func() int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/play", nil))
		return rec.Code
	}
	if code := serve(); code != http.StatusServiceUnavailable {
		t.Fatalf("the slow request: %d, want 503 (timeout)", code)
	}
	if code := serve(); code != http.StatusServiceUnavailable {
		t.Errorf("while the timed-out work runs: %d, want 503 (its slot is still taken)", code)
	}
	close(release)
	<-returned
	deadline := time.Now().Add(5 * time.Second)
	for code := serve(); code != http.StatusOK; code = serve() {
		if time.Now().After(deadline) {
			t.Fatalf("after the work stopped: %d, want 200 (the slot is free)", code)
		}
		time.Sleep(time.Millisecond)
	}
}
