package play_test

import (
	"gaelab/web/webtest"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A compare view's form request (htmx, HX-Target sweep-results) is answered
// with its results alone, the error summary and the links out of band, and
// the link for the address bar: the canonical one, or the link as typed when
// it has a problem; the whole page has the form wired to that target.
func TestSweepLiveFragment(t *testing.T) {
	for _, c := range []struct {
		name, target, replace, shows string
	}{
		{"variance", "/compare/variance?bias=0.5&p=seed-b&v=1", "/compare/variance?v=1&p=seed-b&bias=0.5", `[data-testid="variance-table"]`},
		{"variance, bad n", "/compare/variance?v=1&p=seed-b&n=abc", "/compare/variance?v=1&p=seed-b&n=abc", `[data-testid="variance-table"]`},
		{"lambda", "/compare/lambda?gamma=0.9&v=1&p=seed-b", "/compare/lambda?v=1&p=seed-b&gamma=0.9", "#sweep-lines"},
		{"estimators", "/compare/estimators?v=1&p=seed-b", "/compare/estimators?v=1&p=seed-b", "#est-lines"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := webtest.Get(t, c.target, "HX-Request", "true", "HX-Target", "sweep-results")
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			if got := rec.Header().Get("HX-Replace-Url"); got != c.replace {
				t.Errorf("HX-Replace-Url %q, want %q", got, c.replace)
			}
			body := rec.Body.String()
			if strings.Contains(body, "<main") || strings.Contains(body, "sweep-form") {
				t.Errorf("the answer is more than the results: %.200s", body)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if doc.Find("#sweep-results").Find(c.shows).Length() == 0 {
				t.Errorf("the results lack %s", c.shows)
			}
			for _, id := range []string{"form-errors", "sweep-links"} {
				if doc.Find("#"+id+`[hx-swap-oob="true"]`).Length() != 1 {
					t.Errorf("no out-of-band #%s", id)
				}
			}
			if bad := strings.Contains(c.name, "bad"); bad != (doc.Find(`#form-errors li[data-field="n"]`).Length() == 1) {
				t.Errorf("bad link %v, but the error summary names n: %v", bad, !bad)
			}
			form := webtest.Page(t, c.replace).Find("form#sweep-form")
			if form.AttrOr("hx-target", "") != "#sweep-results" || !strings.Contains(form.AttrOr("hx-trigger", ""), "input") {
				t.Errorf("the page's form is not live: hx-target %q, hx-trigger %q", form.AttrOr("hx-target", ""), form.AttrOr("hx-trigger", ""))
			}
		})
	}
}
