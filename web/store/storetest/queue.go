package storetest

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"gaelab/web/store"
)

// queueStore is what testQueue needs: a class and its queue.
type queueStore interface {
	store.Classes
	store.Queue
}

// testQueue: a class's queue is saved with it and read by every replica;
// PopQueue hands each item to one caller, in order, however many press
// Next at once.
func testQueue(t *testing.T, a, b queueStore) {
	code, _ := flowClass(t, a, "Q")
	if c, _ := b.Class(ctx, code, now); len(c.Queue) != 0 {
		t.Errorf("a new class's queue is %q", c.Queue)
	}
	items := []string{"l1#predict-a", "l2#choice-b", "l3#predict-c", "l4#predict-d", "l5#predict-e", "l6#predict-f"}
	if err := a.SetQueue(ctx, code, items); err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Class(ctx, code, now); !slices.Equal(c.Queue, items) {
		t.Errorf("the queue on another replica: %q; want %q", c.Queue, items)
	}
	first, err := b.PopQueue(ctx, code)
	if err != nil || first != items[0] {
		t.Fatalf("PopQueue = %q, %v; want %q", first, err, items[0])
	}
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for i := range 8 { // 8 presses for 5 items, on both replicas
		s := []queueStore{a, b}[i%2]
		wg.Go(func() {
			item, err := s.PopQueue(ctx, code)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if item != "" {
				got = append(got, item)
			}
		})
	}
	wg.Wait()
	slices.Sort(got)
	if !slices.Equal(got, items[1:]) {
		t.Errorf("8 concurrent PopQueue got %q; want each of %q once", got, items[1:])
	}
	if c, _ := a.Class(ctx, code, now); len(c.Queue) != 0 {
		t.Errorf("the emptied queue reads %q", c.Queue)
	}
	if item, err := a.PopQueue(ctx, code); item != "" || err != nil {
		t.Errorf("PopQueue of an empty queue = %q, %v; want \"\", nil", item, err)
	}
	if err := a.SetQueue(ctx, "nope", items); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetQueue of an unknown class = %v; want ErrNotFound", err)
	}
	if _, err := a.PopQueue(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PopQueue of an unknown class = %v; want ErrNotFound", err)
	}
}
