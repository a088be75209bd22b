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
		if err := s.Answer(ctx, code, q.ID, "d1", "0.5", store.Send{ID: "send-1"}, 2, now); err != nil {
			t.Fatalf("send %d of the same id: %v", i+1, err)
		}
	}
	if x, _ := a.AnswerOf(ctx, code, q.ID, "d1"); x.Changes != 1 || x.Value != "0.5" {
		t.Errorf("after 4 sends of one id: %+v; want 0.5 counted once", x)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.7", store.Send{ID: "send-2"}, 2, now); err != nil {
		t.Fatalf("a new send: %v", err)
	}
	for i := range 3 { // at the cap of 2 changes, the last send still resends
		if err := a.Answer(ctx, code, q.ID, "d1", "0.7", store.Send{ID: "send-2"}, 2, now); err != nil {
			t.Errorf("resend %d at the cap: %v; want it acknowledged", i+1, err)
		}
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.9", store.Send{ID: "send-3"}, 2, now); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("a third change with 2 allowed = %v; want ErrTooMany", err)
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.5", store.Send{ID: "send-1"}, 2, now); !errors.Is(err, store.ErrTooMany) {
		t.Errorf("an older send after a newer one = %v; want it counted as a change (ErrTooMany at the cap)", err)
	}
	if x, _ := b.AnswerOf(ctx, code, q.ID, "d1"); x.Changes != 2 || x.Value != "0.7" {
		t.Errorf("after the resends: %+v; want 0.7 with 2 changes", x)
	}
	a.Reveal(ctx, code, q.ID)
	if err := b.Answer(ctx, code, q.ID, "d1", "0.7", store.Send{ID: "send-2"}, 2, now); err != nil {
		t.Errorf("a resend of the stored answer after the reveal = %v; want it acknowledged", err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.8", store.Send{ID: "send-4"}, 20, now); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a new send after the reveal = %v; want ErrClosed", err)
	}
	q2, _ := a.Ask(ctx, code, "{}", now)
	a.Join(ctx, code, "d2", 500, now)
	onReplicas(20, a, b, func(i int, s store.Classes) { // one send resent at once on both replicas
		if err := s.Answer(ctx, code, q2.ID, "d2", "1", store.Send{ID: "burst"}, 20, now); err != nil {
			t.Errorf("concurrent resend %d: %v", i, err)
		}
	})
	if x, _ := a.AnswerOf(ctx, code, q2.ID, "d2"); x.Changes != 1 {
		t.Errorf("20 concurrent sends of one id counted %d times; want once", x.Changes)
	}
}

// testAnswerSeq: a late replay of an older send (a lower Seq, on either
// replica) is acknowledged but keeps the newer answer and its count; a
// newer send changes it; an unordered send (Seq 0) applies and keeps the
// stored Seq, so an older replay after it still changes nothing.
func testAnswerSeq(t *testing.T, a, b store.Classes) {
	code := unique(t, "Q")
	newClass(t, a, code)
	q, _ := a.Ask(ctx, code, "{}", now)
	if err := a.Join(ctx, code, "d1", 500, now); err != nil {
		t.Fatal(err)
	}
	old, newer := store.Send{ID: "old", Seq: 100}, store.Send{ID: "new", Seq: 200}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.1", old, 20, now); err != nil {
		t.Fatal(err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.2", newer, 20, now); err != nil {
		t.Fatal(err)
	}
	for i, s := range []store.Classes{a, b} {
		if err := s.Answer(ctx, code, q.ID, "d1", "0.1", old, 20, now); err != nil {
			t.Errorf("late replay %d of the older send = %v; want it acknowledged", i+1, err)
		}
	}
	if x, _ := a.AnswerOf(ctx, code, q.ID, "d1"); x.Value != "0.2" || x.Changes != 2 {
		t.Errorf("after late replays of the older send: %+v; want the newer 0.2, changed twice", x)
	}
	if err := a.Answer(ctx, code, q.ID, "d1", "0.3", store.Send{ID: "plain"}, 20, now); err != nil {
		t.Fatal(err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.1", store.Send{ID: "older", Seq: 150}, 20, now); err != nil {
		t.Errorf("a replay older than the stored sequence = %v; want it acknowledged", err)
	}
	if err := b.Answer(ctx, code, q.ID, "d1", "0.4", store.Send{ID: "newest", Seq: 300}, 20, now); err != nil {
		t.Fatal(err)
	}
	if x, _ := b.AnswerOf(ctx, code, q.ID, "d1"); x.Value != "0.4" || x.Changes != 4 {
		t.Errorf("after an unordered send, an older replay and a newer send: %+v; want 0.4, changed 4 times", x)
	}
}
