package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// pageKeys are the link parameters that belong to the page, not the scenario.
var pageKeys = append([]string{"lang"}, viewKeys...)

// playRequest is a decoded playground request.
type playRequest struct {
	lang      i18n.Lang
	langSet   bool // lang= was in the link, so the canonical link keeps it
	view      viewParams
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
func (s *Server) readPlay(r *http.Request, extraKeys ...string) playRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	pr := playRequest{rawQuery: r.URL.RawQuery, charts: s.charts, classes: s.class.on(), publicURL: s.publicURL()}
	pr.lang, pr.langSet = i18n.OfLink(r, q)
	pr.s, pr.rep = scenario.Decode(q, append(extraKeys, pageKeys...)...)
	pr.view = readView(q, &pr.rep)
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
func (pr playRequest) pageLink(path, state string) pageLink {
	return pageLink{path: path, state: state, view: pr.view, lang: pr.lang}
}

// handlePlay handles the "GET /play" route: the whole page, or for htmx the
// part it asked for, with the canonical link in the address bar.
func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	pr := s.readPlay(r)
	v := newPlayView(pr)
	servePage(w, r, pageAnswer{
		canonical: v.self("/play").canonical(pr.langSet),
		redirect:  pr.rep.OK(), keepTyped: len(pr.rep.Problems) > 0, pushOnBoost: true,
		page: func() templ.Component { return templates.PlayPage(v.play()) },
		main: func() templ.Component { return templates.PlayMain(v.play()) },
		fragments: map[string]func() templ.Component{
			"results": func() templ.Component {
				nav := templates.Page{Brand: v.t("brand"), Nav: navLinks(pr.lang, "/play", v.navScenario())}
				return templates.PlayUpdate(v.results(), v.hidden(), v.fieldErrors(), v.presetsOOB(), nav)
			},
		},
	})
}

// asciiURL percent-encodes the non-ASCII bytes of a link for an HTTP header,
// where only ASCII is safe (http.Redirect does the same for Location).
func asciiURL(link string) string {
	const hex = "0123456789ABCDEF"
	n := len(link)
	for i := 0; i < len(link); i++ {
		if link[i] >= utf8.RuneSelf {
			n += 2
		}
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(link); i++ {
		if c := link[i]; c >= utf8.RuneSelf {
			b = append(b, '%', hex[c>>4], hex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// sameQuery reports whether a request's raw query says what a canonical link
// says, parameter by parameter: the browser percent-encodes what the link
// writes as text (Chinese, emoji), so the bytes may differ while the link is
// already canonical.
func sameQuery(rawQuery, link string) bool {
	_, query, _ := strings.Cut(link, "?")
	a, errA := url.ParseQuery(rawQuery)
	b, errB := url.ParseQuery(query)
	if errA != nil || errB != nil || len(a) != len(b) || !strings.HasPrefix(rawQuery, "v=") {
		return false // also reorders a link that does not start with v=
	}
	for k, vs := range a {
		if !slices.Equal(vs, b[k]) {
			return false
		}
	}
	return paramOrder(rawQuery) == paramOrder(query)
}

// paramOrder is the sequence of parameter names of a query.
func paramOrder(query string) string {
	var names []string
	for _, pair := range strings.Split(query, "&") {
		name, _, _ := strings.Cut(pair, "=")
		names = append(names, name)
	}
	return strings.Join(names, "&")
}
