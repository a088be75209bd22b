package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/lessons"
	"gaelab/web/course"
)

// verdictJS reports what differs from the expected state of a predict box.
const verdictJS = `(id, correct, revealed) => {
	const box = document.getElementById(id);
	if (!box) return "no box " + id;
	const v = box.querySelector('[data-testid="verdict"]');
	if (!v) return "no verdict yet";
	if (v.classList.contains("correct") !== correct) return "verdict " + v.textContent;
	if ((box.querySelector('[data-testid="reveal"]') !== null) !== revealed) return "reveal shown: " + !revealed;
	return "";
}`

// A learner answers a predict box wrongly, then rightly, and sees the reveal.
func TestBrowserPredictWrongThenRight(t *testing.T) {
	t.Parallel()
	l, q, want := firstNumberPredict(t)
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/lessons/" + l.Slug + "?lang=en")
	id := "predict-" + q.ID
	input := "#" + id + "-answer"
	answer := func(x float64) {
		tb.do("type "+strconv.FormatFloat(x, 'f', 4, 64),
			chromedp.Clear(chromedp.CSS(input)), chromedp.SendKeys(chromedp.CSS(input), strconv.FormatFloat(x, 'f', 4, 64)),
			chromedp.Click(chromedp.CSS("#"+id+" button.primary")))
	}
	answer(want + 1)
	tb.until("a wrong answer is refused without revealing", verdictJS, id, false, false)
	answer(want)
	tb.until("the right answer is accepted and revealed", verdictJS, id, true, true)
}

// A lesson works with JavaScript off: the predict form reloads the page
// with the verdict and the reveal.
func TestBrowserLessonWithoutJavaScript(t *testing.T) {
	t.Parallel()
	l, q, want := firstNumberPredict(t)
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.scriptsOff()
	tb.open("/lessons/" + l.Slug + "?lang=en")
	id := "predict-" + q.ID
	input := "#" + id + "-answer"
	if _, err := chromedp.RunResponse(tb.ctx, chromedp.Clear(chromedp.CSS(input)),
		chromedp.SendKeys(chromedp.CSS(input), strconv.FormatFloat(want, 'f', 4, 64)),
		chromedp.Click(chromedp.CSS("#"+id+" button.primary"))); err != nil {
		t.Fatalf("submit the answer: %v", err)
	}
	tb.until("the page reloads with the verdict and the reveal", verdictJS, id, true, true)
}

// A learner gives an anticipated wrong answer and reads its diagnosis; then
// shows the answer, and the widget under the question uncovers the cell it
// hid (htmx brings it along out of band).
func TestBrowserDiagnosisThenReveal(t *testing.T) {
	t.Parallel()
	var l *lessons.Lesson
	var q *lessons.Predict
	var under *lessons.Scenario
	var wrong string
	for _, x := range embeddedCourse(t).Lessons("en") {
		for _, p := range x.Parts {
			if s := p.Scenario; s != nil && course.HiddenBy(x, s) != nil && q == nil {
				for _, d := range course.HiddenBy(x, s).Wrong {
					if _, _, ref := lessons.ParseRef(d.Answer); !ref && course.HiddenBy(x, s).Kind == "number" {
						l, q, under, wrong = x, course.HiddenBy(x, s), s, d.Answer
						break
					}
				}
			}
		}
	}
	if q == nil {
		t.Fatal("no number question with a literal diagnosed answer above a widget")
	}
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/lessons/" + l.Slug + "?lang=en")
	id := "predict-" + q.ID
	tb.do("type the anticipated wrong answer",
		chromedp.SendKeys(chromedp.CSS("#"+id+"-answer"), wrong),
		chromedp.Click(chromedp.CSS("#"+id+" button.primary")))
	tb.until("the diagnosis shows", `(id) => document.querySelector("#" + id + ' [data-testid="diagnosis"]') ? "" : "no diagnosis"`, id)
	tb.do("show the answer", chromedp.Click(chromedp.CSS("#"+id+" button.secondary")))
	tb.until("the widget under it uncovers its cells", `(id) => document.querySelector("#" + id + " .hidden-cell") ? "still hidden" : ""`, under.ID)
}
