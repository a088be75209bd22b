package web

import (
	"gaelab/web/page"
	"net/http"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/compare"
)

// indexedView is one view of an index page: its path, its catalog keys
// (views.<key> its name, index.<key> what it shows) and the chart route
// that draws its picture, with the view's own parameters.
type indexedView struct{ path, key, chart, params string }

var (
	compareViews = []indexedView{
		{"/compare/lambda", "lambda", "/compare/lambda/chart/lines.svg", ""},
		{"/compare/estimators", "estimators", "/compare/estimators/chart.svg", ""},
		{"/compare/variance", "variance", "/compare/variance/chart/perfect.svg", ""},
		{"/compare/versions", "versions", "/compare/versions/chart.svg", ""},
		{"/compare/bugs", "bugs", "/compare/bugs/chart/" + compare.BugChart(engine.Bugs[0], 0) + ".svg", "&bug=" + string(engine.Bugs[0])},
	}
	updateViews = []indexedView{
		{"/update/critic", "critic", "/update/critic/chart/band.svg", ""},
		{"/update/actor", "actor", "/update/actor/objective.svg", ""},
	}
)

// serveViewIndex answers an index page: path its route, key its title's
// and intro's catalog key.
func (s *playRoom) serveViewIndex(w http.ResponseWriter, r *http.Request, path, key string, views []indexedView) {
	pr := s.readPlay(r)
	v := newPlayView(pr)
	self := pr.pageLink(path, v.stateOnly)
	vm := templates.ViewIndex{Page: v.frameOf(key+".title", self), Heading: v.t(key + ".title"), Intro: v.t(key + ".intro")}
	for _, view := range views {
		name := v.t("views." + view.key)
		vm.Cards = append(vm.Cards, templates.ViewCard{
			Label: name,
			URL:   pr.linkTo(view.path, v.stateOnly),
			Image: pr.linkTo(view.chart, v.stateOnly+view.params),
			Alt:   v.t("index.alt", name),
			Desc:  v.t("index." + view.key),
		})
	}
	page.Serve(w, r, page.Answer{
		Canonical: self.Canonical(pr.langSet),
		Redirect:  pr.rep.OK(),
		Page:      func() templ.Component { return templates.ViewIndexPage(vm) },
	})
}
