package play

import (
	"net/http"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/page"
)

// IndexedView is one view of an index page: its path, its catalog keys
// (views.<key> its name, index.<key> what it shows) and the chart route
// that draws its picture, with the view's own parameters.
type IndexedView struct{ Path, Key, Chart, Params string }

// ServeViewIndex answers an index page: path its route, key its title's
// and intro's catalog key.
func (s *Room) ServeViewIndex(w http.ResponseWriter, r *http.Request, path, key string, views []IndexedView) {
	pr := s.Read(r)
	v := NewView(pr)
	self := pr.PageLink(path, v.stateOnly)
	vm := templates.ViewIndex{Page: v.FrameOf(key+".title", self), Heading: v.T(key + ".title"), Intro: v.T(key + ".intro")}
	for _, view := range views {
		name := v.T("views." + view.Key)
		vm.Cards = append(vm.Cards, templates.ViewCard{
			Label: name,
			URL:   pr.LinkTo(view.Path, v.stateOnly),
			Image: pr.LinkTo(view.Chart, v.stateOnly+view.Params),
			Alt:   v.T("index.alt", name),
			Desc:  v.T("index." + view.Key),
		})
	}
	page.Serve(w, r, page.Answer{
		Canonical: self.Canonical(pr.LangSet),
		Redirect:  pr.Rep.OK(),
		Page:      func() templ.Component { return templates.ViewIndexPage(vm) },
	})
}
