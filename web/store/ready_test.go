package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

type fakeHealth struct {
	calls int
	err   error
	block bool
}

func (f *fakeHealth) Heartbeat(ctx context.Context, _ string, _ time.Time) error {
	f.calls++
	if f.block {
		<-ctx.Done()
		return ctx.Err()
	}
	return f.err
}

// TestReadiness: the answer is the heartbeat's, kept for Every (probes in
// between do not reach the store); a store that hangs (PostgreSQL gone)
// is answered not ready within Timeout; a failing write (disk full,
// read-only) is not ready until it succeeds again.
func TestReadiness(t *testing.T) {
	f := &fakeHealth{}
	r := NewReadiness(f)
	t0 := time.Unix(1_800_000_000, 0)
	for i := range 5 {
		if err := r.Check(context.Background(), t0.Add(time.Duration(i)*100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if f.calls != 1 {
		t.Errorf("5 probes within a second wrote %d heartbeats; want 1", f.calls)
	}
	f.err = errors.New("database or disk is full")
	if err := r.Check(context.Background(), t0.Add(time.Second)); err == nil {
		t.Error("a failing write: ready; want not ready")
	}
	f.err, f.block = nil, true
	r.Timeout = 50 * time.Millisecond
	if err := r.Check(context.Background(), t0.Add(2*time.Second)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a store that hangs: %v; want not ready at the timeout", err)
	}
	f.block = false
	if err := r.Check(context.Background(), t0.Add(3*time.Second)); err != nil {
		t.Errorf("the store back: %v; want ready", err)
	}
}
