package mw

import (
	"context"
	"net/http"
)

// WithShutdown ends a long-lived answer (a live class's event stream) as
// soon as closing is done, when the server begins its graceful shutdown:
// the request's context is cancelled then, so the stream's handler returns
// at once instead of holding the shutdown until its timeout. Ordinary
// requests are not wrapped: they finish their work.
func WithShutdown(closing context.Context) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithCancel(r.Context())
			defer cancel()
			stop := context.AfterFunc(closing, cancel)
			defer stop()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}
