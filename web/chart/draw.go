package chart

import (
	"bytes"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Drawing primitives on a markCanvas, in vg coordinates (points = px here,
// y up). Whatever repeats per token is written once: a series' markers are
// an SVG <marker> drawn on every vertex of its path, hatching is a <pattern>
// (both in the chart's <defs>), and bars and lines are one path per series.

// shapePath returns shape's closed outline centred on (x, y) with radius r.
func shapePath(shape string, x, y, r float64) vg.Path {
	var p vg.Path
	pt := func(dx, dy float64) vg.Point { return vg.Point{X: vg.Length(x + dx), Y: vg.Length(y + dy)} }
	switch shape {
	case MarkerCircle:
		p.Move(pt(r, 0))
		p.Arc(pt(0, 0), vg.Length(r), 0, 2*math.Pi)
	case MarkerSquare:
		s := r * 0.85
		p.Move(pt(-s, -s))
		p.Line(pt(s, -s))
		p.Line(pt(s, s))
		p.Line(pt(-s, s))
	case MarkerTriangle:
		p.Move(pt(0, 1.2*r))
		p.Line(pt(1.1*r, -0.7*r))
		p.Line(pt(-1.1*r, -0.7*r))
	case MarkerTriangleDown:
		p.Move(pt(0, -1.2*r))
		p.Line(pt(1.1*r, 0.7*r))
		p.Line(pt(-1.1*r, 0.7*r))
	case MarkerDiamond:
		p.Move(pt(0, 1.25*r))
		p.Line(pt(r, 0))
		p.Line(pt(0, -1.25*r))
		p.Line(pt(-r, 0))
	default:
		return nil
	}
	p.Close()
	return p
}

// ringWidth is the width of the background-coloured ring around a filled
// marker of radius r, which keeps overlapping markers apart; small markers
// (narrow columns) have none, they overlap anyway.
func ringWidth(r float64) float64 {
	if r < 3 {
		return 0
	}
	return math.Max(0.75, r/5)
}

// markerAttrs returns the attributes of a filled marker: fill col, ringed
// with bg.
func markerAttrs(r float64, col, bg color.Color) string {
	a := ` fill="` + paint(col, "fill-opacity")
	if w := ringWidth(r); w > 0 {
		a += ` stroke="` + paint(bg, "stroke-opacity") + ` stroke-width="` + num(w) + `"`
	}
	return a
}

// marker draws one filled marker (legend thumbnails).
func marker(m *markCanvas, shape string, x, y, r float64, col, bg color.Color) {
	m.path(shapePath(shape, x, y, r), markerAttrs(r, col, bg), false)
}

// hollowMarker draws shape as an outline of colour col and width w, filled
// with bg.
func hollowMarker(m *markCanvas, shape string, x, y, r, w float64, col, bg color.Color) {
	m.path(shapePath(shape, x, y, r), ` fill="`+paint(bg, "fill-opacity")+` stroke="`+paint(col, "stroke-opacity")+` stroke-width="`+num(w)+`"`, false)
}

// defineMarker adds a <marker> named name to the chart's <defs> (once) and
// returns the attributes that draw it on every vertex of a path. Its body
// is drawn by draw around (0, 0), within ±half px; markerUnits is
// userSpaceOnUse, so it keeps its size whatever the path's stroke width.
func (f *frame) defineMarker(name string, half float64, draw func(m *markCanvas)) string {
	id := f.id + "-" + name
	if f.markers != "" {
		id = f.markers + "-" + name
	}
	ref := `url(#` + id + `)`
	attrs := ` marker-start="` + ref + `" marker-mid="` + ref + `" marker-end="` + ref + `"`
	if f.defined[name] {
		return attrs
	}
	f.defined[name] = true
	h := coord(math.Ceil(half))
	w := coord(2 * math.Ceil(half))
	f.defs.WriteString(`<marker id="` + id + `" viewBox="-` + h + ` -` + h + ` ` + w + ` ` + w + `" markerWidth="` + w + `" markerHeight="` + w + `" markerUnits="userSpaceOnUse">`)
	mc := newMarkCanvas()
	draw(mc)
	f.defs.Write(bytes.TrimSuffix(mc.bytes(), []byte("\n")))
	f.defs.WriteString("</marker>\n")
	return attrs
}

// seriesMarker returns the marker attributes for quantity q's marker with
// radius r.
func (f *frame) seriesMarker(q Quantity, r float64) string {
	st := f.th.style(q)
	return f.defineMarker("mk-"+string(q), 1.25*r+ringWidth(r)+1, func(m *markCanvas) {
		marker(m, st.Marker, 0, 0, r, rgb(st.Color), f.bg)
	})
}

// polyline strokes the points with colour col, width w and s's dash pattern;
// marks (from defineMarker, or "") puts a marker on every point.
func polyline(m *markCanvas, pts []vg.Point, s Style, w float64, col color.Color, marks string) {
	if len(pts) < 2 {
		points(m, pts, marks)
		return
	}
	m.pathWith(lineStyleAttrs(s, w, col)+marks, false, func(b []byte, pn *pen) []byte { return pn.through(b, pts) })
}

// points draws a marker (marks, from defineMarker) on every point, without a
// line.
func points(m *markCanvas, pts []vg.Point, marks string) {
	if len(pts) == 0 || marks == "" {
		return
	}
	if len(pts) == 1 { // a zero-length segment, so that the point is a vertex; one marker
		p := vg.Path{{Type: vg.MoveComp, Pos: pts[0]}, {Type: vg.LineComp, Pos: pts[0]}}
		start, _, _ := strings.Cut(marks, " marker-mid=")
		m.path(p, ` fill="none"`+start, false)
		return
	}
	m.pathWith(` fill="none"`+marks, false, func(b []byte, pn *pen) []byte { return pn.through(b, pts) })
}

func lineStyleAttrs(s Style, w float64, col color.Color) string {
	ls := lineStyle(s, w, col)
	return strokeAttrs(ls.Color, float64(ls.Width), ls.Dashes, 0)
}

func lineStyle(s Style, w float64, col color.Color) draw.LineStyle {
	ls := draw.LineStyle{Color: col, Width: vg.Length(w)}
	for _, d := range s.Dash {
		ls.Dashes = append(ls.Dashes, vg.Length(d*w))
	}
	return ls
}

// line strokes the segment (x0, y0)–(x1, y1).
func line(m *markCanvas, x0, y0, x1, y1 float64, ls draw.LineStyle) {
	p := vg.Path{{Type: vg.MoveComp, Pos: vg.Point{X: vg.Length(x0), Y: vg.Length(y0)}}, {Type: vg.LineComp, Pos: vg.Point{X: vg.Length(x1), Y: vg.Length(y1)}}}
	m.path(p, strokeAttrs(ls.Color, float64(ls.Width), ls.Dashes, 0), false)
}

func appendRect(p vg.Path, x0, y0, x1, y1 float64) vg.Path {
	p.Move(vg.Point{X: vg.Length(x0), Y: vg.Length(y0)})
	p.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y0)})
	p.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y1)})
	p.Line(vg.Point{X: vg.Length(x0), Y: vg.Length(y1)})
	p.Close()
	return p
}

// definePattern adds a hatch <pattern> named name to the chart's <defs>
// (once) and returns its fill value: a tile of spacing × spacing px filled
// with fill and crossed by a 45° line of colour hatch, rising ("/") when up
// and falling ("\") otherwise. Its tiles are anchored at the origin, so
// neighbouring hatched areas line up.
func (f *frame) definePattern(name string, spacing float64, fill, hatch color.Color, up bool) string {
	id := f.id + "-" + name
	if !f.defined[name] {
		f.defined[name] = true
		s := coord(spacing)
		f.defs.WriteString(`<pattern id="` + id + `" width="` + s + `" height="` + s + `" patternUnits="userSpaceOnUse">`)
		f.defs.WriteString(`<rect width="` + s + `" height="` + s + `" fill="` + paint(fill, "fill-opacity") + `/>`)
		// The diagonal, and the corners of the neighbours' diagonals that
		// reach into this tile (y up, as in the marks).
		var p vg.Path
		pt := func(x, y float64) vg.Point { return vg.Point{X: vg.Length(x), Y: vg.Length(y)} }
		seg := func(x0, y0, x1, y1 float64) { p.Move(pt(x0, y0)); p.Line(pt(x1, y1)) }
		if up {
			seg(0, 0, spacing, spacing)
			seg(-1, spacing-1, 1, spacing+1)
			seg(spacing-1, -1, spacing+1, 1)
		} else {
			seg(0, spacing, spacing, 0)
			seg(-1, 1, 1, -1)
			seg(spacing-1, spacing+1, spacing+1, spacing-1)
		}
		mc := newMarkCanvas()
		mc.path(p, strokeAttrs(hatch, 1, nil, 0), false)
		f.defs.Write(bytes.TrimSuffix(mc.bytes(), []byte("\n")))
		f.defs.WriteString("</pattern>\n")
	}
	return `url(#` + id + `)`
}

// span is one bar: centred on x, w wide, from y0 to y1 (vg coordinates).
type span struct{ x, w, y0, y1 float64 }

// bars fills the bars with fill (a colour or a pattern's url) and outlines
// them thinly so that light colours show on light backgrounds; one path.
func bars(m *markCanvas, bs []span, fill string, outline color.Color) {
	if !slices.ContainsFunc(bs, span.drawn) {
		return
	}
	m.pathWith(` fill="`+fill+`"`+` stroke="`+paint(outline, "stroke-opacity")+` stroke-width="0.75"`, false, func(p []byte, pn *pen) []byte {
		for _, b := range bs {
			if b.drawn() {
				y0, y1 := math.Min(b.y0, b.y1), math.Max(b.y0, b.y1)
				p = pn.rect(p, b.x-b.w/2, y0, b.x+b.w/2, y1)
			}
		}
		return p
	})
}

// drawn reports whether a bar is tall enough to draw.
func (b span) drawn() bool { return !(math.Abs(b.y1-b.y0) < 0.01) }

func pointsPath(pts []vg.Point) vg.Path {
	p := make(vg.Path, 0, len(pts))
	p.Move(pts[0])
	for _, pt := range pts[1:] {
		p.Line(pt)
	}
	return p
}

// niceStep returns the smallest of 1, 2, 5, 10, 20, 50, … that is ≥ k.
func niceStep(k float64) int {
	for m := 1; ; m *= 10 {
		for _, s := range []int{1, 2, 5} {
			if float64(s*m) >= k-1e-9 {
				return s * m
			}
		}
	}
}
