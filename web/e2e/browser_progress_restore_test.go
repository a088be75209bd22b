package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/lessons"
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

// keptJS reports whether the browser's stored progress holds a box's bit.
const keptJS = `(id) => {
	const bit = +document.getElementById(id).dataset.progressBit;
	let b64 = (localStorage.getItem("gaelab.progress") || "1").slice(1).replace(/-/g, "+").replace(/_/g, "/");
	while (b64.length % 4) b64 += "=";
	const bin = atob(b64);
	return ((bin.charCodeAt(bit >> 3) || 0) >> (bit & 7)) & 1 ? "" : "bit " + bit + " not kept";
}`

// A learner answers a question rightly in Chinese (from an English-locale
// browser), and picks a choice rightly, then reloads: the box shows its answer again, marked answered,
// in Chinese, restored from the browser's stored progress; a question not
// answered stays blank. The server's page is the same for everyone.
func TestBrowserProgressRestoresAnsweredBlocks(t *testing.T) {
	t.Parallel()
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
	tb.until("the answer is kept", keptJS, id)

	tb.open(path)
	if got := eval[string](tb, `document.documentElement.lang`); got != "zh" {
		t.Fatalf("the reloaded page is in %q", got)
	}
	tb.until("the reloaded box shows its answered state", answeredJS, id, i18n.Zh.T("progress.answered"))
	if other != "" {
		tb.until("an unanswered box stays blank", answeredJS, other, "")
	}
	if c, lesson := firstChoice(t); c != nil {
		cid, cpath := "choice-"+c.ID, "/lessons/"+lesson+"?lang=zh"
		right := ""
		for i, o := range c.Options {
			if o.Right {
				right = string(rune('a' + i))
			}
		}
		tb.open(cpath)
		tb.do("pick the right option", chromedp.Click(chromedp.CSS("#"+cid+` input[value="`+right+`"]`)),
			chromedp.Click(chromedp.CSS("#"+cid+" button.primary")))
		tb.until("the pick is accepted", verdictJS, cid, true, true)
		tb.until("the pick is kept", keptJS, cid)
		tb.open(cpath)
		tb.until("the reloaded choice shows its answered state", answeredJS, cid, i18n.Zh.T("progress.answered"))
	}
	if page := get(t, path); page.Code != 200 || strings.Contains(page.Body.String(), `data-testid="reveal"`) {
		t.Errorf("the server's page shows a reveal without an answer in its link (%d)", page.Code)
	}
}

// firstChoice is the course's first choice block and its lesson's slug.
func firstChoice(t *testing.T) (*lessons.Choice, string) {
	t.Helper()
	for _, l := range embeddedCourse(t).Lessons("en") {
		for _, p := range l.Parts {
			if p.Choice != nil {
				return p.Choice, l.Slug
			}
		}
	}
	return nil, ""
}
