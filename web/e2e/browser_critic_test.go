package e2e

import (
	"math"
	"testing"

	"github.com/chromedp/chromedp"
)

// The critic's two clipping charts are readable on a laptop: at a 1280 px
// viewport they sit side by side, each at its own size (neither scaled, so
// every text is at ≥ 12 px), in both languages; the actor's chart is shown
// at its own size too.
func TestBrowserCriticChartsReadable(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	for _, path := range []string{
		"/update/critic?v=1&p=dense&vp=1.156,0.992,1.092,0.832,0.849,0.473&cv=0.1",
		"/update/critic?v=1&p=multi-turn&lang=zh",
		"/update/actor?v=1&p=seed-b",
	} {
		tb.do("size the window", chromedp.EmulateViewport(1280, 720))
		tb.open(path)
		m := measureSVGText(t, tb, `.update .charts figure svg`)
		t.Logf("%s: %d texts, smallest %.1f px (%q in %s), svg widths %v", path, m.N, m.Font, m.Text, m.Chart, m.Widths)
		if m.N == 0 {
			t.Fatalf("%s: no text in the charts", path)
		}
		natural := eval[[]float64](tb, `[...document.querySelectorAll(".update .charts figure svg")].map(s => +s.getAttribute("width"))`)
		for i, w := range m.Widths {
			if i >= len(natural) || math.Abs(w-natural[i]) > 0.5 {
				t.Errorf("%s: chart %d is drawn %.1f px wide, its own width is %v: scaled", path, i, w, natural)
			}
		}
		if len(m.Widths) == 2 && m.Font < 12 {
			t.Errorf("%s: the smallest critic chart text renders at %.1f px (%q in %s), want ≥ 12", path, m.Font, m.Text, m.Chart)
		}
		if len(m.Widths) == 2 {
			tops := eval[[]float64](tb, `[...document.querySelectorAll(".update .charts figure")].map(f => f.getBoundingClientRect().top)`)
			if len(tops) != 2 || math.Abs(tops[0]-tops[1]) > 1 {
				t.Errorf("%s: the two charts' tops are %v, want them side by side", path, tops)
			}
		}
	}
}
