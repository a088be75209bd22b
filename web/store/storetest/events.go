package storetest

import (
	"testing"
	"time"

	"gaelab/web/store"
)

// testEvents: an event published on one replica reaches the subscribers of
// both (on SQLite, a and b are one process's store).
func testEvents(t *testing.T, a, b store.Events) {
	code := unique(t, "E")
	got := make(chan store.Event, 10)
	cancel := b.Subscribe(func(e store.Event) {
		if e.Class == code {
			got <- e
		}
	})
	defer cancel()
	if err := a.Publish(ctx, store.Event{Class: code, Kind: "answer"}); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-got:
		if e.Kind != "answer" {
			t.Errorf("event = %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the event did not arrive within 5 s")
	}
	cancel()
	a.Publish(ctx, store.Event{Class: code, Kind: "reveal"})
	select {
	case e := <-got:
		t.Errorf("a cancelled subscription got %+v", e)
	case <-time.After(300 * time.Millisecond):
	}
}
