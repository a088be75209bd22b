package mw

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
)

// MaxURLBytes is the longest request target (path and query) served: a
// 512-token scenario with every list edited fits several times over.
// Longer ones are answered 414; past the server's header limit (1 MiB)
// net/http answers 431 before any handler runs.
const MaxURLBytes = 64 << 10

// WithURLLimit answers 414 to a request whose path and query are longer
// than MaxURLBytes, before anything parses them.
func WithURLLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n := len(r.RequestURI); n > MaxURLBytes {
			r.URL.RawQuery = "" // don't parse it to pick the language
			httperr.Write(w, r, httperr.New("uri_too_long", "limit.url", MaxURLBytes, n))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// RetryAfter is what a shed request is told to wait, in seconds.
const RetryAfter = 1

// WithInflightLimit lets at most limit requests run at once. A request that
// finds every slot taken waits up to wait for one, then is answered 503
// with Retry-After, so a saturated server sheds load quickly instead of
// queueing without bound. /healthz is never held back.
func WithInflightLimit(limit int, wait time.Duration) func(http.Handler) http.Handler {
	return NewSlotPool(limit, wait).middleware
}

// SlotPool lets at most n holders run at once; one that finds every slot
// taken waits up to wait for one, in a queue: a freed slot goes to the
// longest waiter, first come, first served (so uploads are analysed in the
// order their bodies arrived: TestUploadsAnalysedInArrivalOrder), never
// to a newcomer while anyone waits.
type SlotPool struct {
	mu      sync.Mutex
	free    int
	waiters []chan struct{} // closed when given a slot, in arrival order
	wait    time.Duration
}

func NewSlotPool(n int, wait time.Duration) *SlotPool {
	return &SlotPool{free: n, wait: wait}
}

// Acquire takes a slot within the pool's wait; false if none came free in
// time or ctx ended first. A true caller must release.
func (p *SlotPool) Acquire(ctx context.Context) bool {
	p.mu.Lock()
	if p.free > 0 && len(p.waiters) == 0 {
		p.free--
		p.mu.Unlock()
		return true
	}
	given := make(chan struct{})
	p.waiters = append(p.waiters, given)
	p.mu.Unlock()
	timer := time.NewTimer(p.wait)
	defer timer.Stop()
	select {
	case <-given:
		return true
	case <-timer.C:
	case <-ctx.Done():
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := slices.Index(p.waiters, given); i >= 0 {
		p.waiters = slices.Delete(p.waiters, i, i+1)
		return false
	}
	p.releaseLocked() // given a slot as it gave up: pass it on
	return false
}

// Release gives a slot back: to the longest waiter, else to the pool.
func (p *SlotPool) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.releaseLocked()
}

func (p *SlotPool) releaseLocked() {
	if len(p.waiters) == 0 {
		p.free++
		return
	}
	close(p.waiters[0])
	p.waiters = slices.Delete(p.waiters, 0, 1)
}

// queued is how many holders wait for a slot.
func (p *SlotPool) queued() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.waiters)
}

// middleware runs each request in a slot, or answers 503 (shed) when
// none comes free in time; a client that left gets no answer.
func (p *SlotPool) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" { // readyz answers from its 1 s memo
			next.ServeHTTP(w, r)
			return
		}
		if !p.Acquire(r.Context()) {
			if r.Context().Err() == nil {
				shed(w, r)
			}
			return // else the client left; nobody reads an answer
		}
		h := &slotHold{pool: p, refs: 1}
		defer h.done()
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), slotHoldKey{}, h)))
	})
}

// slotHold is a request's slot, released when the last of its holders is
// done: the request, and the handler WithTimeout runs, which may still be
// working after the timeout answered for it. So a slot is free only once
// the work in it has stopped.
type slotHold struct {
	mu   sync.Mutex
	pool *SlotPool
	refs int
}

type slotHoldKey struct{}

// holdSlot adds a holder to ctx's slot (if it has one) and returns its done.
func holdSlot(ctx context.Context) (done func()) {
	h, ok := ctx.Value(slotHoldKey{}).(*slotHold)
	if !ok {
		return func() {}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.refs == 0 {
		return func() {} // released already
	}
	h.refs++
	return h.done
}

func (h *slotHold) done() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.refs--; h.refs == 0 {
		h.pool.Release()
	}
}

// heldKey is the context key of the done func WithTimeout's handler calls.
type heldKey struct{}

// shed answers 503 with Retry-After.
func shed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", strconv.Itoa(RetryAfter))
	httperr.Write(w, r, httperr.New("busy", "limit.busy", RetryAfter))
}

// WithTimeout stops waiting for a handler after d and answers 503 (the
// handler's context is cancelled; its late output is discarded): plain text
// in the request's language, or the JSON API's error under /api/. The
// request's in-flight slot (WithInflightLimit) stays taken until the
// handler has returned, so work that outlives its answer still counts.
func WithTimeout(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		inner := next
		next = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer r.Context().Value(heldKey{}).(func())()
			inner.ServeHTTP(w, r)
		})
		byLang := map[i18n.Lang]http.Handler{}
		for _, l := range i18n.Langs {
			byLang[l] = http.TimeoutHandler(next, d, l.T("limit.timeout"))
		}
		forAPI := http.TimeoutHandler(next, d, string(httperr.JSONBody("timeout", "", i18n.En.T("limit.timeout"))))
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// The slot's holder is taken here, before TimeoutHandler starts
			// next, which always runs and gives it back.
			r = r.WithContext(context.WithValue(r.Context(), heldKey{}, holdSlot(r.Context())))
			if strings.HasPrefix(r.URL.Path, "/api/") {
				// Set before: TimeoutHandler writes its message without one.
				w.Header().Set("Content-Type", "application/json")
				forAPI.ServeHTTP(w, r)
				return
			}
			byLang[i18n.Of(r)].ServeHTTP(w, r)
		})
	}
}
