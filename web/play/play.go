package play

import (
	"net/http"
	"net/url"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// pageKeys are the link parameters that belong to the page, not the scenario.
var pageKeys = append([]string{"lang"}, page.ViewKeys...)

// Request is a decoded playground request.
type Request struct {
	Lang      i18n.Lang
	LangSet   bool // lang= was in the link, so the canonical link keeps it
	View      page.View
	S         scenario.Scenario
	Rep       scenario.Report
	rawQuery  string
	Charts    *ChartMemo         // the server's chart memo; nil draws every chart
	classes   bool               // live classes are on
	publicURL string             // -public-url without its trailing slash, for the link preview
	before    *scenario.Scenario // the state an htmx request came from (beforeOf), or nil
}

// Read decodes the query of any playground URL. A malformed query
// (bad percent-escapes) still decodes what it can and says so. A view built
// on the playground's scenario (compare, update, batch) names the parameters
// of its own in extraKeys, so they are not reported as unknown.
func (s *Room) Read(r *http.Request, extraKeys ...string) Request {
	q, err := url.ParseQuery(r.URL.RawQuery)
	pr := Request{rawQuery: r.URL.RawQuery, Charts: s.Charts, classes: s.ClassesOn(), publicURL: s.Hosts.PublicURL}
	pr.Lang, pr.LangSet = i18n.OfLink(r, q)
	pr.S, pr.Rep = scenario.Decode(q, append(extraKeys, pageKeys...)...)
	pr.View = page.ReadView(q, &pr.Rep)
	if err != nil {
		pr.Rep.Warnings = append(pr.Rep.Warnings, scenario.Problem{Key: "warn.malformed"})
	}
	return pr
}

// Link is the link of a scenario on path, in the request's view and
// language.
func (pr Request) Link(path string, s scenario.Scenario) string {
	return pr.LinkTo(path, scenario.Encode(s))
}

// LinkTo is link for a state already encoded (scenario.Encode and the
// page's own parameters).
func (pr Request) LinkTo(path, state string) string { return pr.PageLink(path, state).String() }

// PageLink is the link of a state on path, in the request's view and
// language.
func (pr Request) PageLink(path, state string) page.Link {
	return page.Link{Path: path, State: state, View: pr.View, Lang: pr.Lang}
}

// HandlePlay handles the "GET /play" route: the whole page, or for htmx the
// part it asked for, with the canonical link in the address bar.
func (s *Room) HandlePlay(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r)
	pr.before = beforeOf(r)
	v := NewView(pr)
	page.Serve(w, r, page.Answer{
		Canonical: v.self("/play").Canonical(pr.LangSet),
		Redirect:  pr.Rep.OK(), KeepTyped: len(pr.Rep.Problems) > 0, PushOnBoost: true,
		Page: func() templ.Component { return templates.PlayPage(v.play()) },
		Main: func() templ.Component { return templates.PlayMain(v.play()) },
		Fragments: map[string]func() templ.Component{
			"results": func() templ.Component {
				nav := templates.Page{Brand: v.T("brand"), Nav: page.NavLinks(pr.Lang, "/play", v.navScenario())}
				return templates.PlayUpdate(v.results(), v.hidden(), v.FieldErrors(), v.presetsOOB(), nav)
			},
		},
	})
}
