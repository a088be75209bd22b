package mw

import (
	"bytes"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"gaelab/web/httperr"
)

// Upload admission: an upload holds one of the uploads group's own slots
// (Options.UploadSlots, never a page's) while its body arrives, and its
// analysis takes one of the few analysis slots (Options.InspectConcurrent)
// only once the whole body is here, so neither a slow sender nor a queue
// of uploads keeps pages from being served. A body must arrive at
// Options.UploadMinRate bytes a second or faster, measured over a sliding
// UploadRateWindow after an UploadRateGrace: slower, the read is cut and
// the client answered 408.
const (
	DefaultUploadSlots      = 4
	DefaultUploadMinRate    = 16 << 10 // 16 KiB/s: 128 kbit/s
	DefaultUploadRateGrace  = 10 * time.Second
	DefaultUploadRateWindow = 10 * time.Second
)

// UploadRate is the minimum transfer rate of an upload's body.
type UploadRate struct {
	Min           int64 // bytes a second
	Grace, Window time.Duration
}

// WithUploadBody reads the request's whole body (within withUploadLimit's
// MaxBytesReader) at rate.Min or faster, then takes an analysis slot and
// runs next with the body in memory. A body sent too slowly is answered
// 408 (too_slow) in the request's language; no analysis slot comes free
// within its wait: 503. Any other read error (too large, the client gone,
// the read deadline) goes to next with the bytes that came, as if next had
// read them itself, so it answers as it always has.
func WithUploadBody(rate UploadRate, analyses *SlotPool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rc := http.NewResponseController(w)
			watch := watchRate(rate, func() { rc.SetReadDeadline(time.Now()) })
			data, err := readUpload(countingReader{r.Body, &watch.n}, r.ContentLength)
			if slow := watch.stop(); slow && err != nil {
				w.Header().Set("Connection", "close")
				httperr.Write(w, r, httperr.New("too_slow", "limit.slow", rate.Min>>10, int(rate.Window.Seconds())))
				return
			}
			if err != nil {
				r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errReader{err}))
				next.ServeHTTP(w, r)
				return
			}
			if !analyses.Acquire(r.Context()) {
				if r.Context().Err() == nil {
					shed(w, r)
				}
				return
			}
			defer analyses.Release()
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(data)), int64(len(data))
			next.ServeHTTP(w, r)
		})
	}
}

// uploadPrealloc is the most of a declared length allocated before the
// bytes arrive: a client that announces 128 MiB and sends nothing holds
// no more than this.
const uploadPrealloc = 8 << 20

// readUpload reads r to its end (its limit is r's own, a MaxBytesReader)
// into a buffer sized from the declared length, up to uploadPrealloc, so
// that most uploads are not copied as the buffer grows.
func readUpload(r io.Reader, declared int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(max(declared, 0), uploadPrealloc)+1))
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
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

// rateWatch samples a byte count a few times per window and calls abort,
// once, when fewer than rate.Min bytes a second arrived over the last
// window (after the grace period).
type rateWatch struct {
	n          atomic.Int64
	slow       atomic.Bool
	quit, done chan struct{}
}

func watchRate(rate UploadRate, abort func()) *rateWatch {
	rw := &rateWatch{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(rw.done)
		type sample struct {
			t time.Time
			n int64
		}
		start := time.Now()
		hist := []sample{{start, 0}}
		tick := time.NewTicker(max(rate.Window/4, time.Millisecond))
		defer tick.Stop()
		for {
			select {
			case <-rw.quit:
				return
			case now := <-tick.C:
				hist = append(hist, sample{now, rw.n.Load()})
				for len(hist) > 2 && !hist[1].t.After(now.Add(-rate.Window)) {
					hist = hist[1:]
				}
				base, last := hist[0], hist[len(hist)-1]
				if now.Sub(start) < rate.Grace {
					continue
				}
				if float64(last.n-base.n) < float64(rate.Min)*now.Sub(base.t).Seconds() {
					rw.slow.Store(true)
					abort()
					return
				}
			}
		}
	}()
	return rw
}

// stop ends the watch and says whether it found the transfer too slow.
func (rw *rateWatch) stop() bool {
	close(rw.quit)
	<-rw.done
	return rw.slow.Load()
}
