package web

import (
	"gaelab/web/page"
	"net/http"
	"net/url"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// pageKeys are the link parameters that belong to the page, not the scenario.
var pageKeys = append([]string{"lang"}, page.ViewKeys...)

// playRequest is a decoded playground request.
type playRequest struct {
	lang      i18n.Lang
	langSet   bool // lang= was in the link, so the canonical link keeps it
	view      page.View
	s         scenario.Scenario
	rep       scenario.Report
	rawQuery  string
	charts    *chartMemo // the server's chart memo; nil draws every chart
	classes   bool       // live classes are on
	publicURL string     // -public-url without its trailing slash, for the link preview
}

// readPlay decodes the query of any playground URL. A malformed query
// (bad percent-escapes) still decodes what it can and says so. A view built
// on the playground's scenario (compare, update, batch) names the parameters
// of its own in extraKeys, so they are not reported as unknown.
func (s *playRoom) readPlay(r *http.Request, extraKeys ...string) playRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	pr := playRequest{rawQuery: r.URL.RawQuery, charts: s.charts, classes: s.classesOn(), publicURL: s.hosts.PublicURL}
	pr.lang, pr.langSet = i18n.OfLink(r, q)
	pr.s, pr.rep = scenario.Decode(q, append(extraKeys, pageKeys...)...)
	pr.view = page.ReadView(q, &pr.rep)
	if err != nil {
		pr.rep.Warnings = append(pr.rep.Warnings, scenario.Problem{Key: "warn.malformed"})
	}
	return pr
}

// link is the link of a scenario on path, in the request's view and
// language.
func (pr playRequest) link(path string, s scenario.Scenario) string {
	return pr.linkTo(path, scenario.Encode(s))
}

// linkTo is link for a state already encoded (scenario.Encode and the
// page's own parameters).
func (pr playRequest) linkTo(path, state string) string { return pr.pageLink(path, state).String() }

// pageLink is the link of a state on path, in the request's view and
// language.
func (pr playRequest) pageLink(path, state string) page.Link {
	return page.Link{Path: path, State: state, View: pr.view, Lang: pr.lang}
}

// handlePlay handles the "GET /play" route: the whole page, or for htmx the
// part it asked for, with the canonical link in the address bar.
func (s *playRoom) handlePlay(w http.ResponseWriter, r *http.Request) {
	pr := s.readPlay(r)
	v := newPlayView(pr)
	page.Serve(w, r, page.Answer{
		Canonical: v.self("/play").Canonical(pr.langSet),
		Redirect:  pr.rep.OK(), KeepTyped: len(pr.rep.Problems) > 0, PushOnBoost: true,
		Page: func() templ.Component { return templates.PlayPage(v.play()) },
		Main: func() templ.Component { return templates.PlayMain(v.play()) },
		Fragments: map[string]func() templ.Component{
			"results": func() templ.Component {
				nav := templates.Page{Brand: v.t("brand"), Nav: page.NavLinks(pr.lang, "/play", v.navScenario())}
				return templates.PlayUpdate(v.results(), v.hidden(), v.fieldErrors(), v.presetsOOB(), nav)
			},
		},
	})
}
