package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// trainLegibleJS is the smallest font of /train's charts as rendered, in
// CSS pixels: each text's font size times its chart's scale.
const trainLegibleJS = `(() => {
	let least = Infinity;
	document.querySelectorAll(".train-dashboard svg").forEach(svg => {
		const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		svg.querySelectorAll("text").forEach(el => {
			least = Math.min(least, parseFloat(getComputedStyle(el).fontSize) * scale);
		});
	});
	return least;
})()`

// /train in presentation mode at 1280×720: two charts a row, their
// labels rendered at 16 px or more.
func TestBrowserTrainPresentLegible(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.do("size the window", chromedp.EmulateViewport(1280, 720))
	tb.open("/train?v=1&p=lambda&it=20&present=1&lang=zh")
	if px := eval[float64](tb, trainLegibleJS); px < 16 {
		t.Errorf("the charts' smallest label renders at %.1f px at 1280×720, want ≥ 16", px)
	}
}

// The keyboard pages through the run: L steps, J goes back, End goes to
// the last iteration, Home resets, each frame a link.
func TestBrowserTrainKeys(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/train?v=1&p=healthy&it=0&lang=en")
	for _, k := range []struct{ key, it string }{{"l", "1"}, {"l", "2"}, {"j", "1"}, {kb.End, "49"}, {kb.Home, "0"}} {
		tb.until("htmx is idle", htmxIdleJS)
		tb.do("press "+k.key, chromedp.KeyEvent(k.key))
		tb.until("at iteration "+k.it, `(it) => new URLSearchParams(location.search).get("it") === it && document.querySelector('[data-testid="train-status"]').textContent.startsWith("Iteration " + it + " ") ? "" : location.search`, k.it)
	}
}
