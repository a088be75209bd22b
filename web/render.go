package web

import (
	"net/http"
)

// handleHome handles the "GET /" route: the playground is the home page.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	target := "/play"
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusFound)
}
