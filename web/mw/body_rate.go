package mw

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
)

// The one minimum-rate rule for every request body (the compute API,
// uploads, /inspect's forms, the live class's forms and API): once a
// body's Grace is over, at least Min bytes a second must have arrived for
// every second after its first From, or all of it if it is shorter. A
// slower body is cut (its read deadline moved to now) and answered 408
// too_slow in the request's language, so a client trickling a byte a
// second holds a slot for Grace, not for the read deadline.
const (
	DefaultBodyMinRate   = 16 << 10 // 16 KiB/s: 128 kbit/s
	DefaultBodyRateGrace = 2 * time.Second
	DefaultBodyRateFrom  = time.Second
)

// BodyRate is the minimum transfer rate of a request body.
type BodyRate struct {
	Min         int64 // bytes a second
	Grace, From time.Duration
	// Closing, when done, cuts every body still arriving: the server is
	// shutting down, and the client is answered 503 with Retry-After (as
	// a live stream ends at once), so that the shutdown finishes within
	// its grace.
	Closing context.Context
	// PerAddr is how many bodies one client address (clientip.Addr) may
	// send at once through WithBodyRate (0: no bound); past it the request
	// is answered 429 with Retry-After before its body is read. A body
	// takes its group's slot while it arrives, so without it one address
	// could hold every slot for each body's grace.
	PerAddr int
}

// DefaultBodiesPerAddr is BodyRate.PerAddr's default: a lecture hall's
// phones behind one NAT send their answers' small bodies in one packet
// each, so even a few hundred of them are rarely 8 at once.
const DefaultBodiesPerAddr = 8

// BodyPrealloc is the most of a declared length allocated before the
// bytes arrive: a client that announces 128 MiB and sends nothing holds
// no more than this.
const BodyPrealloc = 8 << 20

// WithBodyRate reads a request's whole body, at most maxBytes (past it
// the read fails with *http.MaxBytesError), at rate or faster, and runs
// next with it in memory. A body sent too slowly is answered 408 with the
// message key slowKey (formatted with the rate's KiB/s and From's
// seconds). Any other read error goes to next with the bytes that came,
// as if next had read them itself, so that it answers as it always has.
// A request without a body, or of another method than POST, PUT or PATCH
// (whose body no handler reads), passes as it is.
func WithBodyRate(rate BodyRate, maxBytes int64, slowKey string) func(http.Handler) http.Handler {
	var mu sync.Mutex
	arriving := map[string]int{} // bodies being read, by client address
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body == nil || r.Body == http.NoBody || (r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch) {
				next.ServeHTTP(w, r)
				return
			}
			addr := clientip.Addr(r)
			mu.Lock()
			if rate.PerAddr > 0 && arriving[addr] >= rate.PerAddr {
				mu.Unlock()
				w.Header().Set("Connection", "close")
				w.Header().Set("Retry-After", strconv.Itoa(RetryAfter))
				httperr.Write(w, r, httperr.New("rate_limited", "limit.bodies_per_addr", rate.PerAddr, RetryAfter))
				return
			}
			arriving[addr]++
			mu.Unlock()
			done := func() {
				mu.Lock()
				if arriving[addr]--; arriving[addr] <= 0 {
					delete(arriving, addr)
				}
				mu.Unlock()
			}
			if maxBytes > 0 {
				r.Body = http.MaxBytesReader(w, r.Body, maxBytes)
			}
			ok, _ := readBodyAtRate(w, r, rate, slowKey)
			done()
			if !ok {
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// readBodyAtRate replaces r's body by its bytes, read at rate or faster
// (its limit is r.Body's own). Too slow, it answers 408 with slowKey and
// returns false; any other read error is returned and left in the new
// body for the handler to meet.
func readBodyAtRate(w http.ResponseWriter, r *http.Request, rate BodyRate, slowKey string) (ok bool, readErr error) {
	rc := http.NewResponseController(w)
	watch := watchRate(rate, r.ContentLength, func() { rc.SetReadDeadline(time.Now()) })
	data, err := readBody(countingReader{r.Body, &watch.n}, r.ContentLength)
	slow := watch.stop()
	if watch.closed.Load() && err != nil {
		w.Header().Set("Connection", "close")
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfter))
		httperr.Write(w, r, httperr.New("busy", "limit.shutting_down", RetryAfter))
		return false, err
	}
	if slow && err != nil {
		w.Header().Set("Connection", "close")
		httperr.Write(w, r, httperr.New("too_slow", slowKey, rate.Min>>10, int(rate.From.Seconds())))
		return false, err
	}
	if err != nil {
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errReader{err}))
		return true, err
	}
	r.Body, r.ContentLength = io.NopCloser(&onceReader{data}), int64(len(data))
	return true, nil
}

// readBody reads r to its end into a buffer sized from the declared
// length, up to BodyPrealloc at first; once it is full the buffer grows
// to the declared length, but at most 4 times over at each step (a
// client may declare more than it sends, or than r's limit lets through),
// so that an honest body of up to 128 MiB is held in one buffer of its
// own size (doubling held a 20 MiB body in 32 MiB and left 24 MiB of
// garbage). Without a declared length the buffer doubles.
func readBody(r io.Reader, declared int64) ([]byte, error) {
	buf := make([]byte, 0, min(max(declared, 0), BodyPrealloc)+1)
	for {
		if len(buf) == cap(buf) {
			more := cap(buf)
			if rest := declared + 1 - int64(len(buf)); rest > 0 {
				more = int(min(rest, 3*int64(cap(buf))))
			}
			buf = slices.Grow(buf, more)
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// onceReader reads its bytes once and lets them go at their end: a body
// read whole is freed as soon as the handler has read (and parsed or
// copied) it, while every copy of the request still holds the reader.
type onceReader struct{ data []byte }

func (o *onceReader) Read(p []byte) (int, error) {
	if len(o.data) == 0 {
		o.data = nil
		return 0, io.EOF
	}
	n := copy(p, o.data)
	if o.data = o.data[n:]; len(o.data) == 0 {
		o.data = nil
	}
	return n, nil
}

// errReader fails every read with its error.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// countingReader adds what it reads to *n.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// rateWatch checks a body's byte count a few times a second and calls
// abort, once, when it is behind the rule (BodyRate).
type rateWatch struct {
	n          atomic.Int64
	slow       atomic.Bool
	closed     atomic.Bool // cut by rate.Closing
	quit, done chan struct{}
}

// watchRate watches a body of declared bytes (-1: unknown).
func watchRate(rate BodyRate, declared int64, abort func()) *rateWatch {
	rw := &rateWatch{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(rw.done)
		start := time.Now()
		tick := time.NewTicker(min(max(rate.Grace/4, time.Millisecond), 250*time.Millisecond))
		defer tick.Stop()
		var closing <-chan struct{}
		if rate.Closing != nil {
			closing = rate.Closing.Done()
		}
		for {
			select {
			case <-rw.quit:
				return
			case <-closing:
				rw.closed.Store(true)
				abort()
				return
			case now := <-tick.C:
				if behind(rate, declared, now.Sub(start), rw.n.Load()) {
					rw.slow.Store(true)
					abort()
					return
				}
			}
		}
	}()
	return rw
}

// behind reports whether n bytes of a body of declared bytes (-1: unknown)
// are too few after elapsed: past the grace, fewer than Min a second for
// every second after From, and fewer than the whole declared body.
func behind(rate BodyRate, declared int64, elapsed time.Duration, n int64) bool {
	if elapsed < rate.Grace {
		return false
	}
	want := float64(rate.Min) * (elapsed - rate.From).Seconds()
	if declared >= 0 {
		want = min(want, float64(declared))
	}
	return float64(n) < want
}

// stop ends the watch and says whether it found the transfer too slow.
func (rw *rateWatch) stop() bool {
	close(rw.quit)
	<-rw.done
	return rw.slow.Load()
}
