package web

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/web/inspect"
)

// The uploads route group: routes whose body is a user's file (a verl
// batch of up to 512 × 8,192 tokens). They get a larger body limit and a
// longer read deadline than the other routes (Options.UploadBodyBytes,
// Options.UploadReadTimeout), and no 10 s handler timeout: reading the body
// is bounded by the read deadline, and the work on it by the body limit.
const (
	defaultUploadBodyBytes   = 128 << 20
	defaultUploadReadTimeout = 120 * time.Second
	// uploadWriteSlack is how long the answer may take to write after the
	// read deadline.
	uploadWriteSlack = 60 * time.Second
)

// uploadPaths are the routes of the group, which withTimeout lets through.
var uploadPaths = map[string]bool{"/api/v1/inspect": true, "/inspect": true}

// mountUploads adds the uploads route group to r.
func mountUploads(r chi.Router, o Options, gzip func(http.Handler) http.Handler) {
	r.Group(func(r chi.Router) {
		r.Use(withUploadDeadlines(o.UploadReadTimeout), gzip)
		r.Post("/api/v1/inspect", inspect.Handler(o.UploadBodyBytes))
		r.Post("/inspect", func(w http.ResponseWriter, r *http.Request) { handleInspectUpload(w, r, o.UploadBodyBytes) })
	})
	// The views of an upload: private (no shared answer cache), gzipped.
	r.Group(func(r chi.Router) {
		r.Use(gzip)
		r.Get("/inspect", handleInspectForm)
		r.Get("/inspect/{id}", handleInspectView)
		r.Get("/inspect/{id}/row/{i}", handleInspectRow)
		r.Get("/inspect/{id}/heat/{name}.png", handleInspectHeat)
		r.Get("/inspect/{id}/summary.json", handleInspectExport)
		r.Get("/inspect/{id}/check.csv", handleInspectExport)
		r.Get("/inspect/{id}/verify.py", handleInspectVerify)
		r.Post("/inspect/{id}/share", handleInspectShare)
	})
}

// withUploadDeadlines moves the connection's read deadline to d from now
// (the server's own is 30 s) and its write deadline to d + uploadWriteSlack.
func withUploadDeadlines(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rc := http.NewResponseController(w)
			now := time.Now()
			rc.SetReadDeadline(now.Add(d))
			rc.SetWriteDeadline(now.Add(d + uploadWriteSlack))
			next.ServeHTTP(w, r)
		})
	}
}
