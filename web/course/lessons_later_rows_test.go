package course_test

import (
	"slices"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/webtest"
)

// Issue 25, Order: each widget shows the rows taught so far and keeps the
// others in the page, collapsed. On every lesson page in both languages,
// every row a widget names is in the page at most once (a later one
// exactly once), those a later lesson
// teaches (Scenario.Later) only inside the widget's closed "later rows"
// details, the others in its open table; and a row is collapsed in the
// lesson before the one that teaches it (ppo-step's whitened advantage)
// but not in that lesson (whitening-and-masks).
func TestWidgetsShowRowsTaughtSoFar(t *testing.T) {
	collapsed := map[string][]string{} // lesson → rows some widget collapses
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			doc := webtest.Page(t, "/lessons/"+l.Slug+"?lang="+lang)
			for _, p := range l.Parts {
				s := p.Scenario
				if s == nil {
					continue
				}
				w := doc.Find("section#" + s.ID)
				later := w.Find(`details[data-testid="later-rows"]`)
				if len(s.Later) > 0 && (later.Length() != 1 || later.Is("[open]")) {
					t.Errorf("%s/%s %s: rows %v not in one closed details", lang, l.Slug, s.ID, s.Later)
				}
				for _, r := range s.Rows {
					all, inLater := w.Find(`tr[data-row="`+r+`"]`), later.Find(`tr[data-row="`+r+`"]`)
					if all.Length() > 1 || (all.Length() == 0 && slices.Contains(s.Later, r)) {
						t.Errorf("%s/%s %s: row %s in the page %d times, want once", lang, l.Slug, s.ID, r, all.Length())
					}
					if want := slices.Contains(s.Later, r); (inLater.Length() == 1) != want {
						t.Errorf("%s/%s %s: row %s collapsed %v, want %v", lang, l.Slug, s.ID, r, inLater.Length() == 1, want)
					}
					if inLater.Length() == 1 {
						collapsed[l.Slug] = append(collapsed[l.Slug], r)
					}
				}
				later.Find("td").Each(func(_ int, c *goquery.Selection) {
					if c.Text() == "" {
						t.Errorf("%s/%s %s: an empty cell in the later rows", lang, l.Slug, s.ID)
					}
				})
			}
		}
	}
	if !slices.Contains(collapsed["ppo-step"], "white") {
		t.Errorf("ppo-step shows the whitened advantage before whitening-and-masks teaches it")
	}
	if slices.Contains(collapsed["whitening-and-masks"], "white") {
		t.Errorf("whitening-and-masks collapses the row it teaches")
	}
}
