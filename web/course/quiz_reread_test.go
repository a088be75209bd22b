package course_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/webtest"
)

// Issue 36: the final test's results end with the lessons to reread, each
// once, in course order; none before the answers are checked.
func TestQuizResultsEndWithLessonsToReread(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/lessons/quiz?bank=2&seed=3&check=1&lang="+lang) // every answer empty: all wrong
		var wrong []string
		seen := map[string]bool{}
		doc.Find(`[data-testid="quiz-item"]`).Each(func(_ int, q *goquery.Selection) {
			href, _ := q.Find(`[data-testid="section"]`).Attr("href")
			slug, _, _ := strings.Cut(strings.TrimPrefix(href, "/lessons/"), "?")
			if slug != "" && !seen[slug] {
				seen[slug] = true
				wrong = append(wrong, slug)
			}
		})
		reread := doc.Find(`[data-testid="reread"] a`)
		if len(wrong) == 0 || reread.Length() != len(wrong) {
			t.Fatalf("%s: %d lessons to reread for %d lessons with wrong answers", lang, reread.Length(), len(wrong))
		}
		if doc.Find(`form + [data-testid="reread"]`).Length() != 1 {
			t.Errorf("%s: the reread list is not after the results", lang)
		}
		if webtest.Page(t, "/lessons/quiz?bank=2&seed=3&lang="+lang).Find(`[data-testid="reread"]`).Length() != 0 {
			t.Errorf("%s: a reread list before the answers are checked", lang)
		}
	}
}
