// Package web is GAE Lab's HTTP server: the routes, the handlers behind them
// and the http.Server that serves them.
package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"gaelab/static"
	"gaelab/web/api"
)

// Routes returns the handler for every route GAE Lab serves. Every route is
// registered here and nowhere else.
func Routes() http.Handler {
	r := chi.NewRouter()

	r.Get("/", handleHome)
	r.Get("/play", handlePlay)
	r.Get("/play/table.csv", handleTableCSV)
	r.Get("/play/table.json", handleTableJSON)
	r.Get("/play/chart/{name}.svg", handleChart)
	r.Get("/update/critic", handleUpdateCritic)
	r.Get("/update/actor", handleUpdateActor)
	r.Get("/update/actor/objective.svg", handleUpdateActorChart)
	r.Get("/compare/versions", handleCompareVersions)
	r.Get("/compare/bugs", handleCompareBugs)
	r.Get("/compare/lambda", handleCompareLambda)
	r.Get("/compare/estimators", handleCompareEstimators)
	r.Get("/batch", handleBatch)
	r.Get("/batch/chart.svg", handleBatchChart)
	r.Get("/lessons", handleLessons)
	r.Get("/lessons/{slug}", handleLesson)
	r.Get("/lessons/{slug}/{kind}/{i}", handleLessonPart)
	r.Get("/healthz", handleHealthz)
	r.Get("/qr.svg", handleQR)
	r.Post("/api/v1/compute", api.HandleCompute)
	r.Handle("/static/*", static.Handler())

	return r
}
