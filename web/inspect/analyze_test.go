package inspect

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"gaelab/engine"
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

// TestTraceIsGAEs: the trace a view asks for (the deltas heat map, the
// API's full tensors) is GAE's NextValues and Deltas, computed alone
// (engine.GAETrace) instead of through GAE's five matrices.
func TestTraceIsGAEs(t *testing.T) {
	for _, query := range []string{"", "ver=v0.2"} {
		a := mustLoad(t, "gen_v090_midmask.safetensors", query)
		c := a.Config
		want := engine.GAE(c.Release.Gen, a.Rewards, a.Batch.Values, a.Batch.Mask, c.Gamma, c.Lam)
		next, deltas := a.Trace()
		if !reflect.DeepEqual(next, want.NextValues) || !reflect.DeepEqual(deltas, want.Deltas) {
			t.Errorf("?%s: Trace is not GAE's NextValues and Deltas", query)
		}
	}
}
