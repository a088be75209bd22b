package e2e

import (
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// courseStateJS reports what differs from a lesson's expected state on the course map.
const courseStateJS = `(slug, want) => {
	const a = document.querySelector('[data-testid="lesson-list"] a[href^="/lessons/' + slug + '?"]');
	if (!a) return "no lesson " + slug;
	const li = a.closest("li");
	const label = li.querySelector('[data-testid="lesson-state"]').textContent.trim();
	return li.dataset.state === want[0] && label === want[1] ? "" : "state " + li.dataset.state + " «" + label + "»";
}`

// freshTab opens a tab in a new browser context: a profile of its own,
// with no cookies and no localStorage, as on another device.
func freshTab(t *testing.T, base string) *tab {
	t.Helper()
	useBrowser(t)
	return openTab(t, nil, base, " (fresh profile)")
}

// A learner answers a question; the course map then says the lesson is in
// progress. Its progress link, opened in a fresh profile, restores that,
// and the fresh browser keeps it; a link with a lesson finished marks it
// done.
func TestBrowserProgressCourseMap(t *testing.T) {
	t.Parallel()
	l, q, want := firstNumberPredict(t)
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/lessons?lang=en")
	tb.until("the lesson starts not started", courseStateJS, l.Slug, []string{"new", "not started"})

	tb.open("/lessons/" + l.Slug + "?lang=en")
	id := "predict-" + q.ID
	tb.do("answer rightly",
		chromedp.SendKeys(chromedp.CSS("#"+id+"-answer"), strconv.FormatFloat(want, 'f', 4, 64)),
		chromedp.Click(chromedp.CSS("#"+id+" button.primary")))
	tb.until("the answer is accepted", verdictJS, id, true, true)
	tb.until("the answer is kept", `() => (localStorage.getItem("gaelab.progress") || "1") !== "1" ? "" : "nothing kept"`)

	tb.open("/lessons?lang=en")
	tb.until("the course map says in progress", courseStateJS, l.Slug, []string{"doing", "in progress"})
	share := eval[string](tb, `document.querySelector("[data-progress-share]").getAttribute("href")`)
	u, err := url.Parse(share)
	if err != nil || u.Path != "/lessons" || u.Query().Get("progress") == "" {
		t.Fatalf("the progress link is %q", share)
	}
	bit, err := strconv.Atoi(getPage(t, "/lessons/"+l.Slug+"?lang=en").Find("#predict-"+q.ID).AttrOr("data-progress-bit", ""))
	if err != nil {
		t.Fatalf("the question %s has no progress bit: %v", q.ID, err)
	}
	p, err := progressBits(u.Query().Get("progress"))
	if err != nil || !p[bit] {
		t.Fatalf("the progress link %q does not hold the answered question's bit %d (%v, %v)", share, bit, p, err)
	}

	other := freshTab(t, srv.URL)
	other.open("/lessons?lang=en")
	other.until("a fresh profile has no progress", courseStateJS, l.Slug, []string{"new", "not started"})
	other.open(share)
	other.until("the link restores the progress", courseStateJS, l.Slug, []string{"doing", "in progress"})
	other.open("/lessons?lang=en")
	other.until("the fresh profile keeps it", courseStateJS, l.Slug, []string{"doing", "in progress"})

	other.open("/lessons?lang=en&progress=" + progressCode(lessonDoneBits(t, l.Slug)))
	other.open("/lessons?lang=zh")
	other.until("a finished lesson is done, in Chinese too", courseStateJS, l.Slug, []string{"done", "已完成"})
}

// Reading a lesson to its end marks it read: in progress on the map.
func TestBrowserProgressLessonRead(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := freshTab(t, srv.URL)
	slug := embeddedCourse(t).Lessons("en")[0].Slug
	tb.open("/lessons/" + slug + "?lang=en")
	tb.do("scroll to the end", chromedp.ScrollIntoView(chromedp.CSS("nav.prev-next")))
	tb.until("the lesson is kept as read", `() => (localStorage.getItem("gaelab.progress") || "1") !== "1" ? "" : "nothing kept"`)
	tb.open("/lessons?lang=en")
	tb.until("the course map says in progress", courseStateJS, slug, []string{"doing", "in progress"})
}
