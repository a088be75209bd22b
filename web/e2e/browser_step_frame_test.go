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

// At 1280×720 the step panel, the step's table cells and both charts are on
// one screen, and Next moves by htmx (no reload) keeping step= in the URL.
func TestBrowserStepFrame(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open("/play?v=1&p=seed-b&step=2&lang=" + lang)
			tb.until("step 2 on one screen", stepScreenJS)
			eval[bool](tb, `window.__noReload = true`)
			tb.do("Next", chromedp.Click(chromedp.CSS(`a[data-testid="step-next"]`)))
			tb.until("step 3 by htmx", `() => location.search.includes("step=3") && window.__noReload ? "" : location.search`)
			tb.until("step 3 drawn", `() => document.querySelectorAll("#chart-advantages .step-write").length === 1 && document.querySelector('[data-testid="step-status"]').textContent.includes("3") ? "" : "not yet"`)
			tb.until("step 3 on one screen", stepScreenJS)
		})
	}
}
