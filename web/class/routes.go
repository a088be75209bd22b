package class

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"gaelab/web/mw"
)

// Routes are the live class's pages, forms and JSON API. Their
// answers hold tokens or live state: never cached, so outside
// mw.WithConditional.
func Routes(r chi.Router, cr *Room, gzip func(http.Handler) http.Handler) {
	r.Group(func(r chi.Router) {
		r.Use(gzip)
		r.Get("/class", cr.handleClassStart)
		r.Post("/class", cr.handleClassCreate)
		r.Post("/class/enter", cr.handleClassEnter)
		r.Get("/class/{code}/teach", cr.handleClassTeach)
		r.Get("/class/{code}/wall", cr.handleClassWall)
		r.Get("/class/{code}/open", cr.handleClassOpen)
		r.Get("/class/{code}/pair", cr.handleClassPairForm)
		r.Post("/class/{code}/pair", cr.handleClassPair)
		r.Post("/class/{code}/pair/new", cr.handleClassPairNew)
		r.Post("/class/{code}/ask", cr.handleClassAsk)
		r.Post("/class/{code}/reveal", cr.handleClassReveal)
		r.Get("/class/{code}/results.csv", cr.handleClassCSV)
		r.Post("/class/{code}/answer", cr.handleClassAnswer)
		r.Post("/class/{code}/flow/{action}", cr.handleClassFlow)
		r.Post("/class/{code}/nickname", cr.handleClassNickname)
		r.Post("/class/{code}/join", cr.handleClassJoinWord)
		r.Get("/join", cr.handleJoinForm)
		r.Get("/join/{code}", cr.handleClassPhone)
		json := r.With(mw.WithContentType("application/json"))
		json.Post("/api/v1/classes", cr.handleAPIClassCreate)
		json.Post("/api/v1/classes/{code}/ask", cr.handleAPIClassAsk)
		json.Post("/api/v1/classes/{code}/reveal", cr.handleAPIClassReveal)
		r.Get("/api/v1/classes/{code}/results", cr.handleAPIClassResults)
		r.Get("/api/v1/classes/{code}/results.csv", cr.handleAPIClassCSV)
		json.Post("/api/v1/classes/{code}/flow/{action}", cr.handleAPIClassFlow)
	})
}

// StreamRoutes are the Server-Sent Events streams of live classes.
func StreamRoutes(r chi.Router, cr *Room) {
	r.Get("/class/{code}/teach/events", cr.handleClassTeachEvents)
	r.Get("/class/{code}/events", cr.handleClassEvents)
}
