package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// diagramFitsJS says what of the PPO diagram hides at this window: its
// scroll box scrolling, or its caption line (the shapes of the tensors, the
// drawing's first text) outside the window or the drawing.
const diagramFitsJS = `() => {
	const box = document.querySelector(".diagram-scroll"), svg = box && box.querySelector("svg");
	if (!svg) return "no diagram";
	if (box.scrollWidth > box.clientWidth + 1) return "the diagram scrolls: " + box.scrollWidth + " in " + box.clientWidth;
	const c = svg.querySelector("text").getBoundingClientRect(), s = svg.getBoundingClientRect();
	if (c.left < Math.max(0, s.left) - 1 || c.right > Math.min(innerWidth, s.right) + 1) return "the caption runs " + [c.left, c.right].map(Math.round) + " past the drawing " + [s.left, s.right].map(Math.round);
	return "";
}`

// At 1280×720 the PPO diagram (940 px) is drawn whole, its caption line in
// view (issue 35), in both languages from a browser speaking the other.
func TestBrowserDiagramFits1280(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open("/lessons/diagram?lang=" + c.lang)
			tb.until("the diagram fits at 1280", diagramFitsJS)
		})
	}
}
