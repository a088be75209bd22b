package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// pageKeys are the link parameters that belong to the page, not the scenario.
var pageKeys = append([]string{"lang"}, viewKeys...)

// playRequest is a decoded playground request.
type playRequest struct {
	lang     i18n.Lang
	langSet  bool // lang= was in the link, so the canonical link keeps it
	view     viewParams
	s        scenario.Scenario
	rep      scenario.Report
	rawQuery string
}

// readPlay decodes the query of any playground URL. A malformed query
// (bad percent-escapes) still decodes what it can and says so. A view built
// on the playground's scenario (compare, update, batch) names the parameters
// of its own in extraKeys, so they are not reported as unknown.
func readPlay(r *http.Request, extraKeys ...string) playRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	pr := playRequest{rawQuery: r.URL.RawQuery}
	pr.lang, pr.langSet = pageLang(r, q)
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
func handlePlay(w http.ResponseWriter, r *http.Request) {
	pr := readPlay(r)
	canonical := pr.pageLink("/play", scenario.Encode(pr.s)).canonical(pr.langSet)
	htmx := r.Header.Get("HX-Request") == "true"
	if !htmx && pr.rep.OK() && !sameQuery(pr.rawQuery, canonical) {
		// A form submitted without JavaScript, or a link in another order:
		// show its canonical link, so every state has one URL.
		http.Redirect(w, r, canonical, http.StatusSeeOther)
		return
	}
	v := newPlayView(pr)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Vary", "HX-Request, HX-Target, Accept-Language, Cookie")
	var err error
	switch {
	case htmx && r.Header.Get("HX-Target") == "results":
		if len(pr.rep.Problems) > 0 {
			canonical = "/play?" + pr.rawQuery // keep what was typed in the link
		}
		if r.Header.Get("HX-Boosted") == "true" { // a step link: one history entry per step
			w.Header().Set("HX-Push-Url", asciiURL(canonical))
		} else { // typing: the address bar follows without flooding history
			w.Header().Set("HX-Replace-Url", asciiURL(canonical))
		}
		err = templates.PlayUpdate(v.results(), v.hidden(), v.fieldErrors()).Render(r.Context(), w)
	case htmx:
		w.Header().Set("HX-Push-Url", asciiURL(canonical))
		err = templates.PlayMain(v.play()).Render(r.Context(), w)
	default:
		err = templates.PlayPage(v.play()).Render(r.Context(), w)
	}
	if err != nil {
		logRenderError(r, err)
	}
}

// asciiURL percent-encodes the non-ASCII bytes of a link for an HTTP header,
// where only ASCII is safe (http.Redirect does the same for Location).
func asciiURL(link string) string {
	var b strings.Builder
	for i := 0; i < len(link); i++ {
		if c := link[i]; c >= utf8.RuneSelf {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
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
