package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Drawing primitives on gonum canvases, in vg coordinates (points = px here,
// y up).

// markers draws shape centred on each point with radius r, filled with fill
// and outlined by a thin ring of the background colour bg so that
// overlapping markers stay apart (when r ≥ 3). All markers go into one path to fill and
// one to stroke: vgsvg's cost is per element, and 512 tokens make thousands.
func markers(c draw.Canvas, shape string, pts []vg.Point, r float64, fill, bg color.Color) {
	p := make(vg.Path, 0, 6*len(pts))
	for _, pt := range pts {
		p = appendMarker(p, shape, float64(pt.X), float64(pt.Y), r)
	}
	if len(p) == 0 {
		return
	}
	c.SetColor(fill)
	c.Fill(p)
	if r >= 3 { // small markers (narrow columns) overlap anyway
		c.SetLineStyle(draw.LineStyle{Color: bg, Width: vg.Length(math.Max(0.75, r/5))})
		c.Stroke(p)
	}
}

// marker draws one marker; see markers.
func marker(c draw.Canvas, shape string, x, y, r float64, fill, bg color.Color) {
	markers(c, shape, []vg.Point{{X: vg.Length(x), Y: vg.Length(y)}}, r, fill, bg)
}

// hollowMarker draws shape as an outline of colour col with stroke width w,
// filled with bg.
func hollowMarker(c draw.Canvas, shape string, x, y, r, w float64, col, bg color.Color) {
	p := appendMarker(nil, shape, x, y, r)
	c.SetColor(bg)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: col, Width: vg.Length(w)})
	c.Stroke(p)
}

func markerPath(shape string, x, y, r float64) vg.Path { return appendMarker(nil, shape, x, y, r) }

// appendMarker appends shape's closed outline, centred on (x, y), to p.
func appendMarker(p vg.Path, shape string, x, y, r float64) vg.Path {
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
		return p
	}
	p.Close()
	return p
}

// polyline strokes the points with colour col, width w and s's dash pattern.
func polyline(c draw.Canvas, pts []vg.Point, s Style, w float64, col color.Color) {
	if len(pts) < 2 {
		return
	}
	c.StrokeLines(lineStyle(s, w, col), pts)
}

func lineStyle(s Style, w float64, col color.Color) draw.LineStyle {
	ls := draw.LineStyle{Color: col, Width: vg.Length(w)}
	for _, d := range s.Dash {
		ls.Dashes = append(ls.Dashes, vg.Length(d*w))
	}
	return ls
}

// rect fills the rectangle (x0, y0)–(x1, y1) with col.
func rect(c draw.Canvas, x0, y0, x1, y1 float64, col color.Color) {
	c.SetColor(col)
	c.Fill(rectPath(x0, y0, x1, y1))
}

func rectPath(x0, y0, x1, y1 float64) vg.Path { return appendRect(nil, x0, y0, x1, y1) }

func appendRect(p vg.Path, x0, y0, x1, y1 float64) vg.Path {
	p.Move(vg.Point{X: vg.Length(x0), Y: vg.Length(y0)})
	p.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y0)})
	p.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y1)})
	p.Line(vg.Point{X: vg.Length(x0), Y: vg.Length(y1)})
	p.Close()
	return p
}

// hatch strokes parallel 45° lines, spacing px apart, inside the rectangle
// (x0, y0)–(x1, y1): rising ("/") when up, falling ("\") otherwise. The
// lines lie on a grid anchored at the origin, so neighbouring rectangles'
// hatches line up. All lines go into one path.
func hatch(c draw.Canvas, x0, y0, x1, y1, spacing float64, up bool, ls draw.LineStyle) {
	p := appendHatch(nil, x0, y0, x1, y1, spacing, up)
	if len(p) == 0 {
		return
	}
	c.SetLineStyle(ls)
	c.Stroke(p)
}

// appendHatch appends hatch's lines to p.
func appendHatch(p vg.Path, x0, y0, x1, y1, spacing float64, up bool) vg.Path {
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	if x1-x0 < 1 || y1-y0 < 1 {
		return p
	}
	pt := func(x, y float64) vg.Point { return vg.Point{X: vg.Length(x), Y: vg.Length(y)} }
	if up { // y = x + k
		for k := math.Ceil((y0-x1)/spacing) * spacing; k <= y1-x0; k += spacing {
			xa, xb := math.Max(x0, y0-k), math.Min(x1, y1-k)
			if xb-xa > 0.5 {
				p.Move(pt(xa, xa+k))
				p.Line(pt(xb, xb+k))
			}
		}
	} else { // y = −x + k
		for k := math.Ceil((x0+y0)/spacing) * spacing; k <= x1+y1; k += spacing {
			xa, xb := math.Max(x0, k-y1), math.Min(x1, k-y0)
			if xb-xa > 0.5 {
				p.Move(pt(xa, k-xa))
				p.Line(pt(xb, k-xb))
			}
		}
	}
	return p
}

// span is one bar: centred on x, w wide, from y0 to y1 (vg coordinates).
type span struct{ x, w, y0, y1 float64 }

// bars fills the bars with fill, hatches them if hatched, and outlines them
// thinly so that light colours show on light backgrounds; one path each.
func bars(c draw.Canvas, bs []span, fill, outline color.Color, hatched bool, hatchCol color.Color) {
	p := make(vg.Path, 0, 5*len(bs))
	var h vg.Path
	for _, b := range bs {
		y0, y1 := math.Min(b.y0, b.y1), math.Max(b.y0, b.y1)
		if y1-y0 < 0.01 {
			continue
		}
		p = appendRect(p, b.x-b.w/2, y0, b.x+b.w/2, y1)
		if hatched {
			h = appendHatch(h, b.x-b.w/2, y0, b.x+b.w/2, y1, 4, true)
		}
	}
	if len(p) == 0 {
		return
	}
	c.SetColor(fill)
	c.Fill(p)
	if len(h) > 0 {
		c.SetLineStyle(draw.LineStyle{Color: hatchCol, Width: 1})
		c.Stroke(h)
	}
	c.SetLineStyle(draw.LineStyle{Color: outline, Width: 0.75})
	c.Stroke(p)
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
