package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// trainLegibleJS is the smallest font of /train's charts as rendered, in
// CSS pixels: each text's font size times its chart's scale.
const trainLegibleJS = `(() => {
	let least = Infinity;
	document.querySelectorAll(".train-chart svg").forEach(svg => {
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
