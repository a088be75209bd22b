package chart

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"gaelab/web/svg"
)

// SweepInput is a few per-token series of one quantity, drawn as lines on the
// tokens of one chart: the advantages A_t under several λ, or several
// estimators of the advantage side by side. Token t's column is centred at
// x = t, as in Values; every series has one value per token.
type SweepInput struct {
	// Tokens, Base and Mask are as in Input: the token texts, the numbering
	// (labels show t+Base) and the mask kinds (nil: all Valid), whose
	// columns are shaded.
	Tokens []string
	Base   int
	Mask   []Kind
	// Series are drawn in order, series i in SeriesStyles[i]: at most
	// len(SeriesStyles) of them.
	Series []Series
	// Skip[t] leaves token t's point out of every series (the lines break
	// there), e.g. for mask = 0 tokens whose numbers estimate nothing; nil
	// draws every point. A skipped value is not read.
	Skip []bool
	// Extent widens the y range to include [Extent[0], Extent[1]], so small
	// multiples can share one scale; zero leaves the range to the data.
	Extent [2]float64
	// StyleOffset makes series i use SeriesStyles[StyleOffset+i], so a
	// small multiple keeps the style its series has in the combined chart.
	StyleOffset int
	Text        SweepText
	Theme       Theme // zero = Light()
	// ID prefixes the element ids; empty means "gae-sweep".
	ID string
}

// Series is one labelled line: Values[t] belongs to token t.
type Series struct {
	Label  string // legend entry, e.g. "λ = 0.5"
	Values []float64
	// Highlight draws the series in HighlightStyle, twice as thick, above
	// the others; it takes no place in SeriesStyles (e.g. the reader's own
	// λ beside the sweep's five).
	Highlight bool
}

// HighlightStyle is a highlighted series' style: Okabe–Ito's reddish
// purple, solid, with circles, drawn twice as thick as the others.
var HighlightStyle = Style{Color: "#CC79A7", Marker: MarkerCircle}

// SweepText holds the sweep chart's strings, already localised.
type SweepText struct {
	Title     string // required
	Desc      string // first sentence of <desc>; the data summary follows
	TokenAxis string // x axis, e.g. "token (index)"
	ValueAxis string // y axis, e.g. "advantage"
	// Padding and Observation label the mask-0 shadings in the legend.
	Padding, Observation string
}

// SeriesStyles are the sweep chart's series styles: Okabe–Ito colours, each
// with its own dash pattern and marker, so that the lines also read in
// greyscale. Black becomes the foreground colour on a dark theme.
var SeriesStyles = []Style{
	{Color: "#D55E00", Marker: MarkerDiamond},                                       // vermillion, solid
	{Color: "#E69F00", Dash: []float64{3, 2}, Marker: MarkerSquare},                 // orange, dashed
	{Color: "#009E73", Dash: []float64{1, 1.5}, Marker: MarkerTriangle},             // bluish green, dotted
	{Color: "#0072B2", Dash: []float64{4, 1.5, 1, 1.5}, Marker: MarkerTriangleDown}, // blue, dash-dot
	{Color: "#000000", Dash: []float64{6, 2}, Marker: MarkerCircle},                 // black, long dashes
}

// Sweep draws the series as lines through (t, Values[t]), each with its dash
// pattern and a marker on every drawn point; mask-0 columns are shaded as in
// the other charts. The root <svg> has class "gae-chart gae-sweep".
func Sweep(in SweepInput) ([]byte, error) {
	return svgOf(sweep(&in))
}

func sweep(in *SweepInput) ([]byte, *frame, error) {
	plain := 0 // the series that take a place in SeriesStyles
	for _, s := range in.Series {
		if !s.Highlight {
			plain++
		}
	}
	if len(in.Series) == 0 || in.StyleOffset < 0 || in.StyleOffset+plain > len(SeriesStyles) {
		return nil, nil, fmt.Errorf("chart: %d series from style %d, want 1 … %d in all", plain, in.StyleOffset, len(SeriesStyles))
	}
	// styleOf is series i's style, colour and stroke width in frame f.
	styleOf := func(f *frame, i int) (Style, color.RGBA, float64) {
		if in.Series[i].Highlight {
			return HighlightStyle, rgb(HighlightStyle.Color), 2 * f.th.StrokeWidth
		}
		k := 0
		for _, s := range in.Series[:i] {
			if !s.Highlight {
				k++
			}
		}
		st, col := f.seriesStyle(in.StyleOffset + k)
		return st, col, f.th.StrokeWidth
	}
	base := Input{
		Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, Theme: in.Theme, ID: in.ID,
		Text: Text{TokenAxis: in.Text.TokenAxis, Padding: in.Text.Padding, Observation: in.Text.Observation},
	}
	T, th, err := base.prepare("Title", in.Text.Title)
	if err != nil {
		return nil, nil, err
	}
	if in.Skip != nil && len(in.Skip) != T {
		return nil, nil, fmt.Errorf("chart: len(Skip) = %d, want len(Tokens) = %d", len(in.Skip), T)
	}
	lo, hi := 0.0, 0.0
	for i, s := range in.Series {
		if err := checkSeries(fmt.Sprintf("Series[%d].Values", i), s.Values, T, in.Skip); err != nil {
			return nil, nil, err
		}
		for t, v := range s.Values {
			if in.Skip == nil || !in.Skip[t] {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if !(math.Abs(in.Extent[0]) <= maxAbs && math.Abs(in.Extent[1]) <= maxAbs) {
		return nil, nil, fmt.Errorf("chart: Extent %v is not finite within ±%g", in.Extent, maxAbs)
	}
	lo, hi = min(lo, in.Extent[0]), max(hi, in.Extent[1])
	masks, maskDesc := base.maskLegend(T)

	var d strings.Builder
	d.WriteString(oneLine(in.Text.Desc))
	for _, s := range in.Series {
		fmt.Fprintf(&d, " %s: %s.", oneLine(s.Label), descList(s.Values, func(t int) string {
			if in.Skip != nil && in.Skip[t] {
				return fmt.Sprintf("%d: –", t+in.Base)
			}
			return fmt.Sprintf("%d: %s", t+in.Base, val(s.Values[t]))
		}))
	}
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}

	var legend []legendItem
	for i, s := range in.Series {
		legend = append(legend, legendItem{oneLine(s.Label), func(f *frame, x, y float64) {
			st, col, w := styleOf(f, i)
			line(f.marks, x, y, x+thumbW, y, lineStyle(st, w, col))
			marker(f.marks, st.Marker, x+thumbW/2, y, f.th.MarkerRadius, col, f.bg)
		}})
	}
	sp := spec{
		class: "gae-sweep", defaultID: "gae-sweep",
		title: in.Text.Title, desc: strings.TrimSpace(d.String()),
		yLabel: in.Text.ValueAxis, lo: lo, hi: hi,
		legend: append(legend, masks...),
	}
	sp.layers = append(sp.layers, func(f *frame) {
		// The highlighted series last, above the others.
		order := make([]int, 0, len(in.Series))
		for _, hl := range []bool{false, true} {
			for i, s := range in.Series {
				if s.Highlight == hl {
					order = append(order, i)
				}
			}
		}
		for _, i := range order {
			s := in.Series[i]
			st, col, w := styleOf(f, i)
			r := f.markerR()
			marks := f.defineMarker("mk-s"+strconv.Itoa(i), 1.25*r+ringWidth(r)+1, func(m *markCanvas) {
				marker(m, st.Marker, 0, 0, r, col, f.bg)
			})
			// One polyline per run of drawn points.
			var run []vg.Point
			for t := 0; t <= T; t++ {
				if t < T && (in.Skip == nil || !in.Skip[t]) {
					run = append(run, vg.Point{X: vg.Length(f.X(float64(t))), Y: vg.Length(f.Y(s.Values[t]))})
					continue
				}
				polyline(f.marks, run, st, w, col, marks)
				run = run[:0]
			}
		}
	})
	return render(&base, T, th, sp)
}

// seriesStyle is series i's style and colour in this theme: black turns into
// the foreground colour on a dark background, and the returns' orange into
// the theme's (a darker one on white).
func (f *frame) seriesStyle(i int) (Style, color.RGBA) {
	st := SeriesStyles[i]
	col := rgb(st.Color)
	switch {
	case st.Color == "#000000" && svg.Luminance(f.bg) < 0.5:
		col = f.fg
	case st.Color == Styles[Return].Color:
		col = rgb(f.th.style(Return).Color)
	}
	return st, col
}
