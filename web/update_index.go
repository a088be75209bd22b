package web

import "net/http"

// handleUpdateIndex handles the "GET /update" route: the update views of
// the link's scenario, each with a picture of it.
func (s *Server) handleUpdateIndex(w http.ResponseWriter, r *http.Request) {
	s.serveViewIndex(w, r, "/update", "index.update", updateViews)
}
