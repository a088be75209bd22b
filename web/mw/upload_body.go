package mw

import (
	"context"
	"net/http"
)

// Upload admission: an upload holds one of the uploads group's own slots
// (Options.UploadSlots, never a page's) while its body arrives, and its
// analysis takes one of the few analysis slots (Options.InspectConcurrent)
// only once the whole body is here, so neither a slow sender nor a queue
// of uploads keeps pages from being served. Its body must arrive by the
// rule every body follows (BodyRate, body_rate.go): slower, the read is
// cut and the client answered 408.
const DefaultUploadSlots = 4

// WithUploadBody reads the request's whole body (within WithUploadLimit's
// MaxBytesReader) by the body-rate rule, then takes an analysis slot and
// runs next with the body in memory. A body sent too slowly is answered
// 408 (too_slow) in the request's language; no analysis slot comes free
// within its wait: 503. Any other read error (too large, the client gone,
// the read deadline) goes to next with the bytes that came, as if next had
// read them itself, so it answers as it always has.
func WithUploadBody(rate BodyRate, analyses *SlotPool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, readErr := readBodyAtRate(w, r, rate, "limit.slow")
			if !ok {
				return
			}
			if readErr != nil { // the handler answers it
				next.ServeHTTP(w, r)
				return
			}
			wait := r.Context()
			if rate.Closing != nil { // a shutdown ends the wait for a slot too
				var cancel context.CancelFunc
				wait, cancel = context.WithCancel(wait)
				defer cancel()
				defer context.AfterFunc(rate.Closing, cancel)()
			}
			if !analyses.Acquire(wait) {
				if r.Context().Err() == nil {
					shed(w, r)
				}
				return
			}
			defer analyses.Release()
			next.ServeHTTP(w, r)
		})
	}
}
