package class

import (
	"fmt"
	"strings"

	"gaelab/web/svg"
)

// histogramBars is how many different answers the histogram draws; the
// rarer ones are summed in a last bar "…".
const histogramBars = 12

// histogramSVG draws a question's answers as horizontal bars, most
// frequent first, the right answer's bar marked ✓ and coloured by class
// (app.css gives both themes their colours). Presentation attributes only,
// so it renders under the strict CSP.
func histogramSVG(res Results, title string) string {
	bins := res.Histogram
	if len(bins) > histogramBars {
		rest := Bin{Value: "…"}
		for _, b := range bins[histogramBars-1:] {
			rest.Count += b.Count
		}
		bins = append(bins[:histogramBars-1:histogramBars-1], rest)
	}
	const (
		width, labelW, countW, barH, gap, top = 960, 220, 90, 44, 12, 8
	)
	most := 1
	for _, b := range bins {
		most = max(most, b.Count)
	}
	height := top*2 + len(bins)*(barH+gap)
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="img" aria-labelledby="class-hist-title" class="class-hist" font-size="30">`, width, max(height, 60))
	fmt.Fprintf(&s, `<title id="class-hist-title">%s</title>`, svg.Escape(title))
	for i, b := range bins {
		y := top + i*(barH+gap)
		w := (width - labelW - countW) * b.Count / most
		cls := "bar-wrong"
		label := b.Value
		if b.Right {
			cls, label = "bar-right", "✓ "+b.Value
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" fill="currentColor">%s</text>`, labelW-12, y+barH-12, svg.Escape(label))
		fmt.Fprintf(&s, `<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="#0072B2"/>`, cls, labelW, y, max(w, 2), barH)
		fmt.Fprintf(&s, `<text x="%d" y="%d" fill="currentColor">%d</text>`, labelW+max(w, 2)+10, y+barH-12, b.Count)
	}
	s.WriteString(`</svg>`)
	return s.String()
}
