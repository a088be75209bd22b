package mw

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"gaelab/web/httperr"
)

// WithAccessLog puts logger in the request's context, for every
// handler's errors (httperr.Logger), and writes one line per request to logger once it is answered:
// method, route pattern (e.g. "/lessons/{slug}", never the raw path, which
// can be long and carries learners' text), status, duration, bytes written
// and request id. It must run inside the chi router (Router.Use), which
// fills in the route pattern while routing.
func WithAccessLog(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			r = r.WithContext(httperr.WithLogger(r.Context(), logger))
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r)

			route := ""
			if rc := chi.RouteContext(r.Context()); rc != nil {
				route = rc.RoutePattern()
			}
			status := ww.Status()
			if status == 0 { // nothing written: net/http answers 200
				status = http.StatusOK
			}
			logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method),
				slog.String("route", route),
				slog.Int("status", status),
				slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000),
				slog.Int("bytes", ww.BytesWritten()),
				slog.String("request_id", RequestID(r)),
			)
		})
	}
}
