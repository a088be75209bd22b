package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web/i18n"
)

// answeredJS reports what differs from a box restored as answered right:
// its reveal shown and the stored-progress mark reading label; or, with
// label "", a box left blank.
const answeredJS = `(id, label) => {
	const box = document.getElementById(id);
	if (!box) return "no box " + id;
	const mark = box.querySelector('[data-testid="progress-answered"]');
	const reveal = box.querySelector('[data-testid="reveal"]');
	if (label === "") return mark || reveal ? "a blank box shows an answered state" : "";
	if (!reveal) return "no reveal";
	if (!mark) return "no answered mark";
	return mark.textContent.trim() === label ? "" : "mark «" + mark.textContent + "»";
}`

// A learner answers a question rightly in Chinese (from an English-locale
// browser), then reloads: the box shows its answer again, marked answered,
// in Chinese, restored from the browser's stored progress; a question not
// answered stays blank. The server's page is the same for everyone.
func TestBrowserProgressRestoresAnsweredBlocks(t *testing.T) {
	l, q, want := firstNumberPredict(t)
	other := ""
	for _, p := range l.Parts {
		if p.Predict != nil && p.Predict != q {
			other = "predict-" + p.Predict.ID
			break
		}
	}
	srv := playServer(t)
	tb := freshTab(t, srv.URL)
	path := "/lessons/" + l.Slug + "?lang=zh"
	tb.open(path)
	id := "predict-" + q.ID
	tb.until("a new profile shows the box blank", answeredJS, id, "")
	tb.do("answer rightly",
		chromedp.SendKeys(chromedp.CSS("#"+id+"-answer"), strconv.FormatFloat(want, 'f', 4, 64)),
		chromedp.Click(chromedp.CSS("#"+id+" button.primary")))
	tb.until("the answer is accepted", verdictJS, id, true, true)
	tb.until("the answer is kept", `() => (localStorage.getItem("gaelab.progress") || "1") !== "1" ? "" : "nothing kept"`)

	tb.open(path)
	if got := eval[string](tb, `document.documentElement.lang`); got != "zh" {
		t.Fatalf("the reloaded page is in %q", got)
	}
	tb.until("the reloaded box shows its answered state", answeredJS, id, i18n.Zh.T("progress.answered"))
	if other != "" {
		tb.until("an unanswered box stays blank", answeredJS, other, "")
	}
	if page := get(t, path); page.Code != 200 || strings.Contains(page.Body.String(), `data-testid="reveal"`) {
		t.Errorf("the server's page shows a reveal without an answer in its link (%d)", page.Code)
	}
}
