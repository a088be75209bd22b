package inspect_test

import (
	"net/url"
	"os"
	"runtime"
	"testing"

	"gaelab/web/inspect"
)

// BenchmarkInspectNewView512x8192 is the analysis a view of a stored
// 512 × 8,192 upload (the largest accepted) makes when its query needs a
// new analysis: the stored bytes read and analysed with another λ, every
// candidate tried (the run's numbers match nothing). It reports the peak
// RSS the analysis adds (VmHWM after resetting it; Linux).
func BenchmarkInspectNewView512x8192(b *testing.B) {
	data := checkedBatch(b, 512, 8192, 0.5)
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
