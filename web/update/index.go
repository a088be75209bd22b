package update

import (
	"net/http"

	"gaelab/web/play"
)

// HandleIndex handles the "GET /update" route: the update views of
// the link's scenario, each with a picture of it.
func (s *Room) HandleIndex(w http.ResponseWriter, r *http.Request) {
	s.ServeViewIndex(w, r, "/update", "index.update", views)
}

// views are the index's views: path, catalog key, picture, own parameters.
var views = []play.IndexedView{
	{Path: "/update/critic", Key: "critic", Chart: "/update/critic/chart/band.svg"},
	{Path: "/update/actor", Key: "actor", Chart: "/update/actor/objective.svg"},
}
