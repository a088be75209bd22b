package class

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/store"
)

// readCounter is a store whose class and question reads are counted; its
// class's current question is question.
type readCounter struct {
	fakeEvents
	reads    atomic.Int64
	question atomic.Int64
	fail     atomic.Bool
}

func (s *readCounter) Class(ctx context.Context, code string, now time.Time) (store.Class, error) {
	s.reads.Add(1)
	time.Sleep(5 * time.Millisecond) // the streams of a class overlap
	if s.fail.Load() {
		return store.Class{}, errors.New("down")
	}
	return store.Class{Code: code, Question: int(s.question.Load())}, nil
}

func (s *readCounter) Question(ctx context.Context, code string, id int) (store.Question, error) {
	return store.Question{ID: id}, nil
}

// TestPhoneClassShared: a class's phone streams share one read of its
// class and question per event, and none renders the question before an
// ask once the hub heard of it; events phones do not follow, and time
// within sharedReadLife, read nothing again; a failed read is not kept.
func TestPhoneClassShared(t *testing.T) {
	st := &readCounter{}
	st.question.Store(1)
	cr := &Room{st: st}
	cr.hub = NewHub(&st.fakeEvents, StreamCaps{})
	defer cr.hub.stop()
	renders := func(want int) {
		t.Helper()
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				c, q, err := cr.phoneClass(context.Background(), "AAAAA")
				if err != nil || c.Question != want || q.ID != want {
					t.Errorf("phoneClass = %d, %d, %v; want question %d", c.Question, q.ID, err, want)
				}
			})
		}
		wg.Wait()
	}
	renders(1)
	if n := st.reads.Load(); n != 1 {
		t.Errorf("100 streams of a class read it %d times; want 1", n)
	}
	st.fakeEvents.fn(store.Event{Class: "AAAAA", Kind: "answer"})
	renders(1)
	if n := st.reads.Load(); n != 1 {
		t.Errorf("after an answer event: %d reads; want 1", n)
	}
	st.question.Store(2)
	st.fakeEvents.fn(store.Event{Class: "AAAAA", Kind: "ask"})
	renders(2)
	if n := st.reads.Load(); n != 2 {
		t.Errorf("after an ask: %d reads; want 2", n)
	}
	st.question.Store(3)
	st.fakeEvents.fn(store.Event{}) // a resync
	renders(3)
	st.fail.Store(true)
	st.fakeEvents.fn(store.Event{Class: "AAAAA", Kind: "reveal"})
	if _, _, err := cr.phoneClass(context.Background(), "AAAAA"); err == nil {
		t.Error("a failed read answered no error")
	}
	st.fail.Store(false)
	before := st.reads.Load()
	renders(3)
	if n := st.reads.Load() - before; n != 1 {
		t.Errorf("after a failed read: %d reads; want 1 (the failure not kept)", n)
	}
}
