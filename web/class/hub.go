package class

import (
	"errors"
	"maps"
	"slices"
	"sync"

	"gaelab/web/store"
)

// ErrStreamsFull is Follow's answer past one of the hub's caps.
var ErrStreamsFull = errors.New("class: too many live streams")

// StreamCaps are the hub's caps. Phones' streams count against Max (the
// replica), PerClass (a class's seats) and PerAddr (one client address);
// the teacher's streams (walls, controls, a paired phone's controls) only
// against Teacher per class, so no flood of phones can take them, in any
// class. Past Teacher a new teacher's stream is let in and the oldest of
// its kind (else the oldest) goes: a frozen or forgotten wall never keeps
// a reloaded one out.
type StreamCaps struct {
	Max, PerClass, PerAddr, Teacher int
}

// Hub fans a store's class events out to the streams that follow a class
// on this replica. Events come from every replica (store.Subscribe).
type Hub struct {
	mu       sync.Mutex
	subs     map[string]map[*Follower]struct{}
	caps     StreamCaps
	n        int               // phones' streams
	perClass map[string]int    // phones' streams by class
	perAddr  map[string]int    // phones' streams by client address
	teachers map[string]int    // teacher's streams by class
	changed  map[string]bool   // classes whose phones' streams changed since presence last read them
	seq      uint64            // followers in the order they came
	phoneGen map[string]uint64 // events of phoneKinds by class, on this replica
	resyncs  uint64            // resyncs: every class's reads are stale
	close    func()
}

// phoneKinds are the events a phone's stream follows: the ones that
// change what every phone of the class reads (its class and question).
var phoneKinds = []string{"ask", "reveal", "flow", "end"}

// generation is how far a class has come in the events phones follow:
// a read of its class and question begun at one generation is current
// for every phone's render until the generation changes (the hub hears of
// an event after its change is stored).
type generation struct{ resyncs, events uint64 }

// phoneGeneration is class code's current generation.
func (h *Hub) phoneGeneration(code string) generation {
	h.mu.Lock()
	defer h.mu.Unlock()
	return generation{h.resyncs, h.phoneGen[code]}
}

// Viewer is who opens a stream: a phone from an address, or the
// teacher (the key's holder) on a screen of a Kind ("wall", "controls").
type Viewer struct {
	Addr    string
	Teacher bool
	Kind    string
}

// Follower is one stream following one class: C receives a value when an
// event of a kind it follows happened since it last read (events coalesce,
// so a slow stream never blocks the hub). Replaced is closed when a newer
// teacher's screen took the follower's place (it has left the hub then).
type Follower struct {
	C        chan struct{}
	Replaced chan struct{}
	code     string
	who      Viewer
	kinds    []string
	seq      uint64
}

// NewHub returns a hub with the given caps, fed by s's events.
func NewHub(s store.Events, caps StreamCaps) *Hub {
	h := &Hub{subs: map[string]map[*Follower]struct{}{}, caps: caps,
		perClass: map[string]int{}, perAddr: map[string]int{}, teachers: map[string]int{}, changed: map[string]bool{}, phoneGen: map[string]uint64{}}
	h.close = s.Subscribe(h.dispatch)
	return h
}

// stop stops the hub's subscription.
func (h *Hub) stop() { h.close() }

func (h *Hub) dispatch(e store.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if e.Class == "" { // resync: every stream re-reads
		h.resyncs++
		for _, fs := range h.subs {
			for f := range fs {
				f.poke()
			}
		}
		return
	}
	if slices.Contains(phoneKinds, e.Kind) {
		h.phoneGen[e.Class]++
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
// ErrStreamsFull past a phones' cap (a teacher's stream past its cap
// replaces the oldest: replaceOldest). Call Leave when the stream ends.
func (h *Hub) Follow(code string, who Viewer, kinds ...string) (*Follower, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if who.Teacher {
		if h.teachers[code] >= h.caps.Teacher && !h.replaceOldest(code, who.Kind) {
			return nil, ErrStreamsFull
		}
		h.teachers[code]++
	} else {
		if h.n >= h.caps.Max || h.perClass[code] >= h.caps.PerClass || h.perAddr[who.Addr] >= h.caps.PerAddr {
			return nil, ErrStreamsFull
		}
		h.n++
		h.perClass[code]++
		h.perAddr[who.Addr]++
		h.changed[code] = true
	}
	h.seq++
	f := &Follower{C: make(chan struct{}, 1), Replaced: make(chan struct{}), code: code, who: who, kinds: kinds, seq: h.seq}
	if h.subs[code] == nil {
		h.subs[code] = map[*Follower]struct{}{}
	}
	h.subs[code][f] = struct{}{}
	return f, nil
}

// replaceOldest removes the oldest teacher's stream of class code of the
// given kind, else the oldest of any kind, and closes its Replaced; false
// when the class has none (a cap of 0). h.mu is held.
func (h *Hub) replaceOldest(code, kind string) bool {
	var oldest, oldestKind *Follower
	for f := range h.subs[code] {
		if !f.who.Teacher {
			continue
		}
		if oldest == nil || f.seq < oldest.seq {
			oldest = f
		}
		if f.who.Kind == kind && (oldestKind == nil || f.seq < oldestKind.seq) {
			oldestKind = f
		}
	}
	if oldestKind != nil {
		oldest = oldestKind
	}
	if oldest == nil {
		return false
	}
	h.leave(oldest)
	close(oldest.Replaced)
	return true
}

// Leave stops a follower.
func (h *Hub) Leave(f *Follower) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.leave(f)
}

// leave is Leave with h.mu held.
func (h *Hub) leave(f *Follower) {
	if _, ok := h.subs[f.code][f]; !ok {
		return
	}
	delete(h.subs[f.code], f)
	if len(h.subs[f.code]) == 0 {
		delete(h.subs, f.code)
	}
	if f.who.Teacher {
		decrement(h.teachers, f.code)
		return
	}
	h.n--
	decrement(h.perClass, f.code)
	decrement(h.perAddr, f.who.Addr)
	h.changed[f.code] = true
}

// decrement lowers a count, forgetting it at zero.
func decrement(m map[string]int, k string) {
	if m[k]--; m[k] <= 0 {
		delete(m, k)
	}
}

// classes are the classes that streams follow on this replica.
func (h *Hub) classes() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(h.subs))
}

// streams is how many phones' streams this replica holds now.
func (h *Hub) streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// presence is the phones' streams this replica holds of each class that
// changed since the last call (0 for a class they all left), with every
// other class's too when all is set; changed lists the classes that
// changed.
func (h *Hub) presence(all bool) (counts map[string]int, changed []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	counts = map[string]int{}
	for code := range h.changed {
		counts[code] = h.perClass[code]
		changed = append(changed, code)
	}
	if all {
		for code, n := range h.perClass {
			counts[code] = n
		}
	}
	h.changed = map[string]bool{}
	return counts, changed
}

// unwritten marks classes as changed again: their counts were not stored.
func (h *Hub) unwritten(codes []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, code := range codes {
		h.changed[code] = true
	}
}
