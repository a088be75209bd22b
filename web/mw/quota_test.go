package mw

import (
	"testing"
	"time"
)

// TestQuotaLeft: Left reports a token without spending it, and the wait
// until one is back once spent.
func TestQuotaLeft(t *testing.T) {
	q := NewQuota(2, time.Second)
	now := time.Unix(1000, 0)
	if ok, _ := q.Left("a", now); !ok {
		t.Error("an unknown address has no token left")
	}
	q.Take("a", now)
	if ok, _ := q.Left("a", now); !ok {
		t.Error("one of two tokens spent: none left")
	}
	q.Take("a", now)
	for range 3 { // Left spends nothing
		if ok, wait := q.Left("a", now.Add(250*time.Millisecond)); ok || wait != 750*time.Millisecond {
			t.Errorf("both spent: Left = %v, %v; want false, 750ms", ok, wait)
		}
	}
	if ok, _ := q.Left("a", now.Add(time.Second)); !ok {
		t.Error("a second later a token should be back")
	}
}

// TestQuotaRefills: a bucket gives a token back every refill, up to its
// burst, and says how long until the next one.
func TestQuotaRefills(t *testing.T) {
	q := NewQuota(2, time.Minute)
	now := time.Unix(0, 0)
	for i := range 2 {
		if ok, _ := q.Take("a", now); !ok {
			t.Fatalf("token %d refused", i)
		}
	}
	if ok, wait := q.Take("a", now.Add(15*time.Second)); ok || wait != 45*time.Second {
		t.Errorf("empty bucket: %v, wait %v; want refused, 45s", ok, wait)
	}
	if ok, _ := q.Take("a", now.Add(time.Minute)); !ok {
		t.Error("no token after a refill")
	}
	if ok, _ := q.Take("a", now.Add(10*time.Hour)); !ok {
		t.Error("no token after ten hours")
	}
	if ok, _ := q.Take("a", now.Add(10*time.Hour)); !ok {
		t.Error("burst not refilled")
	}
	if ok, _ := q.Take("a", now.Add(10*time.Hour)); ok {
		t.Error("refilled past the burst")
	}
}

// TestQuotaSpend: a request of n units spends n tokens or none, waits for
// the n it lacks, and one dearer than the burst costs the burst.
func TestQuotaSpend(t *testing.T) {
	q := NewQuota(10, time.Second)
	now := time.Unix(0, 0)
	if ok, _ := q.Spend("a", 7, now); !ok {
		t.Fatal("7 of 10 refused")
	}
	if ok, wait := q.Spend("a", 5, now); ok || wait != 2*time.Second {
		t.Errorf("5 with 3 left: %v, %v; want refused, 2s until 5 are back", ok, wait)
	}
	if ok, _ := q.Spend("a", 3, now); !ok {
		t.Error("the refused 5 spent some tokens: 3 left refused")
	}
	if ok, _ := q.Spend("b", 1e6, now); !ok {
		t.Error("a full bucket refused a request dearer than its burst")
	}
	if ok, wait := q.Take("b", now); ok || wait != time.Second {
		t.Errorf("after a request capped at the burst: Take = %v, %v; want refused, 1s", ok, wait)
	}
}
