package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// stageInViewJS lists what of the step-through's stage is not wholly in
// the window: the step panel (with its status, so a step is showing, at
// step k when k ≥ 0) and the boundary chart.
const stageInViewJS = `(k) => {
	const wrong = [], W = innerWidth, H = innerHeight;
	if (!document.querySelector('[data-testid="step-status"]')) return "no step is showing";
	if (k >= 0 && new URLSearchParams(location.search).get("step") !== String(k)) return "at " + location.search + ", want step=" + k;
	for (const [name, sel] of [["step panel", '[data-testid="step"]'], ["boundary chart", "#chart-values svg"]]) {
		const el = document.querySelector(sel);
		if (!el) { wrong.push(name + " missing"); continue; }
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) wrong.push(name + " not drawn");
		else if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
			wrong.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + W + "×" + H + " (scrollY " + Math.round(scrollY) + ")");
	}
	return wrong.join("; ");
}`

// "Start the step-through" brings its stage into view, whether it is
// clicked with the mouse or activated from the keyboard (focus + Enter), at
// 1280×720, in English from a Chinese browser and in Chinese from an English
// one; Next and Play keep the stage in view, and the keyboard's focus stays
// in the step panel (issue 26, point 1).
func TestBrowserStepStageInView(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		for _, how := range []string{"mouse", "keyboard"} {
			t.Run(fmt.Sprintf("%s from %s by %s", c.lang, c.browser, how), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, srv)
				tb.speaks(c.browser)
				tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
				tb.open("/play?v=1&p=seed-b&speed=4&lang=" + c.lang)
				start := `a[data-testid="step-start"]`
				if how == "mouse" {
					tb.do("click Start", chromedp.Click(chromedp.CSS(start)))
				} else {
					tb.do("focus Start and press Enter", chromedp.Focus(chromedp.CSS(start)), chromedp.KeyEvent(kb.Enter))
				}
				tb.until("after Start, the stage is in view", stageInViewJS, 0)
				next := `a[data-testid="step-next"]`
				if how == "mouse" {
					tb.do("click Next", chromedp.Click(chromedp.CSS(next)))
				} else {
					tb.until("after Start, the step panel has the focus", `() => document.activeElement?.dataset.testid === "step" ? "" : "focus on " + document.activeElement?.outerHTML.slice(0, 80)`)
					tb.do("focus Next and press Enter", chromedp.Focus(chromedp.CSS(next)), chromedp.KeyEvent(kb.Enter))
				}
				tb.until("after Next, the stage is in view", stageInViewJS, 1)
				if how == "keyboard" {
					tb.until("after Next, Next has the focus again", focusJS, "step-next")
				}
				tb.do("click Play", chromedp.Click(chromedp.CSS(`button[data-testid="step-play"]`)))
				tb.until("playing, step 3 shows with the stage in view", stageInViewJS, 3)
			})
		}
	}
}
