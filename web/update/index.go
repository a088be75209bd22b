package update

import (
	"net/http"

	"gaelab/web/play"
)

// handleUpdateIndex handles the "GET /update" route: the update views of
// the link's scenario, each with a picture of it.
func (s *Room) HandleIndex(w http.ResponseWriter, r *http.Request) {
	s.ServeViewIndex(w, r, "/update", "index.update", play.UpdateViews)
}
