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

// markCanvas is a small vg.Canvas that writes compact SVG. gonum/plot draws
// the axes, ticks and grid through it, and the chart code draws the mask
// shading and the data marks with it. It exists for size and speed: vgsvg
// formats every coordinate with fmt's %.5g, writes a style string per element
// and one element per tick, which made a 64-token chart about 40 KB and took
// most of the time.
//
// Its coordinates are gonum's (1 vg point = 1 px, y up); the document puts
// its output in a group that flips y. Path data is relative ("m", "l", "h",
// "v", "a", "z" after a first absolute "M") with one decimal: every point is
// rounded to 0.1 px first and the steps are differences of rounded points,
// so no rounding error accumulates along a path. Consecutive strokes of the
// same opaque style (gonum's ticks, grid lines) share one <path>.
//
// It supports what the charts use: colours with opacity, line width and
// dashes, Push/Pop, transforms as nested groups, and paths of lines, arcs,
// curves and closes. Text is not written here: FillString records it (gonum's
// y tick labels), and the caller writes it with the other labels, y down.
// Images are not drawn.
type markCanvas struct {
	buf   bytes.Buffer
	stack []markState
	texts []caughtText

	pen  pen
	open string // attributes of the <path> whose d is still open, or ""
}

type markState struct {
	col    color.Color
	width  vg.Length
	dashes []vg.Length
	offs   vg.Length
	groups int
}

// caughtText is one string gonum drew: its baseline start in vg
// coordinates (y up), font size and colour.
type caughtText struct {
	x, y, size float64
	col        color.Color
	s          string
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

// raw writes SVG markup (groups, <use>, …) after closing any open path.
func (m *markCanvas) raw(s string) {
	m.flush()
	m.buf.WriteString(s)
}

func (m *markCanvas) group(transform string) {
	m.raw(`<g transform="` + transform + `">` + "\n")
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
		m.raw("</g>\n")
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
	m.path(p, strokeAttrs(s.col, float64(s.width), s.dashes, s.offs), opaque(s.col))
}

func (m *markCanvas) Fill(p vg.Path) {
	if len(p) == 0 {
		return
	}
	m.path(p, ` fill="`+paint(m.top().col, "fill-opacity"), false)
}

// FillString records the text for the caller to write (see markCanvas).
func (m *markCanvas) FillString(f font.Face, pt vg.Point, s string) {
	m.texts = append(m.texts, caughtText{float64(pt.X), float64(pt.Y), float64(f.Font.Size), m.top().col, s})
}

// DrawImage is not used by the charts.
func (m *markCanvas) DrawImage(vg.Rectangle, image.Image) {}

// path writes p as a <path> with the given attributes (each with a leading
// space). When merge is set and the open path has the same attributes, p is
// appended to it instead.
func (m *markCanvas) path(p vg.Path, attrs string, merge bool) {
	if !merge || attrs != m.open {
		m.flush()
		m.buf.WriteString(`<path d="`)
		m.pen = pen{}
	}
	m.pen.cmd = 0 // p's first command letter is written, so no number is glued to the path before
	m.buf.Write(m.pen.appendPath(m.buf.AvailableBuffer(), p))
	m.open = attrs
	if !merge {
		m.flush()
	}
}

// flush closes the open path, if any.
func (m *markCanvas) flush() {
	if m.open == "" {
		return
	}
	m.buf.WriteString(`"` + m.open + "/>\n")
	m.open = ""
}

// bytes returns everything written so far.
func (m *markCanvas) bytes() []byte {
	m.flush()
	return m.buf.Bytes()
}

// strokeAttrs returns ` fill="none" stroke=…` for a line of colour c,
// width w and the given dashes.
func strokeAttrs(c color.Color, w float64, dashes []vg.Length, offs vg.Length) string {
	b := make([]byte, 0, 96)
	b = append(b, ` fill="none" stroke="`...)
	b = append(b, paint(c, "stroke-opacity")...)
	if w != 1 { // SVG's default
		b = append(b, ` stroke-width="`...)
		b = appendNum(b, w)
		b = append(b, '"')
	}
	if len(dashes) > 0 {
		b = append(b, ` stroke-dasharray="`...)
		for i, d := range dashes {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendNum(b, float64(d))
		}
		b = append(b, '"')
		if offs != 0 {
			b = append(b, ` stroke-dashoffset="`...)
			b = appendNum(b, float64(offs))
			b = append(b, '"')
		}
	}
	return string(b)
}

// paint returns a colour's hex value and closing quote, followed by its
// opacity attribute when it is not opaque: `#0072B2"` or
// `#222222" stroke-opacity="0.6"`.
func paint(c color.Color, opacityAttr string) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	b := make([]byte, 0, 40)
	b = appendHex(b, n)
	b = append(b, '"')
	if n.A != 255 {
		b = append(b, ' ')
		b = append(b, opacityAttr...)
		b = append(b, `="`...)
		b = appendNum(b, float64(n.A)/255)
		b = append(b, '"')
	}
	return string(b)
}

// hex returns c as "#RRGGBB", ignoring its opacity.
func hex(c color.Color) string {
	return string(appendHex(nil, color.NRGBAModel.Convert(c).(color.NRGBA)))
}

func appendHex(b []byte, n color.NRGBA) []byte {
	const digits = "0123456789ABCDEF"
	return append(b, '#', digits[n.R>>4], digits[n.R&15], digits[n.G>>4], digits[n.G&15], digits[n.B>>4], digits[n.B&15])
}

func opaque(c color.Color) bool {
	_, _, _, a := c.RGBA()
	return a == 0xffff
}

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
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/10, 10)
	if f := n % 10; f != 0 {
		b = append(b, '.', byte('0'+f))
	}
	return b
}

// appendNum appends v rounded to 2 decimals, without trailing zeros or
// "-0" ("12.5", "-3", "0.07"): for sizes, widths and opacities, which need
// finer steps than coordinates. It is exact integer arithmetic on v·100,
// much faster than strconv's float formatting.
func appendNum(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e12) { // NaN, ±Inf and huge numbers: never in our output
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

// appendCoord appends an SVG coordinate (x, y, width, height of text and
// rects) with one decimal, like the path data.
func appendCoord(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e12) {
		return strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	n := tenths(v)
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/10, 10)
	if f := n % 10; f != 0 {
		b = append(b, '.', byte('0'+f))
	}
	return b
}

// coord formats a coordinate; see appendCoord.
func coord(v float64) string {
	var a [24]byte
	return string(appendCoord(a[:0], v))
}
