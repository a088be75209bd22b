package mw

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestUploadsAnalysedInArrivalOrder: uploads whose bodies arrive while an
// analysis holds the only analysis slot are analysed one at a time, in the
// order they arrived (issue #32: "analyses one at a time in arrival
// order"), none shed within the wait.
func TestUploadsAnalysedInArrivalOrder(t *testing.T) {
	analyses := NewSlotPool(1, time.Minute)
	if !analyses.Acquire(t.Context()) { // the analysis running
		t.Fatal("no first slot")
	}
	var mu sync.Mutex
	var order []int
	running := 0
	h := WithUploadBody(BodyRate{}, analyses)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if running++; running > 1 {
			t.Errorf("%d analyses at once", running)
		}
		i, _ := strconv.Atoi(r.URL.Query().Get("i"))
		order = append(order, i)
		running--
	}))
	const n = 6
	codes := make(chan int, n)
	for i := range n {
		go func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect?i="+strconv.Itoa(i), strings.NewReader("batch")))
			codes <- rec.Code
		}()
		for analyses.queued() != i+1 { // upload i waits for the slot before i+1 is sent
			time.Sleep(time.Millisecond)
		}
	}
	analyses.Release()
	for range n {
		if code := <-codes; code != http.StatusOK {
			t.Errorf("an upload waiting its turn: %d, want 200", code)
		}
	}
	for i, got := range order {
		if got != i {
			t.Fatalf("analysed in the order %v; want the order of arrival 0…%d", order, n-1)
		}
	}
}
