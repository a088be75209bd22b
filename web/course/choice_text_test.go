package course_test

import (
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/webtest"
)

// Issue 25, error 16: a choice's reveal names the right option with its
// text, never a bare letter, and (issue 36) says why; a wrong pick's verdict does not promise a
// number; for every choice block of the course in both languages.
func TestChoiceRevealAndVerdictText(t *testing.T) {
	n := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				c := p.Choice
				if c == nil {
					continue
				}
				n++
				base := "/lessons/" + l.Slug + "/choice/" + c.ID + "?lang=" + lang + "&choice-" + c.ID
				doc := webtest.Page(t, base+"-reveal=1")
				html, _ := doc.Find(`[data-testid="reveal"] .answer`).Html()
				reveal := plainOf(html)
				// Issue 36: every choice reveal gives its reason.
				if why := strings.TrimSpace(doc.Find(`[data-testid="reveal"] p:not(.answer)`).Text()); why == "" {
					t.Errorf("%s/%s %s: the reveal gives no reason", lang, l.Slug, c.ID)
				}
				for i, o := range c.Options {
					if o.Right && !strings.Contains(reveal, plainOf(o.Text)) {
						t.Errorf("%s/%s %s: the reveal %q does not name option %c's text %q", lang, l.Slug, c.ID, reveal, 'A'+i, plainOf(o.Text))
					}
					if o.Right {
						continue
					}
					verdict := webtest.Page(t, base+"="+course.ChoiceLetters[i:i+1]).Find(`[data-testid="verdict"]`).Text()
					if verdict == "" || verdict == i18n.Lang(lang).T("predict.diagnosed") || strings.Contains(verdict, "number") || strings.Contains(verdict, "这个数") {
						t.Errorf("%s/%s %s option %c: the verdict %q speaks of a number", lang, l.Slug, c.ID, 'A'+i, verdict)
					}
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d choice blocks", n)
	}
}

// Issue 25, error 16: the quiz's score is a success (✓, green) only when
// every answer is right; "2 of 16 right" is not.
func TestQuizScoreSuccessOnlyWhenAllRight(t *testing.T) {
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons/quiz?seed=3&check=1&lang="+lang)
		score := doc.Find(`[data-testid="quiz-score"]`)
		if score.Length() != 1 {
			t.Fatalf("%s: no score", lang)
		}
		if score.HasClass("correct") {
			t.Errorf("%s: %q, with nothing answered, shows as a success", lang, score.Text())
		}
	}
}
