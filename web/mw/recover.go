package mw

import (
	"log/slog"
	"net/http"
	"runtime/debug"

	"gaelab/web/httperr"
)

// WithRecovery turns a panic in a handler into a logged 500 that names the
// request id, so no panic reaches a client as a dropped connection. Known
// bad input never gets here: handlers answer it with a 4xx and a message.
// If the handler had already begun its answer, a 500 can no longer be
// sent: the answer is aborted (http.ErrAbortHandler) rather than left to
// look complete. http.ErrAbortHandler itself is passed on.
func WithRecovery(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sw := &startWriter{ResponseWriter: w}
			defer func() {
				p := recover()
				if p == nil {
					return
				}
				if p == http.ErrAbortHandler {
					panic(p)
				}
				id := RequestID(r)
				logger.Error("panic", "request_id", id, "method", r.Method, "path", r.URL.Path,
					"panic", p, "stack", string(debug.Stack()))
				if sw.started {
					panic(http.ErrAbortHandler)
				}
				httperr.Write(w, r, httperr.New("internal", "error.internal", id))
			}()
			next.ServeHTTP(sw, r)
		})
	}
}

// startWriter notes whether the answer has begun.
type startWriter struct {
	http.ResponseWriter
	started bool
}

func (sw *startWriter) WriteHeader(code int) {
	sw.started = true
	sw.ResponseWriter.WriteHeader(code)
}

func (sw *startWriter) Write(p []byte) (int, error) {
	sw.started = true
	return sw.ResponseWriter.Write(p)
}

func (sw *startWriter) Unwrap() http.ResponseWriter { return sw.ResponseWriter }
