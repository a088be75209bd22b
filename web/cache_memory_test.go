package web

import (
	"fmt"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"gaelab/web/play"
)

// 4,000 htmx fragment requests, each with its own 60 KB token in the link
// (which the answer's HX-Replace-Url repeats, and the chart memo's keys
// hold), grow the heap and the resident set by no more than the budgets of
// the caches they fill (the answer cache and the chart memo) plus 64 MiB.
// The answer cache used to count bodies only: ≈ 60 KB of header per answer
// went uncounted, ≈ 180 MB for the 16 MiB cache (full at ≈ 3,000 answers);
// 4,000 requests carry 240 MB of links, so an unbounded cache fails here.
// About 4 s on two cores.
func TestCachesStayWithinTheirBudgets(t *testing.T) {
	const requests, slack = 4_000, 64 << 20
	o := Options{}.withDefaults()
	budget := o.CacheBytes + play.ChartMemoBytes
	h := newRouter(o)
	pad := strings.Repeat("a", 60_000)
	heap0, rss0 := memoryInUse()
	start := time.Now()
	for i := range requests {
		req := httptest.NewRequest("GET", fmt.Sprintf("/play?v=1&p=seed-a&lam=0.5&tok=%s%06d", pad, i), nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "results")
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if i == 0 && (rec.Code != 200 || len(rec.Header().Get("HX-Replace-Url")) < len(pad)) {
			t.Fatalf("the fragment answered %d with HX-Replace-Url of %d bytes, want 200 and the typed link",
				rec.Code, len(rec.Header().Get("HX-Replace-Url")))
		}
	}
	heap1, rss1 := memoryInUse()
	t.Logf("%d requests in %v: heap %d → %d MiB, RSS %d → %d MiB; budget %d MiB + %d MiB", requests,
		time.Since(start).Round(time.Millisecond), heap0>>20, heap1>>20, rss0>>20, rss1>>20, budget>>20, slack>>20)
	if grew := heap1 - heap0; grew > budget+slack {
		t.Errorf("the heap grew by %d MiB, more than the caches' %d MiB + %d MiB", grew>>20, budget>>20, slack>>20)
	}
	if grew := rss1 - rss0; rss0 > 0 && grew > budget+slack {
		t.Errorf("the resident set grew by %d MiB, more than the caches' %d MiB + %d MiB", grew>>20, budget>>20, slack>>20)
	}
	runtime.KeepAlive(h)
}

// memoryInUse is the live heap after a collection, and the resident set
// (VmRSS; 0 where /proc is absent) once the freed memory is returned.
func memoryInUse() (heap, rss int) {
	debug.FreeOSMemory() // collects, then returns what is free
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmRSS:" {
			kb, _ := strconv.Atoi(f[1])
			rss = kb << 10
		}
	}
	return int(m.HeapAlloc), rss
}
