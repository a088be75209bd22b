package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
)

// widgetTablesJS checks every table of every lesson widget on the page: it
// fits its widget, or it sits in a box that scrolls sideways and shows that
// it does (a scrollbar that takes room, and the edge shadow that says more
// is hidden on that side); and no cell clips its text. It returns the
// problems, the number of tables and of tables that scroll.
const widgetTablesJS = `(() => {
	const out = {tables: 0, scrolling: 0, problems: []};
	const px = v => parseFloat(v) || 0;
	for (const w of document.querySelectorAll(".widget")) {
		for (const table of w.querySelectorAll("table")) {
			if (table.getClientRects().length === 0) continue;
			out.tables++;
			const name = (w.id || "widget") + " (" + (table.querySelector("caption")?.textContent.trim() ?? "") + ")";
			let box = table.parentElement;
			while (box !== w && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
			const wr = w.getBoundingClientRect(), br = box.getBoundingClientRect();
			if (br.right > wr.right + 1 || wr.right > innerWidth + 1) {
				out.problems.push(name + ": its box ends at x = " + br.right.toFixed(1) + ", its widget at " + wr.right.toFixed(1) + ", the viewport at " + innerWidth);
			}
			if (box.scrollWidth > box.clientWidth + 1) {
				out.scrolling++;
				const cs = getComputedStyle(box);
				if (box === w) {
					out.problems.push(name + ": " + box.scrollWidth + " px wide in a widget of " + box.clientWidth + " px that does not scroll");
				}
				// The test's chromium hides scrollbars (chromedp.Headless sets
				// --hide-scrollbars), so the bar's room is read from the style
				// the page gives it, which a learner's browser draws.
				const bar = px(getComputedStyle(box, "::-webkit-scrollbar").height);
				if (bar < 6) {
					out.problems.push(name + ": scrolls sideways (" + box.scrollWidth + " of " + box.clientWidth + " px) with a scrollbar of " + bar + " px");
				}
				if (!cs.backgroundAttachment.includes("local") || !cs.backgroundImage.includes("gradient")) {
					out.problems.push(name + ": scrolls sideways without an edge shadow (background " + cs.backgroundImage.slice(0, 60) + ", attachment " + cs.backgroundAttachment + ")");
				}
			}
			for (const c of table.querySelectorAll("th, td, td button")) {
				if (c.getClientRects().length === 0) continue;
				if (c.scrollWidth > c.clientWidth + 1) {
					out.problems.push(name + ": the cell " + JSON.stringify(c.textContent.trim()) + " clips its text (" + c.scrollWidth + " of " + c.clientWidth + " px)");
				}
			}
		}
	}
	return JSON.stringify(out);
})()`

// No table in a lesson widget cuts a number (issue 12): in every lesson, in
// both languages, at 1280×720 and on a 375 px phone, each widget table fits
// its widget or scrolls sideways visibly (a scrollbar with room of its own
// and an edge shadow while more is hidden), and no cell clips its text.
// Every lesson page also passes axe-core there, without a serious or
// critical violation (course 3.0's "axe on every lesson page"), and each of
// chartLessons draws its charts (checkLessonCharts). Each lesson is loaded
// once per language, from a browser speaking the other (zh from en-US, en
// from zh-CN), and measured at both sizes in that one load. (It is also
// the axe check of issue 12's "charts fixed" lesson, scores-and-rewards,
// whose page ?v=1 does not change.)
func TestBrowserLessonTablesFit(t *testing.T) {
	t.Parallel()
	only := os.Getenv("ONLY_LESSON") // a slug: check that lesson only (while fixing it); unset: every lesson
	axe := axeSource(t)
	srv := playServer(t)
	doc := getPage(t, "/lessons?lang=en")
	var slugs []string
	seen := map[string]bool{}
	doc.Find(`a[href^="/lessons/"]`).Each(func(_ int, a *goquery.Selection) {
		href := a.AttrOr("href", "")
		slug, _, _ := strings.Cut(strings.TrimPrefix(href, "/lessons/"), "?")
		if slug != "" && slug != "quiz" && !strings.Contains(slug, "/") && !seen[slug] && (only == "" || only == slug) {
			seen[slug] = true
			slugs = append(slugs, slug)
		}
	})
	if len(slugs) < 12 && only == "" {
		t.Fatalf("%d lessons on /lessons, want ≥ 12: %v", len(slugs), slugs)
	}
	charted := 0
	for _, slug := range chartLessons {
		if seen[slug] {
			charted++
		} else if only == "" {
			t.Errorf("the chart lesson %s is not on /lessons: its charts go unchecked", slug)
		}
	}
	var tables, scrolling, chartChecks atomic.Int64
	// The group returns when both languages have. Each language checks its
	// lessons one after another in one tab: each new tab is a new renderer,
	// which parses and warms axe-core up again (about 1–3 s), where a tab's
	// next page costs a tenth of that.
	t.Run("lessons", func(t *testing.T) {
		for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
			t.Run(c.lang, func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, srv)
				tb.speaks(c.browser)
				for _, slug := range slugs {
					t.Run(slug, func(t *testing.T) {
						defer tb.in(t)()
						path := "/lessons/" + slug + "?lang=" + c.lang
						// One load, measured at both sizes: the measurement reads
						// the layout, which the new viewport recomputes (media
						// queries included) before any script reads a box.
						for i, size := range []struct{ w, h int64 }{{1280, 720}, {375, 812}} {
							tb.do("size the window", chromedp.EmulateViewport(size.w, size.h))
							if i == 0 {
								tb.open(path)
							}
							where := fmt.Sprintf("%s at %d px", path, size.w)
							if slices.Contains(chartLessons, slug) {
								checkLessonCharts(tb, where, size.w)
								chartChecks.Add(1)
							}
							var m struct {
								Tables, Scrolling int
								Problems          []string
							}
							if err := json.Unmarshal([]byte(eval[string](tb, widgetTablesJS)), &m); err != nil {
								t.Fatal(err)
							}
							tables.Add(int64(m.Tables))
							scrolling.Add(int64(m.Scrolling))
							for _, p := range m.Problems {
								t.Errorf("%s: %s", where, p)
							}
							tb.axeFails(axe, where, i == 1, c.lang != "en")
						}
					})
				}
			})
		}
	})
	t.Logf("%d lessons × 2 languages × 2 sizes: %d widget tables, %d of them scroll sideways; %d chart checks",
		len(slugs), tables.Load(), scrolling.Load(), chartChecks.Load())
	if tables.Load() == 0 {
		t.Fatal("no widget table measured")
	}
	if want := int64(charted * 2 * 2); chartChecks.Load() != want {
		t.Errorf("%d chart checks, want %d (%d chart lessons × 2 languages × 2 sizes)", chartChecks.Load(), want, charted)
	}
}
