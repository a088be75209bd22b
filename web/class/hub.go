package class

import (
	"errors"
	"slices"
	"sync"

	"gaelab/web/store"
)

// ErrStreamsFull is Follow's answer past the hub's cap.
var ErrStreamsFull = errors.New("class: too many live streams")

// Hub fans a store's class events out to the streams that follow a class
// on this replica. Events come from every replica (store.Subscribe).
type Hub struct {
	mu    sync.Mutex
	subs  map[string]map[*Follower]struct{}
	n     int
	max   int
	close func()
}

// Follower is one stream following one class: C receives a value when an
// event of a kind it follows happened since it last read (events coalesce,
// so a slow stream never blocks the hub).
type Follower struct {
	C     chan struct{}
	code  string
	kinds []string
}

// NewHub returns a hub of at most max streams, fed by s's events.
func NewHub(s store.Events, max int) *Hub {
	h := &Hub{subs: map[string]map[*Follower]struct{}{}, max: max}
	h.close = s.Subscribe(h.dispatch)
	return h
}

// Close stops the hub's subscription.
func (h *Hub) Close() { h.close() }

func (h *Hub) dispatch(e store.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if e.Class == "" { // resync: every stream re-reads
		for _, fs := range h.subs {
			for f := range fs {
				f.poke()
			}
		}
		return
	}
	for f := range h.subs[e.Class] {
		if slices.Contains(f.kinds, e.Kind) {
			f.poke()
		}
	}
}

func (f *Follower) poke() {
	select {
	case f.C <- struct{}{}:
	default:
	}
}

// Follow starts following a class's events of the given kinds;
// ErrStreamsFull past the cap. Call Leave when the stream ends.
func (h *Hub) Follow(code string, kinds ...string) (*Follower, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n >= h.max {
		return nil, ErrStreamsFull
	}
	f := &Follower{C: make(chan struct{}, 1), code: code, kinds: kinds}
	if h.subs[code] == nil {
		h.subs[code] = map[*Follower]struct{}{}
	}
	h.subs[code][f] = struct{}{}
	h.n++
	return f, nil
}

// Leave stops a follower.
func (h *Hub) Leave(f *Follower) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[f.code][f]; !ok {
		return
	}
	delete(h.subs[f.code], f)
	if len(h.subs[f.code]) == 0 {
		delete(h.subs, f.code)
	}
	h.n--
}

// Streams is how many streams follow a class on this replica now.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}
