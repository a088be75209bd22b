package e2e

import (
	"flag"
	"testing"

	"github.com/chromedp/chromedp"
)

var trainScreenshot = flag.Bool("train-screenshot", false, "rewrite the README's picture of /train's dashboard (web/testdata/screenshots/train-dashboard-1280.png)")

// TestTrainScreenshot redraws the README's picture of /train when given
// -train-screenshot (CI does not: it skips): λ = 0 against λ = 1 at
// iteration 30 in Chromium at 1280 px, from the paging controls to the end
// of the dashboard's third row of panels, reduced to 48 colours, so that it
// stays under 60 KB.
//
//	go test ./web/e2e -run TestTrainScreenshot -train-screenshot
func TestTrainScreenshot(t *testing.T) {
	if !*trainScreenshot {
		t.Skip("-train-screenshot redraws the README's picture of /train")
	}
	requireChromium(t)
	tb := newTab(t, playServer(t))
	tb.do("a 1280 × 1400 window", chromedp.EmulateViewport(1280, 1400))
	tb.open("/train?v=1&p=lambda&it=30&lang=en")
	top := eval[float64](tb, `document.querySelector('[data-testid="train-frame"]').getBoundingClientRect().top`)
	bottom := eval[float64](tb, `(() => {
		const rows = [...document.querySelectorAll('[data-testid="train-charts"] g.gae-steps-panel')].slice(0, 9);
		return Math.max(...rows.map(g => g.getBoundingClientRect().bottom));
	})()`)
	if bottom-top < 400 {
		t.Fatalf("the dashboard's first three rows are %.0f px tall, want a picture of them", bottom-top)
	}
	writeShot(t, tb, "train-dashboard-1280.png", top-8, bottom+3, 48, 60<<10)
}
