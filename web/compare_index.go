package web

import (
	"net/http"

	"gaelab/web/play"
)

// handleCompareIndex handles the "GET /compare" route: the comparison
// views of the link's scenario, each with a picture of it.
func (s *Server) handleCompareIndex(w http.ResponseWriter, r *http.Request) {
	s.ServeViewIndex(w, r, "/compare", "index.compare", play.CompareViews)
}
