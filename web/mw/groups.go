package mw

import (
	"errors"
	"net/http"
	"time"

	"gaelab/web/httperr"
)

// WithStream prepares a long-lived answer (Server-Sent Events): the
// server's write deadline (writeTimeout) is lifted for it, so a stream
// lasts as long as its handler and client want it to.
func WithStream(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if err := rc.SetWriteDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
			httperr.LogFailure(r, "render", err)
		}
		next.ServeHTTP(w, r)
	})
}

// WithUploadLimit bounds an upload's body to maxBytes: reading more fails
// with *http.MaxBytesError, and an announced longer Content-Length is
// answered 413 at once: by tooLarge when given and it answers (true), else
// as a plain localized error.
func WithUploadLimit(maxBytes int64, tooLarge ...func(http.ResponseWriter, *http.Request) bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > maxBytes {
				for _, h := range tooLarge {
					if h(w, r) {
						return
					}
				}
				httperr.Write(w, r, httperr.New("too_large", "limit.body", maxBytes))
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, maxBytes)
			next.ServeHTTP(w, r)
		})
	}
}
