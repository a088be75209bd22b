package web

import (
	"io"
	"net/http"
)

// handleHealthz handles the "GET /healthz" route: 200 "ok" while the process
// can serve requests at all.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok")
}
