package chart

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
)

// objPanel is one panel of the objective chart: its box in px and its
// value range.
type objPanel struct {
	heading  string
	negative bool
	x0, y0   float64 // top-left corner, px
	size     float64 // width and height, px
	xMax     float64
	lo, hi   float64 // the objective range shown
}

// The panels show a little more than their range, so that points on the
// edges are whole.
const objMargin = 0.04

func (p *objPanel) X(r float64) float64 {
	span := p.xMax * (1 + 2*objMargin)
	return p.x0 + (r+p.xMax*objMargin)/span*p.size
}

func (p *objPanel) Y(v float64) float64 {
	span := (p.hi - p.lo) * (1 + 2*objMargin)
	return p.y0 + (p.hi+(p.hi-p.lo)*objMargin-v)/span*p.size
}

// draw draws the panel: the band and the grid, the clip range's edges, the
// curves, the dual-clip cap and the tokens.
func (p *objPanel) draw(w *writer, in *ObjectiveInput, th Theme) {
	p.grid(w, in, th)
	p.curves(w, in, th)
	p.tokens(w, in, th)
}

// grid draws the clip range as a band over the panel's height, the grid at
// whole numbers with their labels, the zero lines, the frame, and the clip
// range's edges labelled at the top.
func (p *objPanel) grid(w *writer, in *ObjectiveInput, th Theme) {
	fs := th.FontSize
	x1, y1 := p.x0+p.size, p.y0+p.size
	lo, hi := 1-in.Low, 1+in.High
	bx0, bx1 := p.X(math.Max(lo, 0)), p.X(math.Min(hi, p.xMax))
	w.rect(bx0, p.y0, bx1-bx0, p.size, ` fill="`+th.Highlight+`" fill-opacity="0.14" class="clip-range"`)

	var grid []float64
	for k := 0.0; k <= p.xMax+1e-9; k++ {
		grid = append(grid, p.X(k), p.y0, p.X(k), y1)
		w.text(p.X(k), y1+fs*1.2, strconv.Itoa(int(k)), fs, "middle", th.Foreground, "")
	}
	for k := math.Ceil(p.lo); k <= p.hi+1e-9; k++ {
		grid = append(grid, p.x0, p.Y(k), x1, p.Y(k))
		w.text(p.x0-5, p.Y(k)+fs*0.35, objMinus(strconv.Itoa(int(k))), fs, "end", th.Foreground, "")
	}
	w.segments(grid, ` fill="none" stroke="`+th.Grid+`"`)
	w.segments([]float64{p.x0, p.Y(0), x1, p.Y(0), p.X(0), p.y0, p.X(0), y1}, ` fill="none" stroke="`+th.Foreground+`"`)
	w.rect(p.x0, p.y0, p.size, p.size, ` fill="none" stroke="`+th.Boundary+`"`)

	edge := ` fill="none" stroke="` + th.Muted + `" stroke-dasharray="4 3"`
	if lo > 0 {
		w.segments([]float64{p.X(lo), p.y0, p.X(lo), y1}, edge)
		w.text(p.X(lo)-3, p.y0+fs*1.1, objNumber(lo), fs*0.9, "end", th.Muted, "")
	}
	if hi < p.xMax {
		w.segments([]float64{p.X(hi), p.y0, p.X(hi), y1}, edge)
		w.text(p.X(hi)+3, p.y0+fs*1.1, objNumber(hi), fs*0.9, "start", th.Muted, "")
	}
}

// curves draws the unclipped surrogate ±ρ, thin and dashed, then the
// objective, and for A < 0 the dual-clip cap: the loss never exceeds c·|A|,
// so the objective never goes below −c.
func (p *objPanel) curves(w *writer, in *ObjectiveInput, th Theme) {
	sign := 1.0
	if p.negative {
		sign = -1
	}
	w.polyline([]float64{p.X(0), p.Y(0), p.X(p.xMax), p.Y(sign * p.xMax)}, unclippedAttrs(th)+` class="unclipped"`)
	var pts []float64
	for _, r := range in.vertices(p.xMax) {
		pts = append(pts, p.X(r), p.Y(in.curve(r, p.negative)))
	}
	w.polyline(pts, objectiveAttrs(th)+` stroke-linejoin="round" class="objective"`)
	if p.negative && in.C > 0 && in.C <= p.xMax {
		w.segments([]float64{p.x0, p.Y(-in.C), p.x0 + p.size, p.Y(-in.C)}, dualClipAttrs(th)+` class="dual-clip"`)
		w.text(p.x0+4, p.Y(-in.C)+th.FontSize, "−c = −"+objNumber(in.C), th.FontSize*0.9, "start", th.Foreground, "")
	}
}

// The objective chart's three line styles, shared by the panels and the legend.
func objectiveAttrs(th Theme) string {
	return strokeAttrs(rgb(th.Foreground), th.StrokeWidth*1.25, nil, 0)
}

func unclippedAttrs(th Theme) string {
	return strokeAttrs(rgb(th.Muted), math.Max(1, th.StrokeWidth*0.6), objDashes(th.StrokeWidth, 3, 2), 0)
}

func dualClipAttrs(th Theme) string {
	return strokeAttrs(rgb(th.Foreground), 1.5, objDashes(1.5, 1, 2), 0)
}

// objSpot is one place on a panel where tokens sit, and their labels.
type objSpot struct {
	x, y   float64
	labels []string
	beyond bool
}

// tokens draws the tokens, one triangle each, and labels them by index;
// tokens at the same place share one label ("0, 1, 2").
func (p *objPanel) tokens(w *writer, in *ObjectiveInput, th Theme) {
	r := th.MarkerRadius
	col := Styles[Whitened].Color
	var spots []objSpot
	for _, pt := range in.Points {
		if pt.Negative != p.negative {
			continue
		}
		beyond := pt.Ratio > p.xMax
		x, y := p.X(math.Min(pt.Ratio, p.xMax)), p.Y(math.Max(p.lo, math.Min(p.hi, pt.Objective)))
		objMarker(w, x, y, r, p.negative, pt.T, col, th.Background, beyond)
		label := strconv.Itoa(pt.T + in.Base)
		i := slices.IndexFunc(spots, func(s objSpot) bool { return math.Hypot(s.x-x, s.y-y) < r })
		if i < 0 {
			spots = append(spots, objSpot{x: x, y: y, labels: []string{label}, beyond: beyond})
		} else {
			spots[i].labels = append(spots[i].labels, label)
		}
	}
	p.tokenLabels(w, th, spots)
}

// tokenLabels writes the spots' labels where the panel is empty: below
// right of the curve for A > 0 (it rises, then runs flat), above right of
// it for A < 0 (it runs flat, then falls); a label that would overlap an
// earlier one moves further out, and near the right edge it goes left of
// its point.
func (p *objPanel) tokenLabels(w *writer, th Theme, spots []objSpot) {
	fs, r, x1 := th.FontSize, th.MarkerRadius, p.x0+p.size
	w.group(` class="token-labels" font-weight="bold"`, 0, "", "")
	var placed [][4]float64 // x0, y0, x1, y1 of the labels written
	for _, s := range spots {
		l := "t=" + strings.Join(s.labels, ",")
		if s.beyond {
			l += " →"
		}
		lw := textWidth(l, fs) * 1.05 // bold
		lx, anchor := s.x+r+2, "start"
		if lx+lw > x1 {
			lx, anchor = s.x-r-2-lw, "end"
		}
		ly, step := s.y+r+fs, fs*1.15
		if p.negative {
			ly, step = s.y-r-3, -fs*1.15
		}
		for try := 0; try < 8 && slices.ContainsFunc(placed, func(b [4]float64) bool {
			return lx < b[2] && lx+lw > b[0] && ly-fs < b[3] && ly > b[1]
		}); try++ {
			ly += step
		}
		placed = append(placed, [4]float64{lx, ly - fs, lx + lw, ly})
		if anchor == "end" {
			w.text(lx+lw, ly, l, fs, "end", th.Foreground, "")
		} else {
			w.text(lx, ly, l, fs, "start", th.Foreground, "")
		}
	}
	w.end()
}

// objLegend writes the legend rows from y and returns the y under them.
func objLegend(w *writer, in *ObjectiveInput, th Theme, y, W float64) float64 {
	fs := th.FontSize
	type item struct {
		label string
		thumb func(x, y float64)
	}
	stroke := func(attrs string) func(x, y float64) {
		return func(x, y float64) { w.polyline([]float64{x, y, x + thumbW, y}, attrs) }
	}
	items := []item{
		{in.Text.Objective, stroke(objectiveAttrs(th))},
		{in.Text.Unclipped, stroke(unclippedAttrs(th))},
		{in.Text.ClipRange, func(x, y float64) {
			w.rect(x+3, y-fs*0.5, thumbW-6, fs, ` fill="`+th.Highlight+`" fill-opacity="0.14" stroke="`+th.Muted+`" stroke-dasharray="4 3"`)
		}},
	}
	if in.C > 0 {
		items = append(items, item{in.Text.DualClip, stroke(dualClipAttrs(th))})
	}
	items = append(items, item{in.Text.Tokens, func(x, y float64) {
		objMarker(w, x+thumbW/2-th.MarkerRadius-1, y, th.MarkerRadius, false, -1, Styles[Whitened].Color, th.Background, false)
		objMarker(w, x+thumbW/2+th.MarkerRadius+1, y, th.MarkerRadius, true, -1, Styles[Whitened].Color, th.Background, false)
	}})
	items = slices.DeleteFunc(items, func(it item) bool { return oneLine(it.label) == "" })
	labels := make([]string, len(items))
	for i, it := range items {
		labels[i] = oneLine(it.label)
	}
	at, bottom := flow(labels, fs, W, y)
	for i, it := range items {
		x, rowY := at[i][0], at[i][1]
		it.thumb(x, rowY)
		w.text(x+thumbW+5, rowY+fs*0.35, labels[i], fs, "", th.Foreground, "")
	}
	return bottom
}

// objDashes is a dash pattern in multiples of a stroke width.
func objDashes(width float64, pattern ...float64) []vg.Length {
	out := make([]vg.Length, len(pattern))
	for i, d := range pattern {
		out[i] = vg.Length(d * width)
	}
	return out
}

// objMinus writes a negative number with a true minus sign.
func objMinus(s string) string { return strings.Replace(s, "-", "−", 1) }

// objMarker draws a triangle of radius r centred on (x, y): pointing up for
// A > 0, down for A < 0; filled and ringed with bg, or hollow when the
// token lies beyond the drawn range. t ≥ 0 tags it with data-t.
func objMarker(w *writer, x, y, r float64, down bool, t int, col, bg string, hollow bool) {
	dy := 1.0
	if down {
		dy = -1
	}
	var pn pen
	d := append(w.tmp[:0], `<path`...)
	if t >= 0 {
		d = append(d, ` class="token" data-t="`...)
		d = strconv.AppendInt(d, int64(t), 10)
		d = append(d, '"')
	}
	d = append(d, ` d="`...)
	d = pn.move(d, x, y-dy*1.2*r)
	d = pn.line(d, x+1.1*r, y+dy*0.7*r)
	d = pn.line(d, x-1.1*r, y+dy*0.7*r)
	d = pn.close(d)
	if hollow {
		d = append(d, `" fill="`+bg+`" stroke="`+col+`" stroke-width="1.5"/>`+"\n"...)
	} else {
		d = append(d, `" fill="`+col+`" stroke="`+bg+`" stroke-width="`...)
		d = appendNum(d, math.Max(0.75, r/5))
		d = append(d, `"/>`+"\n"...)
	}
	w.flush(d)
}
