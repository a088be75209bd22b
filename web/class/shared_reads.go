package class

import (
	"context"
	"sync"
	"time"

	"gaelab/web/store"
)

// sharedReadLife bounds how long one read of a class serves its phones'
// streams even without a new event (a countdown's end, an expiry): longer
// than the phones' jitter, so one event's renders share one read.
const sharedReadLife = time.Second

// sharedReads are the reads every phone of a class shares (its class and
// current question), read once per replica per event: the first stream
// to render after an event reads them, the others of the class wait for
// that read. A read serves only streams rendering at the generation it
// began in (Hub.phoneGeneration), so no phone renders a question older
// than the last ask, reveal, flow or end this replica heard of. Errors are
// never kept: the next render reads again.
type sharedReads struct {
	mu    sync.Mutex
	reads map[string]*classRead // by class code
}

// classRead is one read of a class and its current question (zero when
// none); done is closed when it is over.
type classRead struct {
	gen  generation
	at   time.Time
	done chan struct{}
	c    store.Class
	q    store.Question
	err  error
}

// phoneClass returns class code and its current question for a phone's
// render, shared by the class's streams on this replica.
func (cr *Room) phoneClass(ctx context.Context, code string) (store.Class, store.Question, error) {
	gen := cr.hub.phoneGeneration(code)
	s := &cr.shared
	s.mu.Lock()
	r := s.reads[code]
	if r == nil || r.gen != gen || time.Since(r.at) > sharedReadLife {
		r = &classRead{gen: gen, at: time.Now(), done: make(chan struct{})}
		if s.reads == nil {
			s.reads = map[string]*classRead{}
		}
		if len(s.reads) > 64 { // classes no stream renders any more
			for k, old := range s.reads {
				if time.Since(old.at) > sharedReadLife {
					delete(s.reads, k)
				}
			}
		}
		s.reads[code] = r
		s.mu.Unlock()
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), streamWriteDeadline) // the class's read, not this stream's
		r.c, r.q, r.err = cr.readClass(rctx, code)
		cancel()
		if r.err != nil {
			s.mu.Lock()
			if s.reads[code] == r {
				delete(s.reads, code)
			}
			s.mu.Unlock()
		}
		close(r.done)
		return r.c, r.q, r.err
	}
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.c, r.q, r.err
	case <-ctx.Done():
		return store.Class{}, store.Question{}, ctx.Err()
	}
}

// readClass reads class code and its current question from the store.
func (cr *Room) readClass(ctx context.Context, code string) (store.Class, store.Question, error) {
	c, err := cr.st.Class(ctx, code, time.Now())
	if err != nil {
		return c, store.Question{}, err
	}
	q, err := cr.currentQuestion(ctx, c)
	return c, q, err
}
