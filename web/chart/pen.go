package chart

import (
	"math"
	"strconv"

	"gonum.org/v1/plot/vg"
)

// pen writes path data. Coordinates are in tenths of a px (see markCanvas);
// the first point of a path is absolute, every later one relative.
type pen struct {
	x, y    int64 // current point
	sx, sy  int64 // start of the current subpath, where "z" returns
	started bool
	cmd     byte // last command letter, for implicit repetition
}

// tenths rounds v to an integer number of tenths.
func tenths(v float64) int64 { return int64(math.Round(v * 10)) }

// appendPath appends p's path data to b.
func (pn *pen) appendPath(b []byte, p vg.Path) []byte {
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			b = pn.move(b, float64(c.Pos.X), float64(c.Pos.Y))
		case vg.LineComp:
			b = pn.line(b, float64(c.Pos.X), float64(c.Pos.Y))
		case vg.ArcComp:
			b = pn.arc(b, c)
		case vg.CurveComp:
			b = pn.curve(b, c)
		case vg.CloseComp:
			b = pn.close(b)
		}
	}
	return b
}

// through draws a line through the points: a move to the first, a line to
// each of the others.
func (pn *pen) through(b []byte, pts []vg.Point) []byte {
	b = pn.move(b, float64(pts[0].X), float64(pts[0].Y))
	for _, pt := range pts[1:] {
		b = pn.line(b, float64(pt.X), float64(pt.Y))
	}
	return b
}

// rect draws the closed rectangle (x0, y0), (x1, y0), (x1, y1), (x0, y1),
// as appendRect's path would.
func (pn *pen) rect(b []byte, x0, y0, x1, y1 float64) []byte {
	b = pn.move(b, x0, y0)
	b = pn.line(b, x1, y0)
	b = pn.line(b, x1, y1)
	b = pn.line(b, x0, y1)
	return pn.close(b)
}

func (pn *pen) move(b []byte, x, y float64) []byte {
	X, Y := tenths(x), tenths(y)
	if !pn.started {
		b = append(b, 'M')
		b = appendTenths(b, X)
		b = appendTenths(b, Y)
		pn.started, pn.cmd = true, 'M'
	} else {
		b = pn.command(b, 'm')
		b = appendTenths(b, X-pn.x)
		b = appendTenths(b, Y-pn.y)
	}
	pn.x, pn.y, pn.sx, pn.sy = X, Y, X, Y
	return b
}

func (pn *pen) line(b []byte, x, y float64) []byte {
	if !pn.started {
		return pn.move(b, x, y)
	}
	X, Y := tenths(x), tenths(y)
	dx, dy := X-pn.x, Y-pn.y
	switch {
	case dy == 0:
		b = appendTenths(pn.command(b, 'h'), dx)
	case dx == 0:
		b = appendTenths(pn.command(b, 'v'), dy)
	default:
		b = pn.command(b, 'l')
		b = appendTenths(b, dx)
		b = appendTenths(b, dy)
	}
	pn.x, pn.y = X, Y
	return b
}

// arc draws c's arc, after a line to its start if the pen is elsewhere. SVG
// cannot draw a closed arc in one command: full circles are two halves.
func (pn *pen) arc(b []byte, c vg.PathComp) []byte {
	r := float64(c.Radius)
	cx, cy := float64(c.Pos.X), float64(c.Pos.Y)
	sin, cos := math.Sincos(c.Start)
	if x0, y0 := cx+r*cos, cy+r*sin; !pn.started || tenths(x0) != pn.x || tenths(y0) != pn.y {
		b = pn.line(b, x0, y0)
	}
	parts, angle := 1, c.Angle
	if math.Abs(angle) >= 2*math.Pi {
		parts, angle = 2, math.Copysign(math.Pi, angle)
	}
	a := c.Start
	for range parts {
		a += angle
		s, co := math.Sincos(a)
		X, Y := tenths(cx+r*co), tenths(cy+r*s)
		b = pn.command(b, 'a')
		b = appendTenths(b, tenths(r))
		b = appendTenths(b, tenths(r))
		large, sweep := " 0 0", " 1"
		if math.Abs(angle) > math.Pi {
			large = " 0 1"
		}
		if angle < 0 {
			sweep = " 0"
		}
		b = append(b, large+sweep...)
		b = appendTenths(b, X-pn.x)
		b = appendTenths(b, Y-pn.y)
		pn.x, pn.y = X, Y
	}
	return b
}

func (pn *pen) curve(b []byte, c vg.PathComp) []byte {
	if !pn.started {
		b = pn.move(b, float64(c.Pos.X), float64(c.Pos.Y))
	}
	cmd := byte('q')
	if len(c.Control) == 2 {
		cmd = 'c'
	}
	b = pn.command(b, cmd)
	for _, ctl := range c.Control {
		b = appendTenths(b, tenths(float64(ctl.X))-pn.x)
		b = appendTenths(b, tenths(float64(ctl.Y))-pn.y)
	}
	X, Y := tenths(float64(c.Pos.X)), tenths(float64(c.Pos.Y))
	b = appendTenths(b, X-pn.x)
	b = appendTenths(b, Y-pn.y)
	pn.x, pn.y = X, Y
	return b
}

func (pn *pen) close(b []byte) []byte {
	if !pn.started {
		return b
	}
	b = append(b, 'z')
	pn.cmd = 'z'
	pn.x, pn.y = pn.sx, pn.sy
	return b
}

// command writes cmd unless it repeats the last command, which SVG then
// implies (for every command but moveto, whose repetitions mean lineto).
func (pn *pen) command(b []byte, cmd byte) []byte {
	if cmd == pn.cmd && cmd != 'm' && cmd != 'z' {
		return b
	}
	pn.cmd = cmd
	return append(b, cmd)
}

// appendTenths appends n/10 ("12.3", "-4", "0.5") to path data, after a
// space if the previous byte ends a number and n has no sign to separate it.
func appendTenths(b []byte, n int64) []byte {
	if len(b) > 0 && n >= 0 {
		if c := b[len(b)-1]; c >= '0' && c <= '9' || c == '.' {
			b = append(b, ' ')
		}
	}
	return appendFixed(b, n, 1)
}

// appendNum appends v rounded to 2 decimals, without trailing zeros or
// "-0" ("12.5", "-3", "0.07"): for sizes, widths and opacities, which need
// finer steps than coordinates. It is exact integer arithmetic on v·100,
// much faster than strconv's float formatting.
func appendNum(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e12) { // NaN, ±Inf and huge numbers: never in our output
		return strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	return appendFixed(b, int64(math.Round(v*100)), 2)
}

// appendCoord appends an SVG coordinate (x, y, width, height of text and
// rects) with one decimal, like the path data.
func appendCoord(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e12) {
		return strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	return appendFixed(b, tenths(v), 1)
}

// appendFixed appends n/10^digits with at most digits decimals and no
// trailing zeros ("12", "12.5", "-0.07").
func appendFixed(b []byte, n int64, digits int) []byte {
	scale := int64(1)
	for range digits {
		scale *= 10
	}
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/scale, 10)
	if f := n % scale; f != 0 {
		b = append(b, '.')
		for s := scale / 10; f != 0; s /= 10 {
			b = append(b, byte('0'+f/s))
			f %= s
		}
	}
	return b
}

// coord formats a coordinate; see appendCoord.
func coord(v float64) string {
	var a [24]byte
	return string(appendCoord(a[:0], v))
}
