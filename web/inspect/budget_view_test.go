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
