package web

import (
	"log/slog"
	"net/http"
	"runtime/debug"
)

// withRecovery turns a panic in a handler into a logged 500 that names the
// request id, so no panic reaches a client as a dropped connection. Known
// bad input never gets here: handlers answer it with a 4xx and a message.
// http.ErrAbortHandler is passed on: it is net/http's way to abort a reply.
func withRecovery(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				p := recover()
				if p == nil {
					return
				}
				if p == http.ErrAbortHandler {
					panic(p)
				}
				id := requestID(r)
				logger.Error("panic", "request_id", id, "method", r.Method, "path", r.URL.Path,
					"panic", p, "stack", string(debug.Stack()))
				guardAnswer(w, r, http.StatusInternalServerError, "internal", "error.internal", id)
			}()
			next.ServeHTTP(w, r)
		})
	}
}
