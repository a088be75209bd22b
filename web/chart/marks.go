package chart

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// markCanvas is a small vg.Canvas that writes SVG paths, used for the data
// marks (lines, markers, bars: the elements whose number grows with T).
// gonum/plot drives it like any canvas; it exists because vgsvg formats every
// coordinate with fmt's %.5g and writes a style string per element, which
// took most of the time at 64 tokens (about 6 ms for three charts); here
// coordinates get 2 decimals through strconv. Its output goes into the same
// document, in a group that flips y like vgsvg's.
//
// It supports what the marks use: colours with opacity, line width and
// dashes, Push/Pop, and paths of lines, arcs, curves and closes. Text and
// images are not drawn (the marks have none); transforms are kept as
// nested groups.
type markCanvas struct {
	buf   bytes.Buffer
	stack []markState
	tmp   []byte

	// The last path's data: markers and bars fill, then stroke, the same
	// path, which is formatted once. (m.last keeps the path alive, so its
	// memory cannot be reused for another path while it is cached.)
	last    *vg.PathComp
	lastN   int
	lastPos [2]vg.Point // its first and last points, checked as well
	lastD   []byte
}

type markState struct {
	col    color.Color
	width  vg.Length
	dashes []vg.Length
	offs   vg.Length
	groups int
}

var _ vg.Canvas = (*markCanvas)(nil)

func newMarkCanvas() *markCanvas {
	return &markCanvas{stack: []markState{{col: color.Black, width: 1}}}
}

func (m *markCanvas) top() *markState { return &m.stack[len(m.stack)-1] }

func (m *markCanvas) SetLineWidth(w vg.Length) { m.top().width = w }

func (m *markCanvas) SetLineDash(d []vg.Length, offs vg.Length) {
	m.top().dashes, m.top().offs = d, offs
}

func (m *markCanvas) SetColor(c color.Color) {
	if c == nil {
		c = color.Black
	}
	m.top().col = c
}

func (m *markCanvas) group(transform string) {
	m.buf.WriteString(`<g transform="` + transform + `">` + "\n")
	m.top().groups++
}

func (m *markCanvas) Rotate(rad float64) {
	m.group("rotate(" + num(rad*180/math.Pi) + ")")
}

func (m *markCanvas) Translate(pt vg.Point) {
	m.group("translate(" + num(float64(pt.X)) + " " + num(float64(pt.Y)) + ")")
}

func (m *markCanvas) Scale(x, y float64) {
	m.group("scale(" + num(x) + " " + num(y) + ")")
}

func (m *markCanvas) Push() {
	s := *m.top()
	s.groups = 0
	m.stack = append(m.stack, s)
}

func (m *markCanvas) Pop() {
	for range m.top().groups {
		m.buf.WriteString("</g>\n")
	}
	if len(m.stack) > 1 {
		m.stack = m.stack[:len(m.stack)-1]
	}
}

func (m *markCanvas) Stroke(p vg.Path) {
	s := m.top()
	if s.width <= 0 || len(p) == 0 {
		return
	}
	m.pathStart(p)
	m.buf.WriteString(` fill="none" stroke="`)
	m.paint(s.col, "stroke-opacity")
	m.tmp = append(m.tmp[:0], ` stroke-width="`...)
	m.tmp = appendNum(m.tmp, float64(s.width))
	m.tmp = append(m.tmp, '"')
	if len(s.dashes) > 0 {
		m.tmp = append(m.tmp, ` stroke-dasharray="`...)
		for i, d := range s.dashes {
			if i > 0 {
				m.tmp = append(m.tmp, ' ')
			}
			m.tmp = appendNum(m.tmp, float64(d))
		}
		m.tmp = append(m.tmp, '"')
		if s.offs != 0 {
			m.tmp = append(m.tmp, ` stroke-dashoffset="`...)
			m.tmp = appendNum(m.tmp, float64(s.offs))
			m.tmp = append(m.tmp, '"')
		}
	}
	m.tmp = append(m.tmp, "/>\n"...)
	m.buf.Write(m.tmp)
}

func (m *markCanvas) Fill(p vg.Path) {
	if len(p) == 0 {
		return
	}
	m.pathStart(p)
	m.buf.WriteString(` fill="`)
	m.paint(m.top().col, "fill-opacity")
	m.buf.WriteString("/>\n")
}

// FillString is not used by the marks; text goes through vgsvg or the
// overlay.
func (m *markCanvas) FillString(font.Face, vg.Point, string) {}

// DrawImage is not used by the marks.
func (m *markCanvas) DrawImage(vg.Rectangle, image.Image) {}

// paint writes a colour's hex value, closes the attribute and adds its
// opacity attribute when it is not opaque.
func (m *markCanvas) paint(c color.Color, opacityAttr string) {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	const hex = "0123456789ABCDEF"
	m.buf.Write([]byte{'#', hex[n.R>>4], hex[n.R&15], hex[n.G>>4], hex[n.G&15], hex[n.B>>4], hex[n.B&15], '"'})
	if n.A != 255 {
		m.tmp = append(m.tmp[:0], ' ')
		m.tmp = append(m.tmp, opacityAttr...)
		m.tmp = append(m.tmp, `="`...)
		m.tmp = appendNum(m.tmp, float64(n.A)/255)
		m.tmp = append(m.tmp, '"')
		m.buf.Write(m.tmp)
	}
}

// pathStart writes `<path d="…"`.
func (m *markCanvas) pathStart(p vg.Path) {
	if &p[0] == m.last && len(p) == m.lastN && m.lastPos == [2]vg.Point{p[0].Pos, p[len(p)-1].Pos} {
		m.buf.Write(m.lastD)
		return
	}
	b := append(m.lastD[:0], `<path d="`...)
	var x, y float64
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp, vg.LineComp:
			cmd := byte('L')
			if c.Type == vg.MoveComp {
				cmd = 'M'
			}
			x, y = float64(c.Pos.X), float64(c.Pos.Y)
			b = appendPt(append(b, cmd), x, y)
		case vg.ArcComp:
			r := float64(c.Radius)
			cx, cy := float64(c.Pos.X), float64(c.Pos.Y)
			sin, cos := math.Sincos(c.Start)
			x0, y0 := cx+r*cos, cy+r*sin
			if math.Abs(x0-x) > 0.005 || math.Abs(y0-y) > 0.005 {
				b = appendPt(append(b, 'L'), x0, y0)
			}
			// SVG cannot draw a closed arc in one command: full circles
			// are two halves.
			parts, angle := 1, c.Angle
			if math.Abs(angle) >= 2*math.Pi {
				parts, angle = 2, math.Copysign(math.Pi, angle)
			}
			a := c.Start
			for range parts {
				a += angle
				s, co := math.Sincos(a)
				x, y = cx+r*co, cy+r*s
				b = append(b, 'A')
				b = appendNum(b, r)
				b = append(b, ',')
				b = appendNum(b, r)
				large, sweep := "0", "1"
				if math.Abs(angle) > math.Pi {
					large = "1"
				}
				if angle < 0 {
					sweep = "0"
				}
				b = append(b, " 0 "+large+" "+sweep+" "...)
				b = appendPt(b, x, y)
			}
		case vg.CurveComp:
			cmd := byte('Q')
			if len(c.Control) == 2 {
				cmd = 'C'
			}
			b = append(b, cmd)
			for i, ctl := range c.Control {
				if i > 0 {
					b = append(b, ' ')
				}
				b = appendPt(b, float64(ctl.X), float64(ctl.Y))
			}
			x, y = float64(c.Pos.X), float64(c.Pos.Y)
			b = appendPt(append(b, ' '), x, y)
		case vg.CloseComp:
			b = append(b, 'Z')
		}
	}
	b = append(b, '"')
	m.buf.Write(b)
	m.last, m.lastN, m.lastD = &p[0], len(p), b
	m.lastPos = [2]vg.Point{p[0].Pos, p[len(p)-1].Pos}
}

func appendPt(b []byte, x, y float64) []byte {
	b = appendNum(b, x)
	b = append(b, ',')
	return appendNum(b, y)
}

// appendNum appends v rounded to 2 decimals, without trailing zeros or
// "-0" ("12.5", "-3", "0.07"). It is exact integer arithmetic on v·100, much
// faster than strconv's float formatting, which dominated the marks.
func appendNum(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e12) { // NaN, ±Inf and huge numbers: never in our coordinates
		return strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	n := int64(math.Round(v * 100))
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	if f := n % 100; f != 0 {
		b = append(b, '.', byte('0'+f/10))
		if f%10 != 0 {
			b = append(b, byte('0'+f%10))
		}
	}
	return b
}
