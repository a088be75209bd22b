package chart

import (
	"bytes"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"gaelab/web/svg"
)

// Layout, in px (1 SVG user unit = 1 px = 1 vg point):
//
//	title (wrapped), caption (chart 3 without whitening), legend rows
//	[y label | gonum: y axis + data area (token columns) ]
//	tick labels: token text on one line, its index t+Base below
//	x-axis label
//
// gonum/plot lays the chart out (data canvas, transforms) and draws the axes,
// their ticks and the grid onto a markCanvas (see there); the mask shading,
// token boundaries, data marks and legend thumbnails go to two more. Text
// whose width matters (titles, legends, token labels, which may be CJK or
// emoji that gonum's Liberation font cannot measure) is written as SVG <text>
// with text-anchor by the writer, so the browser places it with its real
// font.
//
// The document, bottom to top:
//
//	<title>, <desc>, <defs> (markers and hatch patterns)
//	background <rect>
//	<g transform=(flip y)>  <g class="mask"> <g class="frame"> <g class="marks">  </g>
//	<g class="labels">  (all text; with <g class="ticks"> and, in Values, <g class="states">)
//	<g class="hl-cols">
//
// Attributes that every child shares (font size, colours, text-anchor) sit
// on the enclosing group, and children repeat only what differs.

const (
	pad     = 8.0   // outer margin
	minW    = 480.0 // narrowest chart
	thumbW  = 26.0  // legend thumbnail width
	maxSlot = 2.5   // a column is at most this many TokenWidths wide
)

// spec describes one chart to render.
type spec struct {
	class, defaultID string
	title, desc      string
	yLabel           string
	caption          string
	lo, hi           float64 // data extremes, 0 included
	states           bool    // label the boundaries s_t above the data area
	noIndex          bool    // no index line under the column labels (groups, not tokens)
	panel            bool    // a panel of StepsGrid: no root, <title>, <defs> or background (the grid's), nor hl-cols group (no token to light up)
	hideLegend       bool    // the legend's rows are kept empty (a panel beside the one that draws it)
	maxTicks         int     // when > 0, at most about this many column labels
	resR             float64 // px reserved right of the last column (≥ left reserve)
	legend           []legendItem
	layers           []func(f *frame) // data layers, drawn in order onto f.marks
	// axisW, when wider than the y axis gonum measures, is the y axis's
	// width: the data area moves right by the difference, so that a panel
	// drawn under the chart (below) has its columns at the same x.
	axisW float64
	// below is a panel drawn under the chart (the inside of a rendered
	// chart's root, unwrapRoot), belowH px tall, in <g class="belowClass">.
	below      []byte
	belowH     float64
	belowClass string
}

type legendItem struct {
	label string
	thumb func(f *frame, x, y float64) // thumbnail in [x, x+thumbW], centred on y (vg), onto f.marks
}

// frame is one chart being drawn.
type frame struct {
	in *Input
	th Theme
	id string // prefix of the document's ids
	// markers, when set, prefixes the markers' ids instead of id (a grid's
	// panels share their markers: the grid writes the <defs> of all).
	markers string
	T       int
	W, H    float64
	desc    string  // the <desc> the chart has (a grid's panel: the grid's to write)
	slot    float64 // px per token column
	step    int     // every step-th token gets a tick label

	p  *plot.Plot
	dc draw.Canvas // gonum's data canvas (vg coordinates)

	fg, bg, muted color.RGBA

	axes, under, marks *markCanvas // gonum's axes and grid; mask shading; data marks
	defs               bytes.Buffer
	defined            map[string]bool // names in defs
	labels             *writer         // the labels: SVG in px, y down
	hl                 []byte          // the hl-cols group
	drag               bytes.Buffer    // the handles group (handles.go), on top
}

// X returns the vg (= SVG) x coordinate of data x (token t is at x = t).
func (f *frame) X(x float64) float64 { return float64(f.dc.X(f.p.X.Norm(x))) }

// Y returns the vg y coordinate (y up) of data value v.
func (f *frame) Y(v float64) float64 { return float64(f.dc.Y(f.p.Y.Norm(v))) }

// sy turns a vg y coordinate into an SVG one (y down).
func (f *frame) sy(y float64) float64 { return f.H - y }

// column returns token t's column [x0, x1] in SVG px.
func (f *frame) column(t int) (x0, x1 float64) {
	return f.X(float64(t) - 0.5), f.X(float64(t) + 0.5)
}

// dataRect returns the data area in SVG px.
func (f *frame) dataRect() (x0, y0, x1, y1 float64) {
	return float64(f.dc.Min.X), f.sy(float64(f.dc.Max.Y)), float64(f.dc.Max.X), f.sy(float64(f.dc.Min.Y))
}

// markerR is the marker radius, smaller when columns are narrow.
func (f *frame) markerR() float64 { return math.Min(f.th.MarkerRadius, math.Max(1.5, f.slot*0.3)) }

// render lays out and draws one chart of T tokens and returns its SVG and the
// frame (for tests to check geometry). The steps are in frame_layout.go.
func render(in *Input, T int, th Theme, sp spec) ([]byte, *frame, error) {
	f := newFrame(in, T, th, sp)
	ax := f.measure(sp)
	hd := f.header(sp)
	rows := f.rows(sp, ax, hd.bottom)
	f.draw(sp, ax, rows, hd)
	f.writeLabels(sp, ax, rows, hd)
	if !sp.panel {
		f.highlights()
	}
	return f.finish(sp), f, nil
}

// svgOf keeps the SVG of what a chart's inner function returns, without
// what it returns for the tests (its frame).
func svgOf[G any](svg []byte, _ G, err error) ([]byte, error) { return svg, err }

// finish assembles the document (see the layout at the top of this file).
func (f *frame) finish(sp spec) []byte {
	under, axes, marks := f.under.bytes(), f.axes.bytes(), f.marks.bytes()
	var b bytes.Buffer
	// Room for every part, so that b grows once: the parts, the root's
	// title and description (escaping may lengthen them), the tags around.
	b.Grow(len(under) + len(axes) + len(marks) + f.labels.b.Len() + f.defs.Len() + len(f.hl) + len(sp.below) + f.drag.Len() +
		2*(len(sp.title)+len(sp.desc)) + 2048)
	var defs []byte
	if f.defs.Len() > 0 {
		defs = append(append([]byte("<defs>\n"), f.defs.Bytes()...), "</defs>\n"...)
	}
	// A grid's panel is the inside of a chart, its <desc> first (the grid
	// writes the root, which it labels, the <defs> of f.defs and the
	// background); its title is its visible one.
	if sp.panel {
		b.WriteString(`<desc id="` + f.id + `-desc">` + svg.Escape(oneLine(sp.desc)) + "</desc>\n")
	} else {
		page{f.W, f.H, sp.class, f.th.Name, f.id, f.th.Background, sp.title, sp.desc}.begin(&b, defs)
	}
	b.WriteString(`<g transform="matrix(1 0 0 -1 0 ` + coord(f.H) + `)">` + "\n")
	for _, g := range []struct {
		class string
		body  []byte
	}{{"mask", under}, {"frame", axes}, {"marks", marks}} {
		if len(g.body) > 0 {
			b.WriteString(`<g class="` + g.class + `">` + "\n")
			b.Write(g.body)
			b.WriteString("</g>\n")
		}
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="labels" font-size="` + num(f.th.FontSize) + `" fill="` + f.th.Foreground + `">` + "\n")
	b.Write(f.labels.b.Bytes())
	b.WriteString("</g>\n")
	b.Write(f.hl)
	if len(sp.below) > 0 {
		b.WriteString(`<g class="` + sp.belowClass + `" transform="translate(0 ` + coord(f.H-sp.belowH) + `)">` + "\n")
		b.Write(sp.below)
		b.WriteString("</g>\n")
	}
	b.Write(f.drag.Bytes())
	if !sp.panel {
		b.WriteString("</svg>\n")
	}
	return b.Bytes()
}
