package chart

import (
	"bytes"
	"strconv"
	"strings"

	"gaelab/web/svg"
)

// writer is the one SVG writer of the hand-drawn parts of the charts (every
// text, the ribbon, the heat map, the objective chart), in SVG px, y down.
// gonum's axes and the data marks, drawn in gonum's coordinates (y up), go
// through markCanvas instead, whose path data this writer shares (pen).
//
// Texts sit in groups whose font-size, fill and text-anchor they inherit:
// text writes only what differs from the innermost group's (inherit),
// which group and end keep track of. Every string is escaped by package
// svg's one escaper.
type writer struct {
	b   bytes.Buffer
	tmp []byte
	in  inherit   // what the texts inherit now
	out []inherit // the enclosing groups'
}

// inherit is what a group gives its texts: font-size, fill and
// text-anchor ("start" or "middle"; "" counts as "start").
type inherit struct {
	size   float64
	fill   string
	anchor string
}

// newWriter returns a writer whose texts inherit size, fill and anchor.
func newWriter(size float64, fill, anchor string) *writer {
	return &writer{in: inherit{size, fill, anchorOf(anchor)}}
}

func anchorOf(a string) string {
	if a == "" {
		return "start"
	}
	return a
}

// group opens <g attrs> (attrs as written, with a leading space) whose
// texts inherit size, fill and anchor; a zero size or "" keeps the current
// one. end closes it.
func (w *writer) group(attrs string, size float64, fill, anchor string) {
	w.b.WriteString("<g" + attrs + ">\n")
	w.out = append(w.out, w.in)
	if size != 0 {
		w.in.size = size
	}
	if fill != "" {
		w.in.fill = fill
	}
	if anchor != "" {
		w.in.anchor = anchor
	}
}

// end closes the innermost group.
func (w *writer) end() {
	w.b.WriteString("</g>\n")
	w.in, w.out = w.out[len(w.out)-1], w.out[:len(w.out)-1]
}

// text writes a <text> at (x, y), y its baseline; size, fill and anchor
// only when they differ from the group's; extra (attributes with a leading
// space) as given.
func (w *writer) text(x, y float64, s string, size float64, anchor, fill, extra string) {
	b := append(w.tmp[:0], `<text x="`...)
	b = appendCoord(b, x)
	b = append(b, `" y="`...)
	b = appendCoord(b, y)
	b = append(b, '"')
	if size != w.in.size {
		b = append(b, ` font-size="`...)
		b = appendNum(b, size)
		b = append(b, '"')
	}
	if fill != w.in.fill {
		b = append(b, ` fill="`+fill+`"`...)
	}
	if a := anchorOf(anchor); a != w.in.anchor {
		b = append(b, ` text-anchor="`+a+`"`...)
	}
	b = append(b, extra...)
	b = append(b, '>')
	b = svg.Append(b, s)
	b = append(b, "</text>\n"...)
	w.flush(b)
}

// vtext writes s centred on (x, y), rotated to read upwards (y-axis labels).
func (w *writer) vtext(x, y float64, s string) {
	b := append(w.tmp[:0], `<text transform="translate(`...)
	b = appendCoord(b, x)
	b = append(b, ' ')
	b = appendCoord(b, y)
	b = append(b, `) rotate(-90)" text-anchor="middle">`...)
	b = svg.Append(b, s)
	b = append(b, "</text>\n"...)
	w.flush(b)
}

// rect writes a <rect> at (x, y) of the given size.
func (w *writer) rect(x, y, width, height float64, attrs string) {
	b := append(w.tmp[:0], `<rect x="`...)
	b = appendCoord(b, x)
	b = append(b, `" y="`...)
	b = appendCoord(b, y)
	b = append(b, `" width="`...)
	b = appendCoord(b, width)
	b = append(b, `" height="`...)
	b = appendCoord(b, height)
	b = append(b, `"`+attrs+"/>\n"...)
	w.flush(b)
}

// cell writes a <rect> over [x0, x1] × [y0, y1] that tiles with its
// neighbours (see appendCell).
func (w *writer) cell(x0, y0, x1, y1 float64, attrs string) {
	b := append(w.tmp[:0], `<rect`...)
	b = appendCell(b, x0, y0, x1, y1)
	b = append(b, attrs...)
	w.flush(append(b, "/>\n"...))
}

// hl writes token t's highlight rect over [x0, x1] × [y0, y1]; its fill
// and fill-opacity come from the hl-cols group.
func (w *writer) hl(t int, x0, y0, x1, y1 float64) {
	b := append(w.tmp[:0], `<rect class="hl" data-t="`...)
	b = strconv.AppendInt(b, int64(t), 10)
	b = append(b, '"')
	b = appendCell(b, x0, y0, x1, y1)
	w.flush(append(b, "/>\n"...))
}

// polyline strokes one path through the points (x0, y0, x1, y1, …).
func (w *writer) polyline(xy []float64, attrs string) {
	var pn pen
	b := append(w.tmp[:0], `<path d="`...)
	b = pn.move(b, xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		b = pn.line(b, xy[i], xy[i+1])
	}
	b = append(b, `"`+attrs+"/>\n"...)
	w.flush(b)
}

// segments strokes separate segments (x0, y0, x1, y1, …) as one path.
func (w *writer) segments(xy []float64, attrs string) {
	var pn pen
	b := append(w.tmp[:0], `<path d="`...)
	for i := 0; i+3 < len(xy); i += 4 {
		b = pn.move(b, xy[i], xy[i+1])
		b = pn.line(b, xy[i+2], xy[i+3])
	}
	b = append(b, `"`+attrs+"/>\n"...)
	w.flush(b)
}

// path writes a <path> of ready path data d.
func (w *writer) path(d []byte, attrs string) {
	b := append(w.tmp[:0], `<path d="`...)
	b = append(b, d...)
	b = append(b, `"`+attrs+"/>\n"...)
	w.flush(b)
}

func (w *writer) flush(b []byte) {
	w.b.Write(b)
	w.tmp = b
}

// appendCell appends a rect's geometry ( x="…" y="…" width="…"
// height="…") with its edges rounded like every coordinate and its size the
// difference of the rounded edges, so that neighbouring cells share their
// edge exactly.
func appendCell(b []byte, x0, y0, x1, y1 float64) []byte {
	b = append(b, ` x="`...)
	b = appendCoord(b, x0)
	b = append(b, `" y="`...)
	b = appendCoord(b, y0)
	b = append(b, `" width="`...)
	b = appendCoord(b, float64(tenths(x1)-tenths(x0))/10)
	b = append(b, `" height="`...)
	b = appendCoord(b, float64(tenths(y1)-tenths(y0))/10)
	return append(b, '"')
}

// page is what a chart's document says at its root.
type page struct {
	W, H                 float64
	class, theme, id, bg string // bg: the background colour
	title, desc          string
}

// begin writes the document's start into b (see the package doc): the
// opening <svg> tag, <title>, <desc>, defs as given (the <defs> element,
// or nothing), and the background <rect>. The caller writes the body and
// then "</svg>\n".
func (p page) begin(b *bytes.Buffer, defs []byte, more ...string) {
	root(b, p.W, p.H, p.class, p.theme, p.id, p.title, p.desc, more...)
	b.Write(defs)
	b.WriteString(`<rect width="` + coord(p.W) + `" height="` + coord(p.H) + `" fill="` + p.bg + `"/>` + "\n")
}

// root writes the opening <svg> tag, <title> and <desc>; the picture is
// labelled by them and by the elements of ids more (a grid's panels'
// descriptions).
func root(b *bytes.Buffer, w, h float64, class, theme, id, title, desc string, more ...string) {
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="gae-chart ` + class + ` theme-` + theme +
		`" width="` + coord(w) + `" height="` + coord(h) + `" viewBox="0 0 ` + coord(w) + ` ` + coord(h) +
		`" role="img" aria-labelledby="` + strings.Join(append([]string{id + "-title", id + "-desc"}, more...), " ") + `" font-family="` + FontFamily + `">` + "\n")
	b.WriteString(`<title id="` + id + `-title">` + svg.Escape(oneLine(title)) + "</title>\n")
	b.WriteString(`<desc id="` + id + `-desc">` + svg.Escape(oneLine(desc)) + "</desc>\n")
}
