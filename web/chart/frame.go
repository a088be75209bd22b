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
// gonum/plot draws the y axis, the x axis line, the grid and the data; text
// whose width matters (titles, legends, token labels, which may be CJK or
// emoji that gonum's Liberation font cannot measure) is written as SVG <text>
// with text-anchor, so the browser centres it with its real font.

const (
	pad     = 8.0  // outer margin
	minW    = 480.0 // narrowest chart
	thumbW  = 26.0 // legend thumbnail width
	maxSlot = 2.5  // a column is at most this many TokenWidths wide
)

// spec describes one chart to render.
type spec struct {
	class, defaultID string
	title, desc      string
	yLabel           string
	caption          string
	lo, hi           float64 // data extremes, 0 included
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

	// gonum plot: y axis with gonum's ticks, x axis as a bare line.
	p := plot.New()
	p.BackgroundColor = nil
	p.TextHandler = plot.DefaultTextHandler
	span := sp.hi - sp.lo
	if span < 1e-12 {
		span = 2
		sp.lo, sp.hi = sp.lo-1, sp.hi+1
	}
	p.Y.Min, p.Y.Max = sp.lo-0.08*span, sp.hi+0.08*span
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.Length = 4
		a.Tick.Label = f.sansText(th.FontSize, f.fg)
		a.Padding = 0
	}
	p.Y.Tick.Label.XAlign, p.Y.Tick.Label.YAlign = draw.XRight, draw.YCenter
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
	f.dc = p.DataCanvas(sub)
	grid := plotter.NewGrid() // horizontal lines at the y ticks only
	grid.Vertical.Color = nil
	grid.Horizontal = draw.LineStyle{Color: rgb(th.Grid), Width: 1}
	p.Add(layer(f.maskLayer), grid, layer(f.boundaryLayer))
	for _, l := range sp.layers {
		p.Add(layer(func(c draw.Canvas, _ *plot.Plot) { l(f, c) }))
	}
	p.Draw(sub)
	for _, pl := range legend {
		pl.item.thumb(f, full, pl.x, f.H-pl.y)
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
	if xLabelY > 0 {
		f.text((x0+f.X(float64(T)-0.5))/2, xLabelY, oneLine(in.Text.TokenAxis), th.FontSize, "middle", th.Foreground, "")
	}

	var out bytes.Buffer
	if _, err := cv.WriteTo(&out); err != nil {
		return nil, nil, fmt.Errorf("chart: write svg: %w", err)
	}
	var hl bytes.Buffer
	hl.WriteString(`<g class="hl-cols">` + "\n")
	for t := range T {
		a, b := f.column(t)
		fmt.Fprintf(&hl, `<rect class="hl" data-t="%d" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0"/>`+"\n",
			t, num(a), num(y0), num(b-a), num(y1-y0), th.Highlight)
	}
	hl.WriteString("</g>\n")
	svg, err := finish(out.Bytes(), f.W, f.H, sp.class, th.Name, id, sp.title, sp.desc, f.overlay.Bytes(), hl.Bytes())
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
func (f *frame) maskLayer(c draw.Canvas, _ *plot.Plot) {
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
func (f *frame) boundaryLayer(c draw.Canvas, p *plot.Plot) {
	y0, y1 := c.Min.Y, c.Max.Y
	if f.slot >= 4 {
		ls := draw.LineStyle{Color: rgb(f.th.Boundary), Width: 1}
		var path vg.Path
		for t := 0; t < f.T; t++ { // the boundary before token t
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
		fmt.Fprintf(&f.overlay, `<text x="%s" y="%s">%s</text>`+"\n", num(x), num(tokY), esc(lab))
		fmt.Fprintf(&f.overlay, `<text x="%s" y="%s" fill="%s">%d</text>`+"\n", num(x), num(idxY), f.th.Muted, n)
	}
	f.overlay.WriteString("</g>\n")
}

// finish turns vgsvg's document into ours: our root <svg> (class, viewBox,
// role, aria-labelledby) with <title> and <desc> first; vgsvg's inline style
// attributes become presentation attributes with our font-family; the
// overlay and the hl rects go last, on top.
func finish(raw []byte, w, h float64, class, theme, id, title, desc string, overlay, hl []byte) ([]byte, error) {
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
	b.Grow(len(body) + len(overlay) + len(hl) + 1024)
	root(&b, w, h, class, theme, id, title, desc)
	unstyle(&b, body)
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
