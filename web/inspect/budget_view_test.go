package inspect_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"testing"

	"gaelab/web/inspect"
)

// BenchmarkInspectNewView512x8192 is the analysis a view of a stored
// 512 × 8,192 upload (the largest accepted) makes when its query needs a
// new analysis: the stored bytes read and analysed with another λ, every
// candidate tried (the run's numbers match nothing). It reports the peak
// RSS the analysis adds (VmHWM after resetting it; Linux), with the
// server's 150 MB soft memory limit (cmd/gaelab serve), so that garbage is
// collected as it is in a server.
func BenchmarkInspectNewView512x8192(b *testing.B) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(150 << 20))
	data := mismatchedBatch(512, 8192)
	q := url.Values{"lam": {"0.9"}}
	peak, base := 0.0, 0.0
	for b.Loop() {
		runtime.GC()
		if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
			b.Skip("no /proc/self/clear_refs to reset the peak RSS:", err)
		}
		base = max(base, procStatus(b, "VmRSS:"))
		a, err := inspect.Load(data, q)
		if err != nil {
			b.Fatal(err)
		}
		if a.Check == nil || a.Check.Advantages.ExplainedBy != nil {
			b.Fatal("the mismatching batch was explained")
		}
		peak = max(peak, procStatus(b, "VmHWM:"))
	}
	b.ReportMetric(peak-base, "added-RSS-MB")
}

// TestNewViewHeapHeld is the memory budget of a view that needs a new
// analysis (issue #32: ≤ 256 MB in a server), as a count that cannot
// depend on the machine: the most heap the check of a batch that matches
// nothing holds live at once (after a collection at each candidate, while
// its matrices are alive), and what the analysis keeps once cached, as
// multiples of the batch's five f32 tensors as stored. The batch is read
// as float64 (2× its f32 bytes), and the chosen release's whitened and raw
// advantages and returns are kept (1.2×): every other candidate is
// computed row by row while it is compared (engine.Rows), so the check
// holds a few rows beside them (measured halfway through each candidate's
// rows). Before the lean check (each bug's whole GAE trace, the other
// loop's kept beside the bugs' and in the cache, NextValues and Deltas
// kept) the peak was 6.4× and the cached analysis 4.0×; while each
// candidate was a whole matrix (at most four, 1.6×), 4.8× (this test then
// failed).
func TestNewViewHeapHeld(t *testing.T) {
	const B, R = 128, 2048
	const maxPeak, maxKept = 3.3, 3.3
	data := mismatchedBatch(B, R)
	f32 := float64(5 * 4 * B * R)
	base := liveHeap()
	a, err := inspect.Load(data, url.Values{"lam": {"0.9"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Check == nil || a.Check.Advantages.ExplainedBy != nil {
		t.Fatal("the mismatching batch was explained: not every candidate was tried")
	}
	kept := liveHeap() - base
	peak, n := kept, 0
	a.EachCandidate(func(string) {
		peak, n = max(peak, liveHeap()-base), n+1
	})
	if want := len(a.Check.Advantages.Tried); n != want {
		t.Fatalf("%d candidates compared, the check tried %d", n, want)
	}
	if after := liveHeap() - base; after > kept+f32/100 {
		t.Errorf("the cached analysis holds %.2f× the batch's f32 bytes after its candidates, %.2f× before: the candidates' traces are kept", after/f32, kept/f32)
	}
	if peak/f32 > maxPeak {
		t.Errorf("the check held %.2f× the batch's f32 bytes live at once; want ≤ %v×", peak/f32, maxPeak)
	}
	if kept/f32 > maxKept {
		t.Errorf("the cached analysis holds %.2f× the batch's f32 bytes; want ≤ %v×", kept/f32, maxKept)
	}
	t.Logf("peak %.2f×, kept %.2f× the batch's %.0f f32 bytes", peak/f32, kept/f32, f32)
	runtime.KeepAlive(data)
}

// liveHeap is the heap's live bytes after a collection.
func liveHeap() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapAlloc)
}

// mismatchedBatch is a B × R f32 .safetensors batch with the five tensors
// of checkedBatch, built without an analysis (CI runs every benchmark
// once): the run's advantages and returns are random, so nothing
// reproduces them and every candidate is tried.
func mismatchedBatch(B, R int) []byte {
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"advantages", "response_mask", "returns", "token_level_rewards", "values"}
	blobs := make([][]byte, len(names))
	for i := range blobs {
		blobs[i] = make([]byte, 0, 4*B*R)
	}
	put := func(k int, x float64) {
		blobs[k] = binary.LittleEndian.AppendUint32(blobs[k], math.Float32bits(float32(x)))
	}
	for range B {
		L := 1 + rng.IntN(R)
		for t := range R {
			m, r, v := 0.0, 0.0, 0.0
			if t < L {
				m, v = 1, rng.Float64()
			}
			if t == L-1 {
				r = float64(rng.IntN(2))
			}
			put(0, rng.NormFloat64())
			put(1, m)
			put(2, rng.Float64())
			put(3, r)
			put(4, v)
		}
	}
	return f32Safetensors(B, R, names, blobs)
}
