package class

import (
	"fmt"
	"strings"

	"gaelab/web/svg"
)

// histogramBars is how many different answers the controls' histogram
// draws, and wallBars the wall's, which must fit a 1280×720 screen beside
// the question; the rarer ones are summed in a last bar "others".
const (
	histogramBars = 12
	wallBars      = 6
)

// chartFit is how a chart fits its screen: at most Bars bars, the last
// one Others (the rarer answers summed).
type chartFit struct {
	Bars   int
	Others string
}

// shownValue is an answer as a chart labels it: a leading minus as the
// minus sign "−" (U+2212), which a projector shows, not the short hyphen.
func shownValue(v string) string {
	if rest, ok := strings.CutPrefix(v, "-"); ok {
		return "−" + rest
	}
	return v
}

// signBins are a sign question's bars in the fixed order −, 0, +, each
// drawn even without an answer, so the three read like a scale.
func signBins(bins []Bin, right func(string) bool) []Bin {
	out := make([]Bin, 0, 3+len(bins))
	for _, sign := range []string{"-", "0", "+"} {
		b := Bin{Value: sign, Right: right != nil && right(sign)}
		for _, x := range bins {
			if x.Value == sign {
				b.Count += x.Count
			}
		}
		out = append(out, b)
	}
	for _, x := range bins { // not a sign: kept after them
		if x.Value != "-" && x.Value != "0" && x.Value != "+" {
			out = append(out, x)
		}
	}
	return out
}

// histogramSVG draws a question's answers as horizontal bars, most
// frequent first, the right answer's bar marked ✓ and coloured by class
// (app.css gives both themes their colours). Presentation attributes only,
// so it renders under the strict CSP.
func histogramSVG(res Results, title string, fit chartFit) string {
	bins := res.Histogram
	if fit.Bars > 1 && len(bins) > fit.Bars {
		rest := Bin{Value: fit.Others}
		for _, b := range bins[fit.Bars-1:] {
			rest.Count += b.Count
		}
		bins = append(bins[:fit.Bars-1:fit.Bars-1], rest)
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
		label := shownValue(b.Value)
		if b.Right {
			cls, label = "bar-right", "✓ "+label
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" fill="currentColor">%s</text>`, labelW-12, y+barH-12, svg.Escape(label))
		fmt.Fprintf(&s, `<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="#0072B2"/>`, cls, labelW, y, max(w, 2), barH)
		fmt.Fprintf(&s, `<text x="%d" y="%d" fill="currentColor">%d</text>`, labelW+max(w, 2)+10, y+barH-12, b.Count)
	}
	s.WriteString(`</svg>`)
	return s.String()
}
