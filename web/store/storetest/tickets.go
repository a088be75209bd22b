package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"gaelab/web/store"
)

// ticketStore is what the tickets' test needs: classes to hold them.
type ticketStore interface {
	store.Classes
	store.Tickets
}

// testTickets: a ticket is redeemed once, on any replica, before it
// expires; a new ticket of a kind replaces the old; a class's tickets go
// with it.
func testTickets(t *testing.T, a, b ticketStore) {
	code := unique(t, "T")
	newClass(t, a, code)
	if err := a.PutTicket(ctx, "nope", "open", "h0", now.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a ticket of an unknown class: %v; want ErrNotFound", err)
	}
	if err := a.PutTicket(ctx, code, "open", "h1", now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ kind, hash string }{{"pair", "h1"}, {"open", "h2"}} {
		if err := b.UseTicket(ctx, code, c.kind, c.hash, now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("UseTicket(%s, %s) = %v; want ErrNotFound", c.kind, c.hash, err)
		}
	}
	if err := b.UseTicket(ctx, code, "open", "h1", now.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired ticket: %v; want ErrNotFound", err)
	}
	if err := b.UseTicket(ctx, code, "open", "h1", now); err != nil {
		t.Errorf("the ticket on the other replica: %v; want nil", err)
	}
	if err := a.UseTicket(ctx, code, "open", "h1", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the ticket a second time: %v; want ErrNotFound", err)
	}

	// Replaced: the older pairing code no longer works.
	a.PutTicket(ctx, code, "pair", "p1", now.Add(time.Minute))
	a.PutTicket(ctx, code, "pair", "p2", now.Add(time.Minute))
	if err := b.UseTicket(ctx, code, "pair", "p1", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a replaced ticket: %v; want ErrNotFound", err)
	}

	// Redeemed at once by both replicas, many times over: one wins.
	a.PutTicket(ctx, code, "open", "race", now.Add(time.Minute))
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := a
			if i%2 == 1 {
				s = b
			}
			if s.UseTicket(ctx, code, "open", "race", now) == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Errorf("8 redeems of one ticket: %d won; want 1", wins)
	}

	// Swept with its class.
	a.PutTicket(ctx, code, "pair", "p3", now.Add(48*time.Hour))
	if _, err := a.DeleteExpired(ctx, now.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := b.UseTicket(ctx, code, "pair", "p3", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a ticket of a swept class: %v; want ErrNotFound", err)
	}
}
