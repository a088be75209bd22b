// Package web is GAE Lab's HTTP server: the routes, the handlers behind them
// and the http.Server that serves them.
package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"gaelab/web/api"
)

// Routes returns the handler for every route GAE Lab serves. Every route is
// registered here and nowhere else.
func Routes() http.Handler {
	r := chi.NewRouter()

	r.Get("/healthz", handleHealthz)
	r.Post("/api/v1/compute", api.HandleCompute)

	return r
}
