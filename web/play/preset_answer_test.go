package play_test

import (
	"gaelab/web/webtest"
	"net/url"
	"strings"
	"testing"
)

// A preset's question links to the lesson section that answers it, in the
// page's language, and hides (with its link) once the state is no longer
// that preset.
func TestPresetQuestionLinksItsAnswer(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&lang="+lang)
		a := doc.Find(`[data-testid="preset-answer"]`)
		href, _ := a.Attr("href")
		if doc.Find(`[data-testid="preset-question"]`).Length() != 1 || !strings.HasPrefix(href, "/lessons/whitening-and-masks?lang="+lang+"#") {
			t.Fatalf("%s: question %d, answer link %q", lang, doc.Find(`[data-testid="preset-question"]`).Length(), href)
		}
		_, frag, _ := strings.Cut(href, "#")
		id, _ := url.PathUnescape(frag)
		lesson := webtest.Page(t, strings.SplitN(href, "#", 2)[0])
		if h := lesson.Find(`[id="` + id + `"]`); h.Length() != 1 {
			t.Errorf("%s: the lesson has no section #%s", lang, id)
		}
		edited := webtest.Page(t, "/play?v=1&p=seed-b&lam=0.5&lang="+lang)
		if edited.Find(`[data-testid="preset-question"], [data-testid="preset-answer"]`).Length() != 0 {
			t.Errorf("%s: the question stays after the state left the preset", lang)
		}
		if edited.Find(`[data-testid="reset"]`).Length() != 1 {
			t.Errorf("%s: no Reset to the preset", lang)
		}
	}
	// A step or a selected cell is a view of the preset, not a change.
	if webtest.Page(t, "/play?v=1&p=seed-b&step=2").Find(`[data-testid="preset-answer"]`).Length() != 1 {
		t.Error("the answer link disappears while stepping through the preset")
	}
}
