package storetest

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/store"
)

// testQuotas: a bucket of 3, one back a minute, shared by two replicas;
// another kind or key has its own; QuotaLeft spends nothing; the sweep
// forgets full buckets.
func testQuotas(t *testing.T, a, b store.Quotas) {
	key := unique(t, "addr")
	bk := store.Bucket{Burst: 3, Every: time.Minute}
	for i, s := range []store.Quotas{a, b, a} {
		if ok, _, _ := s.QuotaLeft(ctx, store.QuotaShare, key, bk, now); !ok {
			t.Fatalf("QuotaLeft before take %d: refused", i+1)
		}
		if ok, _, err := s.TakeQuota(ctx, store.QuotaShare, key, bk, now); !ok || err != nil {
			t.Fatalf("take %d of a burst of 3 = %v, %v; want ok", i+1, ok, err)
		}
	}
	for _, s := range []store.Quotas{a, b} {
		if ok, wait, err := s.QuotaLeft(ctx, store.QuotaShare, key, bk, now.Add(10*time.Second)); ok || err != nil || wait != 50*time.Second {
			t.Errorf("QuotaLeft once spent = %v, wait %v, %v; want refused, wait 50s", ok, wait, err)
		}
		if ok, wait, err := s.TakeQuota(ctx, store.QuotaShare, key, bk, now.Add(10*time.Second)); ok || err != nil || wait != 50*time.Second {
			t.Errorf("the 4th take 10 s later = %v, wait %v, %v; want refused, wait 50s", ok, wait, err)
		}
	}
	if ok, _, _ := a.TakeQuota(ctx, store.QuotaUpload, key, bk, now); !ok {
		t.Error("another kind with the same key was refused")
	}
	if ok, _, _ := a.TakeQuota(ctx, store.QuotaShare, key+"x", bk, now); !ok {
		t.Error("another key was refused")
	}
	if ok, _, _ := b.TakeQuota(ctx, store.QuotaShare, key, bk, now.Add(time.Minute)); !ok {
		t.Error("a take a minute later was refused; one came back")
	}
	if n, err := a.DeleteFullQuotas(ctx, now.Add(4*time.Minute)); err != nil || n < 3 {
		t.Errorf("DeleteFullQuotas = %d, %v; want the three buckets", n, err)
	}
	for i := range 3 {
		if ok, _, _ := b.TakeQuota(ctx, store.QuotaShare, key, bk, now.Add(4*time.Minute)); !ok {
			t.Errorf("take %d after the sweep refused; want a full bucket", i+1)
		}
	}
}

// testQuotasConcurrent: 40 takes at once on two replicas from a bucket of
// 10 give exactly 10.
func testQuotasConcurrent(t *testing.T, a, b store.Quotas) {
	key := unique(t, "burst")
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
			ok, _, err := s.TakeQuota(ctx, store.QuotaClassStart, key, bk, now)
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
		t.Errorf("%d tokens from a bucket of 10 taken by 40 at once; want 10", got.Load())
	}
}

// testTicketMisses: a ticket is voided by the max-th wrong one tried for
// its class, on any replica; a new ticket starts with no misses.
func testTicketMisses(t *testing.T, a, b ticketStore) {
	code := unique(t, "M")
	newClass(t, a, code)
	if err := a.PutTicket(ctx, code, "pair", "h1", now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	for i := range 9 {
		s := []ticketStore{a, b}[i%2]
		if voided, err := s.MissTicket(ctx, code, "pair", 10); voided || err != nil {
			t.Fatalf("miss %d = %v, %v; want counted, not voided", i+1, voided, err)
		}
	}
	if voided, err := a.MissTicket(ctx, "nope", "pair", 10); voided || err != nil {
		t.Errorf("a miss for an unknown class = %v, %v; want nothing", voided, err)
	}
	if voided, err := b.MissTicket(ctx, code, "pair", 10); !voided || err != nil {
		t.Fatalf("miss 10 = %v, %v; want the ticket voided", voided, err)
	}
	if err := a.UseTicket(ctx, code, "pair", "h1", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the right ticket after 10 misses: %v; want ErrNotFound (voided)", err)
	}
	if err := a.PutTicket(ctx, code, "pair", "h2", now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	b.MissTicket(ctx, code, "pair", 10)
	if err := b.UseTicket(ctx, code, "pair", "h2", now); err != nil {
		t.Errorf("a new ticket after one miss: %v; want it redeemed (a new ticket starts with no misses)", err)
	}
}

// testHeartbeat: a replica's heartbeat is written, and written again.
func testHeartbeat(t *testing.T, a, b store.Health) {
	id := unique(t, "replica")
	for _, s := range []store.Health{a, b, a} {
		if err := s.Heartbeat(ctx, id, now); err != nil {
			t.Fatalf("Heartbeat: %v", err)
		}
	}
}
