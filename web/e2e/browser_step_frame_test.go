package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// stepScreenJS lists what of a step frame is not on the first screen.
const stepScreenJS = `() => {
	const wrong = [], W = innerWidth, H = innerHeight;
	for (const [name, sel] of Object.entries({
		"step panel": '[data-testid="step"]', "step controls": ".step-controls",
		"written cells": ".token-table td.step-write", "boundary chart": "#chart-values svg",
		"advantages chart": "#chart-advantages svg",
	})) {
		const els = document.querySelectorAll(sel);
		if (!els.length) { wrong.push(name + " missing"); continue; }
		for (const el of els) {
			const r = el.getBoundingClientRect();
			if (r.top < -1 || r.bottom > H + 1 || r.right > W + 1) { wrong.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round)); break; }
		}
	}
	return wrong.join("; ");
}`

// stepChartsJS lists what is wrong with the step frame's charts (issue 35):
// the boundary and advantages charts keep their first-screen size, their
// smallest label drawn at minFont px or more (font size times the SVG's
// scale), and the reward chart is no larger than the boundary chart.
const stepChartsJS = `(minFont) => {
	const wrong = [], box = id => document.querySelector("#" + id + " svg")?.getBoundingClientRect();
	for (const id of ["chart-values", "chart-advantages"]) {
		const svg = document.querySelector("#" + id + " svg");
		if (!svg) { wrong.push(id + " missing"); continue; }
		let min = 1e9;
		for (const t of svg.querySelectorAll("text")) {
			if (!t.textContent.trim() || !t.getClientRects().length) continue;
			const m = t.getScreenCTM();
			min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
		}
		if (min < minFont - 0.05) wrong.push(id + "'s smallest label " + min.toFixed(1) + " px < " + minFont);
	}
	const v = box("chart-values"), r = box("chart-rewards");
	if (v && r && (r.width > v.width + 1 || r.height > v.height + 1)) wrong.push("reward chart " + [r.width, r.height].map(Math.round) + " larger than the boundary chart " + [v.width, v.height].map(Math.round));
	return wrong.join("; ");
}`

// At 1280×720 the step panel, the step's table cells and both charts are on
// one screen, and Next moves by htmx (no reload) keeping step= in the URL.
// The charts keep their first-screen size (issue 35): labels of 14 px at
// 1280, 18 px at 1920, the reward chart no larger than the boundary chart.
// Between the steps the marks move (checkStepMotion), and under
// prefers-reduced-motion they do not (checkNoMotion).
// Chinese from an English browser, English from a Chinese one.
func TestBrowserStepFrame(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		lang := c.lang
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open("/play?v=1&p=seed-b&step=2&lang=" + lang)
			tb.until("step 2 on one screen", stepScreenJS)
			eval[bool](tb, `window.__noReload = true`)
			checkStepMotion(tb, tb.step("step-next"))
			tb.until("step 3 by htmx", `() => location.search.includes("step=3") && window.__noReload ? "" : location.search`)
			tb.until("step 3 drawn", `() => document.querySelectorAll("#chart-advantages .step-write").length === 1 && document.querySelector('[data-testid="step-status"]').textContent.includes("3") ? "" : "not yet"`)
			tb.until("step 3 on one screen", stepScreenJS)
			tb.until("step 3's charts at first-screen size, 1280", stepChartsJS, 14)
			tb.do("1920×1080", chromedp.EmulateViewport(1920, 1080))
			tb.until("step 3's charts at first-screen size, 1920", stepChartsJS, 18)
			tb.until("step 3 on one screen, 1920", stepScreenJS)
			tb.reducedMotion()
			checkNoMotion(tb, tb.step("step-back"))
			tb.until("back at step 2", `() => location.search.includes("step=2") && window.__noReload ? "" : location.search`)
		})
	}
}
