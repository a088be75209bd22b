package storetest

import (
	"errors"
	"testing"

	"gaelab/web/store"
)

// testAnswerSend: a resend with the id of the send that stored an answer
// (on either replica) is acknowledged, counted once and never against the
// cap of changes; a new id is a change; a resend after the reveal of the
// answer it stored is still acknowledged, a new send is closed.
func testAnswerSend(t *testing.T, a, b store.Classes) {
	code := unique(t, "S")
	newClass(t, a, code)
	q, _ := a.Ask(ctx, code, "{}", now)
	if err := a.Join(ctx, code, "d1", 500, now); err != nil {
		t.Fatal(err)
	}
	for i, s := range []store.Classes{a, b, a, b} {
		if err := s.Answer(ctx, code, q.ID, "d1", "0.5", "send-1", 2, now); err != nil {
			t.Fatalf("send %d of the same id: %v", i+1, err)
		}
	}
	if x, _ := a.AnswerOf(ctx, code, q.ID, "d1"); x.Changes != 1 || x.Value != "0.5" {
		t.Errorf("after 4 sends of one id: %+v; want 0.5 counted once", x)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.7", "send-2", 2, now); err != nil {
		t.Fatalf("a new send: %v", err)
	}
	for i := range 3 { // at the cap of 2 changes, the last send still resends
		if err := a.Answer(ctx, code, q.ID, "d1", "0.7", "send-2", 2, now); err != nil {
			t.Errorf("resend %d at the cap: %v; want it acknowledged", i+1, err)
		}
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.9", "send-3", 2, now); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("a third change with 2 allowed = %v; want ErrTooMany", err)
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.5", "send-1", 2, now); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("an older send after a newer one = %v; want it counted as a change (ErrTooMany at the cap)", err)
	}
	if x, _ := b.AnswerOf(ctx, code, q.ID, "d1"); x.Changes != 2 || x.Value != "0.7" {
		t.Errorf("after the resends: %+v; want 0.7 with 2 changes", x)
	}
	a.Reveal(ctx, code, q.ID)
	if err := b.Answer(ctx, code, q.ID, "d1", "0.7", "send-2", 2, now); err != nil {
		t.Errorf("a resend of the stored answer after the reveal = %v; want it acknowledged", err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.8", "send-4", 20, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a new send after the reveal = %v; want ErrClosed", err)
	}
	q2, _ := a.Ask(ctx, code, "{}", now)
	a.Join(ctx, code, "d2", 500, now)
	onReplicas(20, a, b, func(i int, s store.Classes) { // one send resent at once on both replicas
		if err := s.Answer(ctx, code, q2.ID, "d2", "1", "burst", 20, now); err != nil {
			t.Errorf("concurrent resend %d: %v", i, err)
		}
	})
	if x, _ := a.AnswerOf(ctx, code, q2.ID, "d2"); x.Changes != 1 {
		t.Errorf("20 concurrent sends of one id counted %d times; want once", x.Changes)
	}
}
