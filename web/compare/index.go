package compare

import (
	"net/http"

	"gaelab/engine"
	"gaelab/web/play"
)

// HandleIndex handles the "GET /compare" route: the comparison
// views of the link's scenario, each with a picture of it.
func (s *Room) HandleIndex(w http.ResponseWriter, r *http.Request) {
	s.ServeViewIndex(w, r, "/compare", "index.compare", views)
}

// views are the index's views: path, catalog key, picture, own parameters.
var views = []play.IndexedView{
	{Path: "/compare/lambda", Key: "lambda", Chart: "/compare/lambda/chart/lines.svg"},
	{Path: "/compare/estimators", Key: "estimators", Chart: "/compare/estimators/chart.svg"},
	{Path: "/compare/variance", Key: "variance", Chart: "/compare/variance/chart/perfect.svg"},
	{Path: "/compare/versions", Key: "versions", Chart: "/compare/versions/chart.svg"},
	{Path: "/compare/bugs", Key: "bugs", Chart: "/compare/bugs/chart/" + BugChart(engine.Bugs[0], 0) + ".svg", Params: "&bug=" + string(engine.Bugs[0])},
}
