package inspect

import (
	"context"
	"errors"
	"testing"
)

// TestAnalysisStopsWithItsRequest: once the request's context ends, the
// check computes no further candidate (on main all of them were computed,
// the client gone or not), and AnalyzeContext returns the context's error.
func TestAnalysisStopsWithItsRequest(t *testing.T) {
	a := mustLoad(t, "unexplained.safetensors", "") // nothing explains it: every candidate is tried
	all := len(a.Check.Advantages.Tried)
	if all < 10 {
		t.Fatalf("%d candidates tried; want the whole list", all)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.ctx = ctx
	n := 0
	a.candidates(func(candidate) bool {
		if n++; n == 2 {
			cancel() // the client leaves while the second candidate is compared
		}
		return true
	})
	if n != 2 {
		t.Errorf("%d candidates computed, the request ending at the 2nd of %d; want none after it", n, all)
	}
	if a, err := AnalyzeContext(ctx, a.Batch, a.Config); a != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("AnalyzeContext(ended) = %v, %v; want context.Canceled", a != nil, err)
	}
}
