package e2e

import (
	"flag"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// presentStepJS lists what of a step frame in presentation mode is not
// wholly on the screen: the step panel (its status, its lines, its
// controls and speeds), the table cells the step reads and writes, the
// boundary chart with the two boundaries it rings, and the advantages chart
// with the A_t it writes; the panel and the charts must not overlap, the
// page must not scroll, and every chart label must render at minLabel px or
// more (font size × the SVG's scale), and each chart's plot area must be
// minPlot px tall or more (plotAreaJS).
const presentStepJS = `(minLabel, minPlot) => {
	const wrong = [], W = innerWidth, H = innerHeight;
	const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	if (document.body.dataset.present !== "1") wrong.push("not in presentation mode");
	if (scrollY !== 0) wrong.push("scrolled to " + scrollY);
	if (document.documentElement.scrollWidth > W + 1) wrong.push("page is " + document.documentElement.scrollWidth + " px wide");
	const parts = {
		"step panel": '[data-testid="step"]', "step status": '[data-testid="step-status"]',
		"step lines": '[data-testid="step"] li', "step controls": ".step-controls", "speeds": '[data-testid="step-speed"]',
		"written cells": ".token-table td.step-write", "read cells": ".token-table td.step-read",
		"boundary chart": "#chart-values svg", "ringed boundaries": "#chart-values svg .step-read",
		"advantages chart": "#chart-advantages svg", "written A_t": "#chart-advantages svg .step-write",
	};
	const box = {};
	for (const [name, sel] of Object.entries(parts)) {
		const els = [...document.querySelectorAll(sel)].filter(shown);
		if (!els.length) { wrong.push(name + " missing"); continue; }
		for (const el of els) {
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) { wrong.push(name + " not drawn"); break; }
			if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) {
				wrong.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + W + "×" + H);
				break;
			}
		}
		box[name] = els[0].getBoundingClientRect();
	}
	const overlap = (a, b) => a && b && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	for (const [a, b] of [["step panel", "boundary chart"], ["step panel", "advantages chart"], ["boundary chart", "advantages chart"], ["step panel", "written cells"]]) {
		if (overlap(box[a], box[b])) wrong.push(a + " overlaps " + b);
	}
	let least = 1e9;
	for (const t of document.querySelectorAll("#chart-values svg text, #chart-advantages svg text")) {
		if (!t.textContent.trim() || !shown(t)) continue;
		const m = t.getScreenCTM();
		least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
	}
	if (least < minLabel) wrong.push("a chart label renders at " + least.toFixed(1) + " px < " + minLabel);
	const flat = (` + plotAreaJS + `)(minPlot);
	if (flat) wrong.push(flat);
	return wrong.join("; ");
}`

// plotAreaJS lists the playground's charts (the boundary chart and, when
// it shows, the advantages chart) whose plot area is drawn less than minH
// px tall: the union of the token columns' highlight rects (.hl-cols rect,
// which span the data area's height), not the SVG's box, which letterboxes
// a chart drawn short and wide (issue 35: at 1280×720 in the step frame the
// boundary chart's SVG was 376×390 px and its plot 142×51).
const plotAreaJS = `(minH) => {
	const wrong = [];
	for (const id of ["chart-values", "chart-advantages"]) {
		const svg = document.querySelector("#" + id + " svg");
		if (!svg || !svg.getClientRects().length) continue;
		let top = 1e9, bottom = -1e9, left = 1e9, right = -1e9;
		for (const r of svg.querySelectorAll(".hl-cols rect")) {
			const b = r.getBoundingClientRect();
			top = Math.min(top, b.top); bottom = Math.max(bottom, b.bottom);
			left = Math.min(left, b.left); right = Math.max(right, b.right);
		}
		if (bottom < top) { wrong.push(id + "'s plot area missing"); continue; }
		if (bottom - top < minH - 0.5) wrong.push(id + "'s plot area is " + Math.round(right - left) + "×" + Math.round(bottom - top) + " px, want ≥ " + minH + " px tall");
	}
	return wrong.join("; ");
}`

// In presentation mode a step frame fits the projector's screen at
// 1920×1080 and 1280×720, in English and Chinese, light and dark, for a
// short response and for a window of a long one: the step panel, the step's
// table cells, the boundary chart ringing the two values the step reads and
// the advantages chart filling from the right are all wholly visible, side
// by side, with chart labels of at least 16 px (1280) or 20 px (1920), and
// each chart's plot area at least a sixth of the screen tall (120 px at
// 1280×720, 180 at 1920×1080; on main before issue 35's fix the boundary
// chart's was 51 px at 1280), in English from a Chinese browser and in
// Chinese from an English one.
func TestBrowserPresentStepFrame(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, size := range []struct {
		w, h     int
		minLabel float64
		minPlot  int // px: a sixth of the screen's height
		limit    int // bytes
	}{{1280, 720, 16, 120, shotBytes}, {1920, 1080, 20, 180, bigShotBytes}} {
		for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
			lang := c.lang
			t.Run(fmt.Sprintf("%dx%d/%s", size.w, size.h, lang), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, srv)
				tb.speaks(c.browser)
				tb.do("size the window", chromedp.EmulateViewport(int64(size.w), int64(size.h)))
				for _, path := range []string{
					"/play?v=1&p=seed-b&step=3&present=1&lang=" + lang,
					"/play?v=1&p=seed-b&step=1&speed=2&present=1&theme=dark&lang=" + lang,
					"/play?v=1&p=multi-turn&step=4&present=1&lang=" + lang,
					nTokens(20, "&step=5&lang="+lang),
					nTokens(12, "&step=12&theme=dark&lang="+lang),
				} {
					tb.open(path)
					tb.until(path+" fits", presentStepJS, size.minLabel, size.minPlot)
				}
				// Next moves by htmx and the next frame fits too.
				tb.open("/play?v=1&p=seed-b&step=3&present=1&lang=" + lang)
				eval[bool](tb, `window.__noReload = true`)
				tb.do("Next", chromedp.Click(chromedp.CSS(`a[data-testid="step-next"]`)))
				tb.until("step 4 by htmx", `() => location.search.includes("step=4") && window.__noReload ? "" : location.search`)
				tb.until("step 4 fits", presentStepJS, size.minLabel, size.minPlot)
			})
		}
	}
}

var presentScreenshots = flag.Bool("present-screenshots", false, "rewrite web/testdata/screenshots/present-*.png (the README's pictures of presentation mode's step frame)")

// TestPresentScreenshots draws the README's pictures of presentation mode:
// seed-b at step 3 of its backward loop, 1280×720 and 1920×1080, light and
// dark, each checked to fit (presentStepJS) before it is written, and
// kept small as the playground's are (writeShot).
//
//	go test ./web/e2e -run TestPresentScreenshots -present-screenshots
func TestPresentScreenshots(t *testing.T) {
	t.Parallel()
	if !*presentScreenshots {
		t.Skip("run with -present-screenshots to rewrite the README's pictures of presentation mode")
	}
	srv := playServer(t)
	for _, size := range []struct {
		w, h     int
		minLabel float64
		minPlot  int // px: a sixth of the screen's height
		limit    int // bytes
	}{{1280, 720, 16, 120, shotBytes}, {1920, 1080, 20, 180, bigShotBytes}} {
		for _, theme := range []string{"light", "dark"} {
			tb := newTab(t, srv)
			tb.do("size the window", chromedp.EmulateViewport(int64(size.w), int64(size.h)))
			tb.open("/play?v=1&p=seed-b&step=3&present=1&theme=" + theme + "&lang=en")
			tb.until("the step frame fits", presentStepJS, size.minLabel, size.minPlot)
			writeShot(t, tb, fmt.Sprintf("present-%dx%d-%s.png", size.w, size.h, theme), 0, 0, shotColours, size.limit)
		}
	}
}
