package page_test

import (
	"net/http"
	"testing"

	"github.com/a-h/templ"

	"gaelab/web/page"
	"gaelab/web/webtest"
)

// The page pipeline redirects a readable non-canonical link, answers htmx
// with the fragment of its target (address bar: canonical, or the typed link
// when it has problems) and everything else with the whole page.
func TestServePage(t *testing.T) {
	mux := http.NewServeMux()
	answer := func(ok bool) page.Answer {
		return page.Answer{
			Canonical: "/test/page?v=1&p=a", Redirect: ok, KeepTyped: !ok,
			Page:      func() templ.Component { return templ.Raw("page") },
			Fragments: map[string]func() templ.Component{"results": func() templ.Component { return templ.Raw("results") }},
		}
	}
	mux.HandleFunc("GET /test/page", func(w http.ResponseWriter, r *http.Request) { page.Serve(w, r, answer(r.URL.Query().Get("bad") == "")) })
	for _, c := range []struct {
		target, hxTarget string
		code             int
		body, location   string
		replaceURL       string
	}{
		{"/test/page?p=a&v=1", "", 303, "", "/test/page?v=1&p=a", ""},
		{"/test/page?v=1&p=a", "", 200, "page", "", ""},
		{"/test/page?p=a&v=1", "results", 200, "results", "", "/test/page?v=1&p=a"},
		{"/test/page?p=a&v=1&bad=1", "results", 200, "results", "", "/test/page?p=a&v=1&bad=1"},
		{"/test/page?p=a&v=1&bad=1", "", 200, "page", "", ""},
	} {
		header := []string{}
		if c.hxTarget != "" {
			header = []string{"HX-Request", "true", "HX-Target", c.hxTarget}
		}
		rec := webtest.Serve(mux, "GET", c.target, nil, header...)
		if rec.Code != c.code || rec.Header().Get("Location") != c.location || (c.body != "" && rec.Body.String() != c.body) ||
			rec.Header().Get("HX-Replace-Url") != c.replaceURL {
			t.Errorf("%s (HX-Target %q): %d %q, Location %q, HX-Replace-Url %q", c.target, c.hxTarget, rec.Code, rec.Body.String(),
				rec.Header().Get("Location"), rec.Header().Get("HX-Replace-Url"))
		}
		if c.code == 200 && rec.Header().Get("Vary") != page.PageVary {
			t.Errorf("%s: Vary %q", c.target, rec.Header().Get("Vary"))
		}
	}
}
