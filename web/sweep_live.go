package web

import (
	"gaelab/web/page"
	"net/http"
	"sync"

	"github.com/a-h/templ"

	"gaelab/templates"
)

// sweepAnswer is what a compare view built on sweepForm (/compare/lambda,
// /compare/variance, /compare/estimators) answers: the whole page, or the
// results with the form's error summary and the links on the state.
type sweepAnswer struct {
	page, results templ.Component
	errs          []templates.FieldError
	links         []templates.Link
}

// serveSweep answers a compare view through the page pipeline: the whole
// page, or for its form's htmx request (HX-Target sweep-results) the
// results, so that the view answers as one moves a control, without a
// reload, and the address bar gets the canonical link (or the link as
// typed, when it has problems). build runs at most once, and not for a
// redirect.
func serveSweep(w http.ResponseWriter, r *http.Request, pr playRequest, canonical string, build func() sweepAnswer) {
	answer := sync.OnceValue(build)
	page.Serve(w, r, page.Answer{
		Canonical: canonical, Redirect: pr.rep.OK(), KeepTyped: !pr.rep.OK(),
		Page: func() templ.Component { return answer().page },
		Fragments: map[string]func() templ.Component{
			"sweep-results": func() templ.Component {
				a := answer()
				return templates.SweepFragment(a.results, a.errs, a.links)
			},
		},
	})
}
