package preview

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"gaelab/web/chart"
)

// LinesInput is a page's chart as its link preview draws it (issue 35: each
// compare and update page shares its own picture): a few labelled lines,
// either over the response's tokens (Tokens set: token t centred at x = t,
// mask-0 columns shaded, as in the page's per-token charts) or over a
// number (Tokens nil: X, e.g. the ratio ρ of the objective chart or the
// estimate of the variance lab's histograms).
type LinesInput struct {
	Title, Subtitle string
	// Tokens, Base, Mask: the tokens (t = 0 … T−1), the numbering (labels
	// show t+Base) and the mask kinds (nil: all valid).
	Tokens []string
	Base   int
	Mask   []chart.Kind
	// X is each point's x when Tokens is nil; every series has len(X)
	// points then, len(Tokens) otherwise.
	X            []float64
	XAxis, YAxis string
	Series       []Line
}

// Line is one series: Y[i] at the i-th x; a NaN leaves its point out (the
// line breaks there).
type Line struct {
	Label string
	Y     []float64
	Style chart.Style // colour "#RRGGBB" (the theme's foreground when ""), dash, marker ("" for none)
	// Thick draws it twice as wide (a highlighted series).
	Thick bool
	// X, on a chart over a number (LinesInput.Tokens nil), gives this
	// series its own x, one per Y (e.g. tokens at their ratio); nil reads
	// LinesInput.X.
	X []float64
	// NoLine draws the points only (Style.Marker, a circle by default).
	NoLine bool
}

// Lines draws in's preview: 1200×630 PNG, heading above the lines.
func Lines(in LinesInput) ([]byte, error) {
	if lf := loaded(); lf.err != nil {
		return nil, lf.err
	}
	n := len(in.X)
	if in.Tokens != nil {
		n = len(in.Tokens)
	}
	switch {
	case n == 0 || len(in.Series) == 0:
		return nil, errors.New("preview: nothing to draw")
	case in.Tokens != nil && n > MaxTokens:
		return nil, fmt.Errorf("%w: %d, at most %d", ErrTooLong, n, MaxTokens)
	}
	th := chart.Light()
	p := newPlot(in.XAxis, in.YAxis)
	var all [][]float64
	for _, s := range in.Series {
		want := n
		if s.X != nil && in.Tokens == nil {
			want = len(s.X)
		}
		if len(s.Y) != want {
			return nil, fmt.Errorf("preview: series %q has %d points, want %d", s.Label, len(s.Y), want)
		}
		all = append(all, s.Y)
	}
	lo, hi, ok := finiteExtent(all...)
	if !ok {
		return nil, errors.New("preview: no finite value")
	}
	span := math.Max(hi-lo, 0.1)
	p.Y.Min, p.Y.Max = lo-span*0.08, hi+span*0.3 // room for the legend over the data
	p.Y.Padding = 8
	xs := in.X
	if in.Tokens != nil {
		c := chart.Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask}
		p.X.Min, p.X.Max = -0.7, float64(n)-0.3
		p.X.Tick.Marker = tokenTicks(c, n)
		p.X.Tick.Length = 0
		p.Add(maskShade{c: c, th: th})
		xs = make([]float64, n)
		for t := range xs {
			xs[t] = float64(t)
		}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = hex(th.Grid)
	p.Add(grid, zeroLine{col: hex(th.Boundary)})
	for _, s := range in.Series {
		at := xs
		if s.X != nil && in.Tokens == nil {
			at = s.X
		}
		if err := addLine(p, at, s, th); err != nil {
			return nil, err
		}
	}
	return draw1(p, in.Title, in.Subtitle)
}

// addLine adds series s over xs to p, one gonum line per run of finite
// points, with one legend entry.
func addLine(p *plot.Plot, xs []float64, s Line, th chart.Theme) error {
	col := hex(th.Foreground)
	if s.Style.Color != "" {
		col = hex(s.Style.Color)
	}
	w := vg.Length(lineW)
	if s.Thick {
		w *= 2
	}
	ls := draw.LineStyle{Color: col, Width: w}
	for _, d := range s.Style.Dash {
		ls.Dashes = append(ls.Dashes, vg.Length(d)*w)
	}
	var first []plot.Thumbnailer
	var run plotter.XYs
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		line, points, err := plotter.NewLinePoints(run)
		if err != nil {
			return fmt.Errorf("preview: %w", err)
		}
		line.LineStyle = ls
		var th []plot.Thumbnailer
		if !s.NoLine {
			p.Add(line)
			th = append(th, line)
		}
		if s.NoLine || s.Style.Marker != "" && len(run) <= MaxTokens {
			points.GlyphStyle = draw.GlyphStyle{Color: col, Radius: markR, Shape: glyphShape(s.Style.Marker)}
			p.Add(points)
			th = append(th, points)
		}
		if first == nil {
			first = th
		}
		run = nil
		return nil
	}
	for i, y := range s.Y {
		if math.IsNaN(y) || math.IsInf(y, 0) {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		run = append(run, plotter.XY{X: xs[i], Y: y})
	}
	if err := flush(); err != nil {
		return err
	}
	if first != nil {
		p.Legend.Add(s.Label, first...)
	}
	return nil
}

// finiteExtent is the smallest and largest of 0 and every finite value;
// false when there is none.
func finiteExtent(vs ...[]float64) (lo, hi float64, ok bool) {
	for _, v := range vs {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				continue
			}
			lo, hi, ok = math.Min(lo, x), math.Max(hi, x), true
		}
	}
	return lo, hi, ok
}

// FromSweep is a sweep chart's lines (the λ sweep, the estimators) as a
// preview under title and subtitle, each series in the style the page
// draws it with.
func FromSweep(title, subtitle string, in chart.SweepInput) LinesInput {
	out := LinesInput{Title: title, Subtitle: subtitle, Tokens: in.Tokens, Base: in.Base, Mask: in.Mask,
		XAxis: in.Text.TokenAxis, YAxis: in.Text.ValueAxis}
	i := in.StyleOffset
	for _, s := range in.Series {
		y := s.Values
		if in.Skip != nil {
			y = skipped(y, in.Skip)
		}
		l := Line{Label: s.Label, Y: y, Thick: s.Highlight, Style: chart.HighlightStyle}
		if !s.Highlight {
			l.Style = chart.SeriesStyles[i%len(chart.SeriesStyles)]
			i++
		}
		out.Series = append(out.Series, l)
	}
	return out
}

// FromCompare is a comparison chart's two series (the reference in its
// quantity's colour, the other in the foreground's, dashed) as a preview.
func FromCompare(title, subtitle string, in chart.CompareInput) LinesInput {
	other := chart.OtherStyle
	other.Color = ""
	return LinesInput{Title: title, Subtitle: subtitle, Tokens: in.Tokens, Base: in.Base, Mask: in.Mask,
		XAxis: in.Text.TokenAxis, YAxis: in.Text.ValueAxis, Series: []Line{
			{Label: in.Text.Reference, Y: in.Reference, Style: chart.Styles[in.Quantity]},
			{Label: in.Text.Other, Y: in.Other, Style: other},
		}}
}

// skipped is y with NaN where skip is set.
func skipped(y []float64, skip []bool) []float64 {
	out := make([]float64, len(y))
	for t := range y {
		out[t] = y[t]
		if t < len(skip) && skip[t] {
			out[t] = math.NaN()
		}
	}
	return out
}
