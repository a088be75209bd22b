package chart

import (
	"bytes"
	"image"
	"image/color"
	"math"

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
	m.pathWith(attrs, merge, func(b []byte, pn *pen) []byte { return pn.appendPath(b, p) })
}

// pathWith is path for path data that data appends with the pen, without
// building a vg.Path first (bars, lines through many points).
func (m *markCanvas) pathWith(attrs string, merge bool, data func(b []byte, pn *pen) []byte) {
	if !merge || attrs != m.open {
		m.flush()
		m.buf.WriteString(`<path d="`)
		m.pen = pen{}
	}
	m.pen.cmd = 0 // the first command letter is written, so no number is glued to the path before
	m.buf.Write(data(m.buf.AvailableBuffer(), &m.pen))
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
