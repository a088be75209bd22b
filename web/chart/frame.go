package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
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
// with text-anchor, so the browser places it with its real font.
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
	resR             float64 // px reserved right of the last column (≥ left reserve)
	legend           []legendItem
	layers           []func(f *frame) // data layers, drawn in order onto f.marks
}

type legendItem struct {
	label string
	thumb func(f *frame, x, y float64) // thumbnail in [x, x+thumbW], centred on y (vg), onto f.marks
}

// frame is one chart being drawn.
type frame struct {
	in   *Input
	th   Theme
	id   string // prefix of the document's ids
	T    int
	W, H float64
	slot float64 // px per token column
	step int     // every step-th token gets a tick label

	p  *plot.Plot
	dc draw.Canvas // gonum's data canvas (vg coordinates)

	fg, bg, muted color.RGBA

	axes, under, marks *markCanvas // gonum's axes and grid; mask shading; data marks
	defs               bytes.Buffer
	defined            map[string]bool // names in defs
	overlay            bytes.Buffer    // the labels: SVG in px, y down
	hl                 bytes.Buffer    // the hl-cols group
	drag               bytes.Buffer    // the handles group (handles.go), on top
	tmp                []byte
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

// text writes an SVG <text> at (x, y) in px (y = baseline, y down) into the
// labels group, whose font-size is Theme.FontSize and fill
// Theme.Foreground: size and fill are written only when they differ.
func (f *frame) text(x, y float64, s string, size float64, anchor string, fill string, extra string) {
	b := append(f.tmp[:0], `<text x="`...)
	b = appendCoord(b, x)
	b = append(b, `" y="`...)
	b = appendCoord(b, y)
	b = append(b, '"')
	if size != f.th.FontSize {
		b = append(b, ` font-size="`...)
		b = appendNum(b, size)
		b = append(b, '"')
	}
	if fill != f.th.Foreground {
		b = append(b, ` fill="`+fill+`"`...)
	}
	if anchor != "" && anchor != "start" {
		b = append(b, ` text-anchor="`+anchor+`"`...)
	}
	b = append(b, extra...)
	b = append(b, '>')
	b = append(b, esc(s)...)
	b = append(b, "</text>\n"...)
	f.overlay.Write(b)
	f.tmp = b
}

func (f *frame) sansText(size float64, col color.Color) draw.TextStyle {
	return draw.TextStyle{Color: col, Font: font.From(sansFont(), font.Length(size)), Handler: plot.DefaultTextHandler}
}

// render lays out and draws one chart of T tokens and returns its SVG and the
// frame (for tests to check geometry).
func render(in *Input, T int, th Theme, sp spec) ([]byte, *frame, error) {
	f := &frame{in: in, th: th, T: T, fg: rgb(th.Foreground), bg: rgb(th.Background), muted: rgb(th.Muted),
		id: in.ID, defined: map[string]bool{}}
	if f.id == "" {
		f.id = sp.defaultID
	}

	// Columns: TokenWidth each while they fit MaxPlotWidth, narrower after
	// that; tick labels then go on every step-th token (step 1, 2, 5, 10, …)
	// so that each label still has TokenWidth of room.
	f.slot = th.TokenWidth
	if float64(T)*f.slot > th.MaxPlotWidth {
		f.slot = th.MaxPlotWidth / float64(T)
	}
	resL := math.Max(th.MarkerRadius*1.4+4, 8)
	resR := math.Max(sp.resR, resL)

	// gonum plot: y axis with our ticker, x axis as a bare line (the token
	// labels are ours, below).
	p := plot.New()
	p.BackgroundColor = nil
	p.TextHandler = plot.DefaultTextHandler
	rng := sp.hi - sp.lo
	if rng < 1e-12 { // all zero
		rng = 2
		sp.lo, sp.hi = sp.lo-1, sp.hi+1
	}
	p.Y.Min, p.Y.Max = sp.lo-0.08*rng, sp.hi+0.08*rng
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.Length = 4
		a.Tick.Label = f.sansText(th.FontSize, f.fg)
		a.Padding = 0
	}
	p.Y.Tick.Label.XAlign, p.Y.Tick.Label.YAlign = draw.XRight, draw.YCenter
	p.Y.Tick.Marker = ticker{n: max(3, int(th.PlotHeight/50))}
	p.X.Tick.Marker = plot.ConstantTicks(nil)
	f.p = p

	// Ask gonum how wide the y axis is and how far its labels overhang.
	p.X.Min, p.X.Max = 0, 1
	trial := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 1000, Y: vg.Length(th.PlotHeight + 200)}}}
	tdc := p.DataCanvas(trial)
	yAxisW := float64(tdc.Min.X - trial.Min.X)
	topIn := float64(trial.Max.Y - tdc.Max.Y)
	botIn := float64(tdc.Min.Y - trial.Min.Y)

	yLabelW := 0.0
	if strings.TrimSpace(sp.yLabel) != "" {
		yLabelW = th.FontSize * 1.5
	}
	fixed := pad + yLabelW + yAxisW + resL + resR + pad
	if fixed+float64(T)*f.slot < minW { // widen the columns of short responses
		f.slot = math.Min(th.TokenWidth*maxSlot, (minW-fixed)/float64(T))
	}
	f.step = niceStep(th.TokenWidth / f.slot)
	dataW := float64(T)*f.slot + resL + resR
	f.W = math.Ceil(math.Max(minW, fixed+float64(T)*f.slot))
	p.X.Min = -0.5 - resL/f.slot
	p.X.Max = float64(T) - 0.5 + resR/f.slot

	// Header: title, caption, legend rows (y down).
	y := pad
	for _, l := range wrap(sp.title, th.TitleSize, f.W-2*pad) {
		y += th.TitleSize * 1.25
		f.text(pad, y-th.TitleSize*0.25, l, th.TitleSize, "", th.Foreground, ` font-weight="bold"`)
	}
	if sp.caption != "" {
		y += th.FontSize * 0.3
		for _, l := range wrap(sp.caption, th.FontSize, f.W-2*pad) {
			y += th.FontSize * 1.35
			f.text(pad, y-th.FontSize*0.3, l, th.FontSize, "", th.Muted, ` font-style="italic"`)
		}
	}
	type placed struct {
		item legendItem
		x, y float64 // thumbnail left, row centre (SVG px)
	}
	var legend []placed
	rowH := th.FontSize * 1.6
	if len(sp.legend) > 0 {
		y += th.FontSize * 0.4
		x, rowY := pad, y+rowH/2
		for _, it := range sp.legend {
			w := thumbW + 5 + textWidth(it.label, th.FontSize)
			if x > pad && x+w > f.W-pad {
				x, rowY = pad, rowY+rowH
			}
			legend = append(legend, placed{it, x, rowY})
			x += w + th.FontSize*1.3
		}
		y = rowY + rowH/2
	}
	y += 4
	if sp.states { // a row for the s_t labels above the data area
		y += th.FontSize * 1.1
	}
	subTop := y
	subBottom := subTop + topIn + th.PlotHeight + botIn
	y = subBottom + 4 + th.FontSize // token text baseline
	tokY := y
	y += th.FontSize * 1.2 // index baseline
	idxY := y
	xLabelY := 0.0
	if strings.TrimSpace(in.Text.TokenAxis) != "" {
		y += th.FontSize * 1.6
		xLabelY = y
	}
	f.H = math.Ceil(y + th.FontSize*0.35 + pad)

	// Draw with gonum: the axes and the grid go to f.axes; our layers, as
	// plotters (so that they get the data canvas), to f.under and f.marks.
	f.axes, f.under, f.marks = newMarkCanvas(), newMarkCanvas(), newMarkCanvas()
	f.marks.buf.Grow(2048 + 40*T)
	full := draw.Canvas{Canvas: f.axes, Rectangle: vg.Rectangle{Max: vg.Point{X: vg.Length(f.W), Y: vg.Length(f.H)}}}
	subL := pad + yLabelW
	sub := draw.Crop(full, vg.Length(subL), vg.Length(subL+yAxisW+dataW-f.W), vg.Length(f.H-subBottom), vg.Length(-subTop))
	grid := plotter.NewGrid() // horizontal lines at the y ticks only
	grid.Vertical.Color = nil
	grid.Horizontal = draw.LineStyle{Color: rgb(th.Grid), Width: 1}
	// The first plotter keeps the data canvas that Draw hands to plotters.
	keep := layer(func(c draw.Canvas, _ *plot.Plot) { f.dc = c })
	p.Add(keep, layer(func(draw.Canvas, *plot.Plot) { f.maskLayer() }), grid,
		layer(func(draw.Canvas, *plot.Plot) { f.boundaryLayer() }))
	for _, l := range sp.layers {
		p.Add(layer(func(draw.Canvas, *plot.Plot) { l(f) }))
	}
	p.Draw(sub)
	for _, pl := range legend {
		pl.item.thumb(f, pl.x, f.H-pl.y)
	}

	// Text.
	for _, pl := range legend {
		f.text(pl.x+thumbW+5, pl.y+th.FontSize*0.35, pl.item.label, th.FontSize, "", th.Foreground, "")
	}
	for _, t := range f.axes.texts { // gonum's y tick labels
		f.text(t.x, f.sy(t.y), t.s, t.size, "", hex(t.col), "")
	}
	x0, y0, _, y1 := f.dataRect()
	if yLabelW > 0 {
		b := append(f.tmp[:0], `<text transform="translate(`...)
		b = appendCoord(b, pad+th.FontSize)
		b = append(b, ' ')
		b = appendCoord(b, (y0+y1)/2)
		b = append(b, `) rotate(-90)" text-anchor="middle">`...)
		b = append(b, esc(oneLine(sp.yLabel))...)
		b = append(b, "</text>\n"...)
		f.overlay.Write(b)
		f.tmp = b
	}
	f.tickLabels(tokY, idxY)
	if sp.states {
		f.stateLabels(y0 - 4)
	}
	if xLabelY > 0 {
		f.text((x0+f.X(float64(T)-0.5))/2, xLabelY, oneLine(in.Text.TokenAxis), th.FontSize, "middle", th.Foreground, "")
	}

	// The hl rects tile the columns exactly: each spans from its rounded
	// left edge to the next one's.
	f.hl.Grow(80 * (T + 1))
	f.hl.WriteString(`<g class="hl-cols" fill="` + th.Highlight + `" fill-opacity="0">` + "\n")
	for t := range T {
		a, b := f.column(t)
		hlRect(&f.hl, t, a, y0, b, y1)
	}
	f.hl.WriteString("</g>\n")
	return f.finish(sp), f, nil
}

// finish assembles the document (see the layout at the top of this file).
func (f *frame) finish(sp spec) []byte {
	under, axes, marks := f.under.bytes(), f.axes.bytes(), f.marks.bytes()
	var b bytes.Buffer
	b.Grow(len(under) + len(axes) + len(marks) + f.overlay.Len() + f.defs.Len() + 90*(f.T+1) + 2048)
	root(&b, f.W, f.H, sp.class, f.th.Name, f.id, sp.title, sp.desc)
	if f.defs.Len() > 0 {
		b.WriteString("<defs>\n")
		b.Write(f.defs.Bytes())
		b.WriteString("</defs>\n")
	}
	b.WriteString(`<rect width="` + coord(f.W) + `" height="` + coord(f.H) + `" fill="` + f.th.Background + `"/>` + "\n")
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
	b.Write(f.overlay.Bytes())
	b.WriteString("</g>\n")
	b.Write(f.hl.Bytes())
	b.Write(f.drag.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// layer adapts a function to gonum's plot.Plotter.
type layer func(c draw.Canvas, p *plot.Plot)

func (l layer) Plot(c draw.Canvas, p *plot.Plot) { l(c, p) }

// maskLayer shades the columns of mask-0 tokens, one hatched rect per run
// of equal kinds: padding with rising hatches, observations with falling.
func (f *frame) maskLayer() {
	y0, y1 := float64(f.dc.Min.Y), float64(f.dc.Max.Y)
	for t := 0; t < f.T; {
		k := f.in.kind(t)
		u := t + 1
		for u < f.T && f.in.kind(u) == k {
			u++
		}
		if k != Valid {
			f.swatch(f.under, k, f.X(float64(t)-0.5), y0, f.X(float64(u)-0.5), y1)
		}
		t = u
	}
}

// swatch fills a rectangle the way mask kind k is shaded.
func (f *frame) swatch(m *markCanvas, k Kind, x0, y0, x1, y1 float64) {
	fill := f.definePattern("pad", 7, rgb(f.th.PaddingFill), rgb(f.th.PaddingHatch), true)
	if k == Observation {
		fill = f.definePattern("obs", 7, rgb(f.th.ObservationFill), rgb(f.th.ObservationHatch), false)
	}
	m.path(appendRect(nil, x0, y0, x1, y1), ` fill="`+fill+`"`, false)
}

// boundaryLayer draws the faint token boundaries (where the values V(s_t)
// sit) and the zero line.
func (f *frame) boundaryLayer() {
	y0, y1 := f.dc.Min.Y, f.dc.Max.Y
	// Every boundary while columns are wide; when they are narrow, only the
	// boundaries before labelled tokens, so the lines stay faint.
	path := make(vg.Path, 0, 2*f.T+2)
	for t := 0; t <= f.T; t++ { // the boundary before token t; t = T: after the last token
		if t < f.T && f.slot < 16 && (t+f.in.Base)%f.step != 0 {
			continue
		}
		x := vg.Length(f.X(float64(t) - 0.5))
		path.Move(vg.Point{X: x, Y: y0})
		path.Line(vg.Point{X: x, Y: y1})
	}
	f.marks.path(path, strokeAttrs(rgb(f.th.Boundary), 1, nil, 0), false)
	z := f.Y(0)
	line(f.marks, float64(f.dc.Min.X), z, float64(f.dc.Max.X), z, draw.LineStyle{Color: f.fg, Width: 1})
}

// tickLabels writes each labelled token's text (truncated with "…" to its
// room) and its index t+Base, centred under its column.
func (f *frame) tickLabels(tokY, idxY float64) {
	room := float64(f.step)*f.slot - 4
	f.overlay.WriteString(`<g class="ticks" text-anchor="middle">` + "\n")
	for t := range f.T {
		n := t + f.in.Base
		if n%f.step != 0 && f.step > 1 {
			continue
		}
		x := f.X(float64(t))
		lab := fit(tokenLabel(f.in.Tokens[t]), f.th.FontSize, room)
		b := append(f.tmp[:0], `<text x="`...)
		b = appendCoord(b, x)
		b = append(b, `" y="`...)
		b = appendCoord(b, tokY)
		b = append(b, `">`...)
		b = append(b, esc(lab)...)
		b = append(b, "</text>\n"+`<text x="`...)
		b = appendCoord(b, x)
		b = append(b, `" y="`...)
		b = appendCoord(b, idxY)
		b = append(b, `" fill="`+f.th.Muted+`">`...)
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, "</text>\n"...)
		f.overlay.Write(b)
		f.tmp = b
	}
	f.overlay.WriteString("</g>\n")
}

// hlRect writes token t's highlight rect over [x0, x1] × [y0, y1] (its fill
// and fill-opacity come from the hl-cols group). Its edges are rounded
// like every coordinate, and its width is the difference of the rounded
// edges, so neighbouring rects share their edge exactly.
func hlRect(w *bytes.Buffer, t int, x0, y0, x1, y1 float64) {
	var a [128]byte
	b := append(a[:0], `<rect class="hl" data-t="`...)
	b = strconv.AppendInt(b, int64(t), 10)
	b = append(b, `" x="`...)
	b = appendCoord(b, x0)
	b = append(b, `" y="`...)
	b = appendCoord(b, y0)
	b = append(b, `" width="`...)
	b = appendCoord(b, float64(tenths(x1)-tenths(x0))/10)
	b = append(b, `" height="`...)
	b = appendCoord(b, float64(tenths(y1)-tenths(y0))/10)
	b = append(b, `"/>`+"\n"...)
	w.Write(b)
}

// stateLabels writes s_n (n = t+Base, subscript digits) above each
// boundary that gets a tick label, and above the terminal state s_T.
func (f *frame) stateLabels(y float64) {
	size := f.th.FontSize * 0.95
	fmt.Fprintf(&f.overlay, `<g class="states" font-size="%s" font-style="italic" fill="%s" text-anchor="middle">`+"\n", num(size), f.th.Muted)
	xT := f.X(float64(f.T) - 0.5)
	for t := 0; t <= f.T; t++ {
		n := t + f.in.Base
		x := f.X(float64(t) - 0.5)
		if t < f.T && (f.step > 1 && n%f.step != 0 || xT-x < f.th.TokenWidth*0.8 && f.step > 1) {
			continue
		}
		fmt.Fprintf(&f.overlay, `<text x="%s" y="%s">s%s</text>`+"\n", coord(x), coord(y), subscript(n))
	}
	f.overlay.WriteString("</g>\n")
}

// subscript writes n with Unicode subscript digits.
func subscript(n int) string {
	var b strings.Builder
	for _, r := range strconv.Itoa(n) {
		b.WriteRune('₀' + r - '0')
	}
	return b.String()
}

// ticker places about n ticks at multiples of a round step (1, 2, 2.5 or 5
// times a power of ten), so 0 is a tick whenever it is in range.
type ticker struct{ n int }

func (tk ticker) Ticks(lo, hi float64) []plot.Tick {
	raw := (hi - lo) / float64(tk.n)
	if !(raw > 0) {
		return nil
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	m := 10.0
	for _, c := range []float64{1, 2, 2.5, 5} {
		if c*mag >= raw*(1-1e-9) {
			m = c
			break
		}
	}
	step := m * mag
	dec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	if m == 2.5 {
		dec++
	}
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', dec, 64)})
	}
	return ticks
}

// root writes the opening <svg> tag, <title> and <desc>.
func root(b *bytes.Buffer, w, h float64, class, theme, id, title, desc string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="gae-chart %s theme-%s" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-labelledby="%s-title %s-desc" font-family="%s">`+"\n",
		class, theme, coord(w), coord(h), coord(w), coord(h), id, id, FontFamily)
	fmt.Fprintf(b, `<title id="%s-title">%s</title>`+"\n", id, esc(oneLine(title)))
	fmt.Fprintf(b, `<desc id="%s-desc">%s</desc>`+"\n", id, esc(oneLine(desc)))
}

// descList formats series v for <desc>: "sym=val, …" (item formats entry
// i). Past eight entries it gives the first three and the last two with "…"
// between them, then the smallest and the largest: "(min …, max …)".
func descList(v []float64, item func(i int) string) string {
	n := len(v)
	if n <= 8 {
		parts := make([]string, n)
		for i := range n {
			parts[i] = item(i)
		}
		return strings.Join(parts, ", ")
	}
	lo, hi := 0, 0
	for i, x := range v {
		if x < v[lo] {
			lo = i
		}
		if x > v[hi] {
			hi = i
		}
	}
	return item(0) + ", " + item(1) + ", " + item(2) + ", " + ellipsis + ", " + item(n-2) + ", " + item(n-1) +
		" (min " + item(lo) + ", max " + item(hi) + ")"
}

// descMask lists the mask-0 tokens of kind k as index ranges ("6–7"), or "".
func descMask(in *Input, T int, k Kind) string {
	var parts []string
	for t := 0; t < T; {
		if in.kind(t) != k {
			t++
			continue
		}
		u := t
		for u+1 < T && in.kind(u+1) == k {
			u++
		}
		s := strconv.Itoa(t + in.Base)
		if u > t {
			s += "–" + strconv.Itoa(u+in.Base)
		}
		parts = append(parts, s)
		t = u + 1
	}
	if len(parts) > 6 {
		parts = append(parts[:5], ellipsis)
	}
	return strings.Join(parts, ", ")
}

// maskLegend returns legend items for the mask kinds present, and the
// <desc> sentences naming their tokens.
func (in *Input) maskLegend(T int) ([]legendItem, string) {
	var items []legendItem
	var desc []string
	for _, k := range []Kind{Padding, Observation} {
		where := descMask(in, T, k)
		if where == "" {
			continue
		}
		label := in.Text.Padding
		if k == Observation {
			label = in.Text.Observation
		}
		label = oneLine(label)
		items = append(items, legendItem{label, func(f *frame, x, y float64) {
			h := f.th.FontSize * 0.5
			f.swatch(f.marks, k, x+3, y-h, x+thumbW-3, y+h)
		}})
		desc = append(desc, label+": "+where+".")
	}
	return items, strings.Join(desc, " ")
}
