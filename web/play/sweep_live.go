package play

import (
	"net/http"
	"sync"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/page"
)

// SweepAnswer is what a compare view built on sweepForm (/compare/lambda,
// /compare/variance, /compare/estimators) answers: the whole page, or the
// results with the form's error summary and the links on the state.
type SweepAnswer struct {
	Page, Results templ.Component
	Errs          []templates.FieldError
	Links         []templates.Link
}

// ServeSweep answers a compare view through the page pipeline: the whole
// page, or for its form's htmx request (HX-Target sweep-results) the
// results, so that the view answers as one moves a control, without a
// reload, and the address bar gets the canonical link (or the link as
// typed, when it has problems). build runs at most once, and not for a
// redirect.
func ServeSweep(w http.ResponseWriter, r *http.Request, pr Request, canonical string, build func() SweepAnswer) {
	answer := sync.OnceValue(build)
	page.Serve(w, r, page.Answer{
		Canonical: canonical, Redirect: pr.Rep.OK(), KeepTyped: !pr.Rep.OK(),
		Page: func() templ.Component { return answer().Page },
		Fragments: map[string]func() templ.Component{
			"sweep-results": func() templ.Component {
				a := answer()
				return templates.SweepFragment(a.Results, a.Errs, a.Links)
			},
		},
	})
}
