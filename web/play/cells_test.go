package play_test

import (
	"gaelab/web/webtest"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// submitCell is the link a click on a cell's button opens without
// JavaScript: its form's inputs in order, then the button's name=value
// (without the action's #fragment).
func submitCell(t *testing.T, doc *goquery.Document, button *goquery.Selection) string {
	t.Helper()
	formID, _ := button.Attr("form")
	form := doc.Find("form#" + formID)
	if formID == "" || form.Length() != 1 {
		t.Fatalf("the cell's button submits no form (form=%q)", formID)
	}
	action, _ := form.Attr("action")
	action, _, _ = strings.Cut(action, "#") // the fragment only scrolls to the formula
	var q []string
	form.Find("input").Each(func(_ int, in *goquery.Selection) {
		name, _ := in.Attr("name")
		val, _ := in.Attr("value")
		q = append(q, url.QueryEscape(name)+"="+url.QueryEscape(val))
	})
	if name, ok := button.Attr("name"); ok {
		val, _ := button.Attr("value")
		q = append(q, url.QueryEscape(name)+"="+url.QueryEscape(val))
	}
	return action + "?" + strings.Join(q, "&")
}

// Selecting a cell (issue 26, point 4) opens the same link with sel= added:
// a v=1 link stays v=1, nothing is marked as changed from the preset and
// the results' heading keeps the link's release label, without JavaScript
// (the redirect to the canonical link) and with htmx (the fragment and the
// address bar's link). Selecting it again closes the formula.
func TestPlayCellSelectKeepsLink(t *testing.T) {
	for _, c := range []struct{ lang, start, want string }{
		// Like every form of the page, the cells form carries the page's language.
		{"en", "/play?v=1&p=seed-b", "/play?v=1&p=seed-b&sel=delta.2&lang=en"},
		{"zh", "/play?v=1&p=seed-b", "/play?v=1&p=seed-b&sel=delta.2&lang=zh"},
		{"en", "/play?v=1&p=seed-b&lang=zh", "/play?v=1&p=seed-b&sel=delta.2&lang=zh"},
	} {
		lang, start, want := c.lang, c.start, c.want
		doc := webtest.Page(t, start, "Accept-Language", lang)
		heading := doc.Find("#results-heading").Text()
		button := doc.Find(`tr[data-row="delta"] td`).Eq(2).Find("button")
		if button.Length() != 1 {
			t.Fatalf("%s: δ₂ has no button", lang)
		}
		link := submitCell(t, doc, button)

		rec := webtest.Get(t, link, "Accept-Language", lang) // without JavaScript
		opened := link
		if rec.Code == http.StatusSeeOther {
			opened = rec.Header().Get("Location")
		}
		if opened != want {
			t.Errorf("%s: a click on δ₂ opens %s (answer %d), want %s", lang, opened, rec.Code, want)
		}
		picked := webtest.Page(t, want, "Accept-Language", lang)
		checkPicked(t, lang+" page", picked, heading)

		rec = webtest.Get(t, link, "Accept-Language", lang, "HX-Request", "true", "HX-Target", "results") // htmx
		if got := rec.Header().Get("HX-Replace-Url") + rec.Header().Get("HX-Push-Url"); got != want {
			t.Errorf("%s: htmx's address bar gets %q, want %s", lang, got, want)
		}
		frag, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		checkPicked(t, lang+" fragment", frag, heading)

		// The selected cell and the formula's close button open the link without sel=.
		for _, b := range []*goquery.Selection{picked.Find(`tr[data-row="delta"] td`).Eq(2).Find("button"), picked.Find(`[data-testid="formula"] button`)} {
			if got := submitCell(t, picked, b); !strings.HasPrefix(got, "/play?v=1&p=seed-b&") && got != "/play?v=1&p=seed-b" || strings.Contains(got, "sel=") {
				t.Errorf("%s: closing the formula opens %s", lang, got)
			}
		}
	}
}

func checkPicked(t *testing.T, what string, doc *goquery.Document, heading string) {
	t.Helper()
	if doc.Find(`[data-testid="formula"]`).Length() != 1 {
		t.Errorf("%s: no formula for the selected cell", what)
	}
	if doc.Find(`[data-testid="changed"]`).Length() != 0 {
		t.Errorf("%s: selecting a cell marks the state as changed from the preset", what)
	}
	if got := doc.Find("#results-heading").Text(); got != heading {
		t.Errorf("%s: heading %q, was %q before selecting a cell", what, got, heading)
	}
}
