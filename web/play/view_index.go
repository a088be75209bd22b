package play

import (
	"net/http"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/compare"
	"gaelab/web/page"
)

// indexedView is one view of an index page: its path, its catalog keys
// (views.<key> its name, index.<key> what it shows) and the chart route
// that draws its picture, with the view's own parameters.
type indexedView struct{ path, key, chart, params string }

var (
	CompareViews = []indexedView{
		{"/compare/lambda", "lambda", "/compare/lambda/chart/lines.svg", ""},
		{"/compare/estimators", "estimators", "/compare/estimators/chart.svg", ""},
		{"/compare/variance", "variance", "/compare/variance/chart/perfect.svg", ""},
		{"/compare/versions", "versions", "/compare/versions/chart.svg", ""},
		{"/compare/bugs", "bugs", "/compare/bugs/chart/" + compare.BugChart(engine.Bugs[0], 0) + ".svg", "&bug=" + string(engine.Bugs[0])},
	}
	UpdateViews = []indexedView{
		{"/update/critic", "critic", "/update/critic/chart/band.svg", ""},
		{"/update/actor", "actor", "/update/actor/objective.svg", ""},
	}
)

// serveViewIndex answers an index page: path its route, key its title's
// and intro's catalog key.
func (s *Room) ServeViewIndex(w http.ResponseWriter, r *http.Request, path, key string, views []indexedView) {
	pr := s.Read(r)
	v := NewView(pr)
	self := pr.PageLink(path, v.stateOnly)
	vm := templates.ViewIndex{Page: v.FrameOf(key+".title", self), Heading: v.T(key + ".title"), Intro: v.T(key + ".intro")}
	for _, view := range views {
		name := v.T("views." + view.key)
		vm.Cards = append(vm.Cards, templates.ViewCard{
			Label: name,
			URL:   pr.LinkTo(view.path, v.stateOnly),
			Image: pr.LinkTo(view.chart, v.stateOnly+view.params),
			Alt:   v.T("index.alt", name),
			Desc:  v.T("index." + view.key),
		})
	}
	page.Serve(w, r, page.Answer{
		Canonical: self.Canonical(pr.LangSet),
		Redirect:  pr.Rep.OK(),
		Page:      func() templ.Component { return templates.ViewIndexPage(vm) },
	})
}
