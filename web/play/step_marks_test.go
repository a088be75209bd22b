package play_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/webtest"
)

// stepMarks are the marks a step moves, by id: the boundary chart's rings,
// the written Aₜ's outline and the table cells the step reads or writes,
// each with the attributes that place it.
func stepMarks(t *testing.T, doc *goquery.Document, target string) map[string]string {
	t.Helper()
	marks := map[string]string{}
	doc.Find("#chart-values circle.step-read, #chart-advantages rect.step-write, .token-table td.step-read, .token-table td.step-write").Each(func(_ int, s *goquery.Selection) {
		id := s.AttrOr("id", "")
		if id == "" {
			t.Errorf("%s: a moving mark <%s class=%q> has no id", target, goquery.NodeName(s), s.AttrOr("class", ""))
			return
		}
		var at []string
		for _, a := range []string{"cx", "cy", "x", "y", "width", "height", "class"} {
			at = append(at, s.AttrOr(a, ""))
		}
		marks[id] = strings.Join(at, " ")
	})
	return marks
}

// Between two steps of the playground's step-through the marks that move
// keep their ids (issue 35: so that htmx starts them where the last step
// had them and CSS moves them): the two rings and the written Aₜ's outline
// are in both frames under the same ids, in other places; and without
// JavaScript every step is a link: Next and Back are <a href> to the
// neighbouring step's stage, and following Next as a plain GET (no htmx)
// answers the whole page at that step.
func TestStepMarksKeepTheirIDs(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		at := "/play?v=1&p=seed-b&step=2&lang=" + lang
		doc := webtest.Page(t, at)
		next, ok := doc.Find(`a[data-testid="step-next"]`).Attr("href")
		if !ok || !strings.Contains(next, "step=3") || !strings.HasSuffix(next, "#results") {
			t.Fatalf("%s: Next is %q (a link: %v), want a link to step=3's #results", at, next, ok)
		}
		if back, _ := doc.Find(`a[data-testid="step-back"]`).Attr("href"); !strings.Contains(back, "step=1") {
			t.Errorf("%s: Back is %q, want a link to step=1", at, back)
		}
		rec := webtest.Get(t, strings.TrimSuffix(next, "#results"))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<html") {
			t.Fatalf("GET %s without htmx: %d, a whole page: %v", next, rec.Code, strings.Contains(rec.Body.String(), "<html"))
		}
		then := webtest.Doc(t, rec.Body.String())
		if s := then.Find(`[data-testid="step-status"]`).Text(); !strings.Contains(s, "3") {
			t.Errorf("%s: the step's status %q does not name step 3", next, s)
		}
		before, after := stepMarks(t, doc, at), stepMarks(t, then, next)
		moved := 0
		for _, id := range []string{"gae-values-read-0", "gae-values-read-1", "gae-advantages-write"} {
			b, okB := before[id]
			a, okA := after[id]
			switch {
			case !okB || !okA:
				t.Errorf("%s: mark #%s at step 2: %v, at step 3: %v; want it in both frames (marks %v → %v)", at, id, okB, okA, keys(before), keys(after))
			case a != b:
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("%s: no mark moved between steps 2 and 3: %v", at, before)
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
