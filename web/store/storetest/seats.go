package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/store"
)

// testSeats: a bucket of 3 seats, one back a minute, shared by two
// replicas; other addresses have their own.
func testSeats(t *testing.T, a, b store.Seats) {
	addr, other := unique(t, "addr"), unique(t, "other")
	bk := store.Bucket{Burst: 3, Every: time.Minute}
	for i, s := range []store.Seats{a, b, a} {
		if ok, _, err := s.TakeSeat(ctx, addr, bk, now); !ok || err != nil {
			t.Fatalf("seat %d of a burst of 3 = %v, %v; want ok", i+1, ok, err)
		}
	}
	ok, wait, err := b.TakeSeat(ctx, addr, bk, now.Add(10*time.Second))
	if ok || err != nil || wait != 50*time.Second {
		t.Errorf("the 4th seat 10 s later = %v, wait %v, %v; want refused, wait 50s", ok, wait, err)
	}
	if ok, _, _ := a.TakeSeat(ctx, other, bk, now); !ok {
		t.Error("another address was refused")
	}
	if ok, _, err := a.TakeSeat(ctx, addr, bk, now.Add(time.Minute)); !ok || err != nil {
		t.Errorf("a seat a minute later = %v, %v; want ok (one came back)", ok, err)
	}
	if ok, _, _ := b.TakeSeat(ctx, addr, bk, now.Add(time.Minute)); ok {
		t.Error("a second seat a minute later was given; only one came back")
	}
	// Full again 3 minutes after the last seat: the sweep forgets it, and
	// it starts full.
	if n, err := a.DeleteFullSeats(ctx, now.Add(3*time.Minute)); err != nil || n < 1 {
		t.Errorf("DeleteFullSeats = %d, %v; want at least the other address", n, err)
	}
	if n, _ := a.DeleteFullSeats(ctx, now.Add(4*time.Minute)); n < 1 {
		t.Errorf("DeleteFullSeats once addr is full = %d; want it forgotten", n)
	}
	for i := range 3 {
		if ok, _, _ := b.TakeSeat(ctx, addr, bk, now.Add(4*time.Minute)); !ok {
			t.Errorf("seat %d after the sweep refused; want a full bucket", i+1)
		}
	}
}

// testSeatsConcurrent: 40 takes at once on two replicas from a bucket of
// 10 give exactly 10 seats.
func testSeatsConcurrent(t *testing.T, a, b store.Seats) {
	addr := unique(t, "burst")
	bk := store.Bucket{Burst: 10, Every: time.Hour}
	var got atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, _, err := s.TakeSeat(ctx, addr, bk, now)
			if err != nil {
				t.Error(err)
			}
			if ok {
				got.Add(1)
			}
		}()
	}
	wg.Wait()
	if got.Load() != 10 {
		t.Errorf("%d seats from a bucket of 10 taken by 40 at once; want 10", got.Load())
	}
}
