package train

import (
	"net/http/httptest"
	"strconv"
	"testing"
)

// BenchmarkTick is the budget of one Play tick at 64 × 16 (≤ 100 ms server
// side): the frame of the next iteration of the healthy preset, computed
// from the previous tick's state and its dashboard drawn, as htmx asks for it.
func BenchmarkTick(b *testing.B) {
	rm := NewRoom(Quota{PerMinute: 1 << 30, Burst: 1 << 30}) // the budget is the tick's, not the quota's
	seed, it := 1, 0
	for b.Loop() {
		if it++; it == 50 {
			seed, it = seed+1, 0
		}
		req := httptest.NewRequest("GET", "/train?v=1&p=healthy&seed="+strconv.Itoa(seed)+"&it="+strconv.Itoa(it)+"&lang=en", nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "train-frame")
		rec := httptest.NewRecorder()
		rm.HandleTrain(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}
