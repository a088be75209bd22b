package storetest

import (
	"testing"
	"time"

	"gaelab/web/store"
)

// testPresence: two replicas' phone counts of a class add up; a stale row
// drops out of the count; a count of 0 removes the replica's row; classes
// are counted apart.
func testPresence(t *testing.T, a, b store.Presence) {
	code, other := unique(t, "P"), unique(t, "Q")
	ra, rb := unique(t, "replica-a"), unique(t, "replica-b")
	if err := a.SetPresence(ctx, ra, map[string]int{code: 3, other: 7}, now); err != nil {
		t.Fatal(err)
	}
	if err := b.SetPresence(ctx, rb, map[string]int{code: 4}, now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	since := now.Add(-time.Second)
	if n, err := b.Connected(ctx, code, since); err != nil || n != 7 {
		t.Errorf("Connected = %d, %v; want 3 + 4 from two replicas", n, err)
	}
	if n, _ := a.Connected(ctx, code, now.Add(time.Second/2)); n != 4 {
		t.Errorf("Connected with replica a's row stale = %d; want 4", n)
	}
	if err := a.SetPresence(ctx, ra, map[string]int{code: 0}, now.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	if n, _ := b.Connected(ctx, code, since); n != 4 {
		t.Errorf("Connected after replica a's phones left = %d; want 4", n)
	}
	if n, _ := b.Connected(ctx, other, since); n != 7 {
		t.Errorf("Connected of the other class = %d; want 7", n)
	}
	if n, err := a.Connected(ctx, unique(t, "R"), since); err != nil || n != 0 {
		t.Errorf("Connected of a class without phones = %d, %v; want 0", n, err)
	}
}
