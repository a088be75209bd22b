package e2e

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// gaePicturesJS measures, on the GAE lesson, the two pictures issue 36 asks
// for (the weights chart of "GAE as a mix of n-step estimates" and the
// variance lab's histograms of "why λ < 1 lowers the variance") and the
// first chart against the first question, as a person sees them.
const gaePicturesJS = `(() => {
	const box = sel => {
		const el = document.querySelector(sel);
		if (!el) return null;
		const r = el.getBoundingClientRect();
		return {Top: r.top + scrollY, Left: r.left, Right: r.right, Width: r.width, Height: r.height};
	};
	const first = [...document.querySelectorAll("main figure.chart svg")].find(s => s.getBoundingClientRect().height > 0);
	const q = document.querySelector('main [data-testid="predict"], main [data-testid="choice"]');
	return JSON.stringify({
		Weights: box("#weights-mix-a svg.gae-weights"), Variance: box("#var-spread svg.gae-variance"),
		Blocks: Math.max(box("#weights-mix-a").Right, box("#var-spread").Right),
		FirstChart: first ? first.getBoundingClientRect().top + scrollY : -1,
		Question: q ? q.getBoundingClientRect().top + scrollY : -1,
		Viewport: innerWidth,
	});
})()`

type gaeBox struct{ Top, Left, Right, Width, Height float64 }

// Issue 36, "the GAE lesson teaches in place": its weights chart and its
// variance histograms are drawn whole inside the page's width at 1280×720
// and 375×812 (their blocks too: the table scrolls inside its own box), a
// chart is drawn above the first question, and axe-core finds no serious or critical violation; in
// both languages, each from a browser speaking the other. One load per
// language.
func TestBrowserGAELessonPictures(t *testing.T) {
	t.Parallel()
	axe := axeSource(t)
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			for i, size := range []struct{ w, h int64 }{{1280, 720}, {375, 812}} {
				tb.do("size the window", chromedp.EmulateViewport(size.w, size.h))
				if i == 0 {
					tb.open("/lessons/gae?lang=" + c.lang)
				}
				var m struct {
					Weights, Variance    *gaeBox
					FirstChart, Question float64
					Viewport, Blocks     float64
				}
				if err := json.Unmarshal([]byte(eval[string](tb, gaePicturesJS)), &m); err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("gae %s at %d px", c.lang, size.w)
				for _, p := range []struct {
					name string
					b    *gaeBox
				}{{"the weights chart", m.Weights}, {"the variance histograms", m.Variance}} {
					if p.b == nil {
						t.Errorf("%s: %s is missing", where, p.name)
						continue
					}
					t.Logf("%s: %s at y = %.0f, x %.0f…%.0f, %.0f × %.0f", where, p.name, p.b.Top, p.b.Left, p.b.Right, p.b.Width, p.b.Height)
					if p.b.Height < 40 || p.b.Left < 0 || p.b.Right > m.Viewport+0.5 {
						t.Errorf("%s: %s is not drawn whole: x %.0f…%.0f in a %.0f px window, %.0f px tall", where, p.name, p.b.Left, p.b.Right, m.Viewport, p.b.Height)
					}
				}
				if m.FirstChart < 0 || m.Question < 0 || m.FirstChart > m.Question {
					t.Errorf("%s: the first chart at y = %.0f, the first question at y = %.0f: no chart before the question", where, m.FirstChart, m.Question)
				}
				if m.Blocks > m.Viewport+1 {
					t.Errorf("%s: the two blocks reach x = %.0f in a %.0f px window", where, m.Blocks, m.Viewport)
				}
				tb.axeFails(axe, where, i == 1, c.lang != "en")
			}
		})
	}
}
