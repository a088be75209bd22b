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
	"gonum.org/v1/plot/vg/vgsvg"
)

// Layout, in px (1 SVG user unit = 1 px = 1 vg point):
//
//	title (wrapped), caption (chart 3 without whitening), legend rows
//	[y label | gonum: y axis + data area (token columns) ]
//	tick labels: token text on one line, its index t+Base below
//	x-axis label
//
// gonum/plot lays the chart out (data canvas, transforms) and draws it: vgsvg
// gets the background, the axes with their tick labels and the grid; the
// marks whose number grows with T (mask shading, token boundaries, lines,
// markers, bars, legend thumbnails) go through the same gonum drawing calls
// to a markCanvas, which formats them faster. Text whose width matters
// (titles, legends, token labels, which may be CJK or emoji that gonum's
// Liberation font cannot measure) is written as SVG <text> with text-anchor,
// so the browser places it with its real font.

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
	layers           []func(f *frame, c draw.Canvas) // data layers, drawn in order
}

type legendItem struct {
	label string
	thumb func(f *frame, c draw.Canvas, x, y float64) // thumbnail in [x, x+thumbW], centred on y (vg)
}

// frame is one chart being drawn.
type frame struct {
	in   *Input
	th   Theme
	T    int
	W, H float64
	slot float64 // px per token column
	step int     // every step-th token gets a tick label

	p  *plot.Plot
	dc draw.Canvas // gonum's data canvas (vg coordinates)

	fg, bg, muted color.RGBA
	overlay       bytes.Buffer // hand-written SVG in px, y down
	tmp           []byte
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

// text writes an SVG <text> at (x, y) in px (y = baseline, y down).
func (f *frame) text(x, y float64, s string, size float64, anchor string, fill string, extra string) {
	fmt.Fprintf(&f.overlay, `<text x="%s" y="%s" font-size="%s" fill="%s"`, num(x), num(y), num(size), fill)
	if anchor != "" {
		fmt.Fprintf(&f.overlay, ` text-anchor="%s"`, anchor)
	}
	f.overlay.WriteString(extra)
	fmt.Fprintf(&f.overlay, ">%s</text>\n", esc(s))
}

func (f *frame) sansText(size float64, col color.Color) draw.TextStyle {
	return draw.TextStyle{Color: col, Font: font.From(sansFont(), font.Length(size)), Handler: plot.DefaultTextHandler}
}

// render lays out and draws one chart of T tokens and returns its SVG and the
// frame (for tests to check geometry).
func render(in *Input, T int, th Theme, sp spec) ([]byte, *frame, error) {
	f := &frame{in: in, th: th, T: T, fg: rgb(th.Foreground), bg: rgb(th.Background), muted: rgb(th.Muted)}
	id := in.ID
	if id == "" {
		id = sp.defaultID
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
	titleLines := wrap(sp.title, th.TitleSize, f.W-2*pad)
	var header bytes.Buffer
	for _, l := range titleLines {
		y += th.TitleSize * 1.25
		fmt.Fprintf(&header, `<text x="%s" y="%s" font-size="%s" font-weight="bold" fill="%s">%s</text>`+"\n",
			num(pad), num(y-th.TitleSize*0.25), num(th.TitleSize), th.Foreground, esc(l))
	}
	if sp.caption != "" {
		y += th.FontSize * 0.3
		for _, l := range wrap(sp.caption, th.FontSize, f.W-2*pad) {
			y += th.FontSize * 1.35
			fmt.Fprintf(&header, `<text x="%s" y="%s" font-size="%s" font-style="italic" fill="%s">%s</text>`+"\n",
				num(pad), num(y-th.FontSize*0.3), num(th.FontSize), th.Muted, esc(l))
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

	// Draw with gonum.
	cv := vgsvg.New(vg.Length(f.W), vg.Length(f.H))
	full := draw.New(cv)
	rect(full, 0, 0, f.W, f.H, f.bg)
	subL := pad + yLabelW
	sub := draw.Crop(full, vg.Length(subL), vg.Length(subL+yAxisW+dataW-f.W), vg.Length(f.H-subBottom), vg.Length(-subTop))
	grid := plotter.NewGrid() // horizontal lines at the y ticks only
	grid.Vertical.Color = nil
	grid.Horizontal = draw.LineStyle{Color: rgb(th.Grid), Width: 1}
	// What grows with T (shading, boundaries, data marks) goes to a
	// markCanvas (see there); the axes and the grid to vgsvg. The mask
	// shading lies under the grid, so it is the only mark vgsvg's grid
	// lines come after.
	marks, under := newMarkCanvas(), newMarkCanvas()
	marks.buf.Grow(2048 + 400*T)
	onto := func(mc *markCanvas, l func(f *frame, c draw.Canvas)) layer {
		return func(c draw.Canvas, _ *plot.Plot) { l(f, draw.Canvas{Canvas: mc, Rectangle: c.Rectangle}) }
	}
	// The first plotter keeps the data canvas that Draw hands to plotters.
	keep := layer(func(c draw.Canvas, _ *plot.Plot) { f.dc = c })
	p.Add(keep, onto(under, (*frame).maskLayer), grid, onto(marks, (*frame).boundaryLayer))
	for _, l := range sp.layers {
		p.Add(onto(marks, l))
	}
	p.Draw(sub)
	for _, pl := range legend {
		pl.item.thumb(f, draw.Canvas{Canvas: marks, Rectangle: full.Rectangle}, pl.x, f.H-pl.y)
	}

	// Text.
	f.overlay.Write(header.Bytes())
	for _, pl := range legend {
		f.text(pl.x+thumbW+5, pl.y+th.FontSize*0.35, pl.item.label, th.FontSize, "", th.Foreground, "")
	}
	x0, y0, _, y1 := f.dataRect()
	if yLabelW > 0 {
		fmt.Fprintf(&f.overlay, `<text transform="translate(%s %s) rotate(-90)" font-size="%s" fill="%s" text-anchor="middle">%s</text>`+"\n",
			num(pad+th.FontSize), num((y0+y1)/2), num(th.FontSize), th.Foreground, esc(oneLine(sp.yLabel)))
	}
	f.tickLabels(tokY, idxY)
	if sp.states {
		f.stateLabels(y0 - 4)
	}
	if xLabelY > 0 {
		f.text((x0+f.X(float64(T)-0.5))/2, xLabelY, oneLine(in.Text.TokenAxis), th.FontSize, "middle", th.Foreground, "")
	}

	var out bytes.Buffer
	if _, err := cv.WriteTo(&out); err != nil {
		return nil, nil, fmt.Errorf("chart: write svg: %w", err)
	}
	var hl bytes.Buffer
	hl.Grow(100 * (T + 1))
	hl.WriteString(`<g class="hl-cols">` + "\n")
	for t := range T {
		a, b := f.column(t)
		hlRect(&hl, t, a, y0, b-a, y1-y0, th.Highlight)
	}
	hl.WriteString("</g>\n")
	svg, err := finish(out.Bytes(), f.W, f.H, sp.class, th.Name, id, sp.title, sp.desc, under.buf.Bytes(), marks.buf.Bytes(), f.overlay.Bytes(), hl.Bytes())
	if err != nil {
		return nil, nil, err
	}
	return svg, f, nil
}

// layer adapts a function to gonum's plot.Plotter.
type layer func(c draw.Canvas, p *plot.Plot)

func (l layer) Plot(c draw.Canvas, p *plot.Plot) { l(c, p) }

// maskLayer shades the columns of mask-0 tokens, one hatched span per run
// of equal kinds: padding with rising hatches, observations with falling.
func (f *frame) maskLayer(c draw.Canvas) {
	for t := 0; t < f.T; {
		k := f.in.kind(t)
		u := t + 1
		for u < f.T && f.in.kind(u) == k {
			u++
		}
		if k != Valid {
			x0, x1 := f.X(float64(t)-0.5), f.X(float64(u)-0.5)
			y0, y1 := float64(c.Min.Y), float64(c.Max.Y)
			f.swatch(c, k, x0, y0, x1, y1)
		}
		t = u
	}
}

// swatch fills a rectangle the way mask kind k is shaded.
func (f *frame) swatch(c draw.Canvas, k Kind, x0, y0, x1, y1 float64) {
	fill, hatchCol, up := f.th.PaddingFill, f.th.PaddingHatch, true
	if k == Observation {
		fill, hatchCol, up = f.th.ObservationFill, f.th.ObservationHatch, false
	}
	rect(c, x0, y0, x1, y1, rgb(fill))
	hatch(c, x0, y0, x1, y1, 7, up, draw.LineStyle{Color: rgb(hatchCol), Width: 1})
}

// boundaryLayer draws the grid's horizontal lines, the faint token
// boundaries (where the values V(s_t) sit) and the zero line.
func (f *frame) boundaryLayer(c draw.Canvas) {
	y0, y1 := c.Min.Y, c.Max.Y
	{
		// Every boundary while columns are wide; when they are narrow, only
		// the boundaries before labelled tokens, so the lines stay faint.
		ls := draw.LineStyle{Color: rgb(f.th.Boundary), Width: 1}
		var path vg.Path
		for t := 0; t < f.T; t++ { // the boundary before token t
			if f.slot < 16 && (t+f.in.Base)%f.step != 0 {
				continue
			}
			x := vg.Length(f.X(float64(t) - 0.5))
			path.Move(vg.Point{X: x, Y: y0})
			path.Line(vg.Point{X: x, Y: y1})
		}
		x := vg.Length(f.X(float64(f.T) - 0.5)) // after the last token
		path.Move(vg.Point{X: x, Y: y0})
		path.Line(vg.Point{X: x, Y: y1})
		c.SetLineStyle(ls)
		c.Stroke(path)
	}
	z := vg.Length(f.Y(0))
	c.StrokeLine2(draw.LineStyle{Color: f.fg, Width: 1}, c.Min.X, z, c.Max.X, z)
}

// tickLabels writes each labelled token's text (truncated with "…" to its
// room) and its index t+Base, centred under its column.
func (f *frame) tickLabels(tokY, idxY float64) {
	room := float64(f.step)*f.slot - 4
	fmt.Fprintf(&f.overlay, `<g class="ticks" font-size="%s" fill="%s" text-anchor="middle">`+"\n", num(f.th.FontSize), f.th.Foreground)
	for t := range f.T {
		n := t + f.in.Base
		if n%f.step != 0 && f.step > 1 {
			continue
		}
		x := f.X(float64(t))
		lab := fit(tokenLabel(f.in.Tokens[t]), f.th.FontSize, room)
		b := append(f.tmp[:0], `<text x="`...)
		b = appendNum(b, x)
		b = append(b, `" y="`...)
		b = appendNum(b, tokY)
		b = append(b, `">`...)
		b = append(b, esc(lab)...)
		b = append(b, "</text>\n"+`<text x="`...)
		b = appendNum(b, x)
		b = append(b, `" y="`...)
		b = appendNum(b, idxY)
		b = append(b, `" fill="`+f.th.Muted+`">`...)
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, "</text>\n"...)
		f.overlay.Write(b)
		f.tmp = b
	}
	f.overlay.WriteString("</g>\n")
}

// hlRect writes token t's invisible highlight rect.
func hlRect(w *bytes.Buffer, t int, x, y, width, height float64, fill string) {
	var a [256]byte
	b := append(a[:0], `<rect class="hl" data-t="`...)
	b = strconv.AppendInt(b, int64(t), 10)
	b = append(b, `" x="`...)
	b = appendNum(b, x)
	b = append(b, `" y="`...)
	b = appendNum(b, y)
	b = append(b, `" width="`...)
	b = appendNum(b, width)
	b = append(b, `" height="`...)
	b = appendNum(b, height)
	b = append(b, `" fill="`...)
	b = append(b, fill...)
	b = append(b, `" fill-opacity="0"/>`+"\n"...)
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
		fmt.Fprintf(&f.overlay, `<text x="%s" y="%s">s%s</text>`+"\n", num(x), num(y), subscript(n))
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

// finish turns vgsvg's document into ours: our root <svg> (class, viewBox,
// role, aria-labelledby) with <title> and <desc> first; vgsvg's inline style
// attributes become presentation attributes with our font-family; the
// data marks (y flipped like vgsvg's group), the overlay and the hl rects
// go after it, in that order, so the hl rects are on top.
func finish(raw []byte, w, h float64, class, theme, id, title, desc string, under, marks, overlay, hl []byte) ([]byte, error) {
	start := bytes.Index(raw, []byte("<svg"))
	if start < 0 {
		return nil, fmt.Errorf("chart: vgsvg output has no <svg>")
	}
	open := bytes.IndexByte(raw[start:], '>')
	end := bytes.LastIndex(raw, []byte("</svg>"))
	if open < 0 || end < start+open {
		return nil, fmt.Errorf("chart: vgsvg output is not one <svg> element")
	}
	body := raw[start+open+1 : end]

	var b bytes.Buffer
	b.Grow(len(body) + len(under) + len(marks) + len(overlay) + len(hl) + 1024)
	root(&b, w, h, class, theme, id, title, desc)
	flip := `transform="matrix(1 0 0 -1 0 ` + num(h) + `)"`
	// vgsvg's body is its background, then its flipped group; the mask
	// shading goes between the background and the rest.
	g0 := bytes.Index(body, []byte("<g "))
	g1 := bytes.IndexByte(body[max(g0, 0):], '>') + max(g0, 0) + 1
	bg := bytes.Index(body, []byte("/>\n"))
	if g0 < 0 || bg < g1 || !bytes.Contains(body[g1:bg], []byte("<path")) {
		return nil, fmt.Errorf("chart: vgsvg output does not start with a group and the background")
	}
	unstyle(&b, body[:bg+3])
	if len(under) > 0 {
		b.WriteString(`</g><g class="mask" ` + flip + ">\n")
		b.Write(under)
		b.WriteString("</g>")
		b.Write(body[g0:g1]) // reopen vgsvg's group
	}
	unstyle(&b, body[bg+3:])
	b.WriteString(`<g class="marks" ` + flip + ">\n")
	b.Write(marks)
	b.WriteString("</g>\n")
	b.WriteString(`<g class="labels">` + "\n")
	b.Write(overlay)
	b.WriteString("</g>\n")
	b.Write(hl)
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

// root writes the opening <svg> tag, <title> and <desc>.
func root(b *bytes.Buffer, w, h float64, class, theme, id, title, desc string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="gae-chart %s theme-%s" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-labelledby="%s-title %s-desc" font-family="%s">`+"\n",
		class, theme, num(w), num(h), num(w), num(h), id, id, FontFamily)
	fmt.Fprintf(b, `<title id="%s-title">%s</title>`+"\n", id, esc(oneLine(title)))
	fmt.Fprintf(b, `<desc id="%s-desc">%s</desc>`+"\n", id, esc(oneLine(desc)))
}

// unstyle copies vgsvg's body, rewriting each style="k:v;…" attribute as
// presentation attributes k="v" (a strict CSP blocks inline styles; the
// page's CSS overrides presentation attributes) and replacing gonum's
// font-family by FontFamily. vgsvg escapes text content, so `style="` only
// occurs as an attribute.
func unstyle(b *bytes.Buffer, body []byte) {
	const key = `style="`
	for {
		i := bytes.Index(body, []byte(key))
		if i < 0 {
			b.Write(body)
			return
		}
		b.Write(body[:i])
		body = body[i+len(key):]
		j := bytes.IndexByte(body, '"')
		if j < 0 {
			b.Write(body)
			return
		}
		first := true
		for _, decl := range strings.Split(string(body[:j]), ";") {
			k, v, ok := strings.Cut(decl, ":")
			if !ok {
				continue
			}
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			switch k {
			case "font-family":
				continue // inherited from the root's FontFamily
			case "font-variant":
				if v == "none" {
					continue
				}
			}
			if !first {
				b.WriteByte(' ')
			}
			first = false
			b.WriteString(k)
			b.WriteString(`="`)
			b.WriteString(esc(v))
			b.WriteByte('"')
		}
		body = body[j+1:]
	}
}

// descList formats a series for <desc>: "sym=val, …", the first three and the
// last two entries with "…" between them when there are more than eight.
func descList(n int, item func(i int) string) string {
	var parts []string
	for i := range n {
		if n > 8 && i == 3 {
			parts = append(parts, ellipsis)
		}
		if n > 8 && i >= 3 && i < n-2 {
			continue
		}
		parts = append(parts, item(i))
	}
	return strings.Join(parts, ", ")
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
		items = append(items, legendItem{label, func(f *frame, c draw.Canvas, x, y float64) {
			h := f.th.FontSize * 0.5
			f.swatch(c, k, x+3, y-h, x+thumbW-3, y+h)
		}})
		desc = append(desc, label+": "+where+".")
	}
	return items, strings.Join(desc, " ")
}
