package chart

import (
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The steps of render, in order: newFrame starts the frame, measure
// sets up gonum's plot and asks it how much room its y axis takes, header
// writes the title and caption and places the legend, rows places
// everything below it, draw has gonum draw the axes, the grid and the data
// layers, writeLabels writes the text, highlights the hl rects.

// newFrame starts the chart.
func newFrame(in *Input, T int, th Theme, sp spec) *frame {
	f := &frame{in: in, th: th, T: T, fg: rgb(th.Foreground), bg: rgb(th.Background), muted: rgb(th.Muted),
		id: in.ID, defined: map[string]bool{}, labels: newWriter(th.FontSize, th.Foreground, "start")}
	f.labels.b.Grow(2048 + 96*T) // the legend, tick and state labels: grown once
	if f.id == "" {
		f.id = sp.defaultID
	}
	return f
}

// columns returns the width of T token columns and which tokens get a tick
// label (every step-th, step 1, 2, 5, 10, …): TokenWidth each while they fit
// MaxPlotWidth, narrower after that, so that each label still has
// TokenWidth of room; and wider (at most maxSlot TokenWidths) when the
// chart, with fixed px beside the columns, would be narrower than minW.
func columns(th Theme, T int, fixed float64) (slot float64, step int) {
	slot = th.TokenWidth
	if float64(T)*slot > th.MaxPlotWidth {
		slot = th.MaxPlotWidth / float64(T)
	}
	if fixed+float64(T)*slot < minW {
		slot = math.Min(th.TokenWidth*maxSlot, (minW-fixed)/float64(T))
	}
	return slot, niceStep(th.TokenWidth / slot)
}

// axesRoom is the horizontal room that measure found.
type axesRoom struct {
	yAxisW       float64 // gonum's y axis: tick labels, ticks, line
	topIn, botIn float64 // how far gonum's axes reach above and below the data area
	yLabelW      float64 // the rotated y-axis label, or 0
	dataW        float64 // the data area: the columns and the reserves on either side
	shift        float64 // room left of gonum's y axis that spec.axisW adds
}

// measure sets up gonum's plot (a y axis with our ticker, the x axis as a bare
// line: the token labels are ours), measures it, and fixes the chart's
// width, the columns' width and which tokens get a tick label (columns).
func (f *frame) measure(sp spec) axesRoom {
	th := f.th
	resL := math.Max(th.MarkerRadius*1.4+4, 8)
	resR := math.Max(sp.resR, resL)
	p := plot.New()
	p.BackgroundColor = nil
	p.TextHandler = textHandler
	// gonum measures these too (a space, for the room beside the tick
	// labels and the legend) even when they hold no text.
	p.Title.TextStyle.Handler, p.Legend.TextStyle.Handler = textHandler, textHandler
	lo, hi := sp.lo, sp.hi
	rng := hi - lo
	if rng < 1e-12 { // all zero
		rng = 2
		lo, hi = lo-1, hi+1
	}
	p.Y.Min, p.Y.Max = lo-0.08*rng, hi+0.08*rng
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.LineStyle = draw.LineStyle{Color: f.fg, Width: 1}
		a.Tick.Length = 4
		a.Tick.Label = f.sansText(th.FontSize, f.fg)
		a.Padding = 0
		a.Label.TextStyle.Handler = textHandler
	}
	p.Y.Tick.Label.XAlign, p.Y.Tick.Label.YAlign = draw.XRight, draw.YCenter
	p.Y.Tick.Marker = ticker{n: th.yTickCount(), least: th.yTicksLeast()}
	p.X.Tick.Marker = plot.ConstantTicks(nil)
	f.p = p

	// Ask gonum how wide the y axis is and how far its labels overhang.
	var ax axesRoom
	p.X.Min, p.X.Max = 0, 1
	trial := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: 1000, Y: vg.Length(th.PlotHeight + 200)}}}
	tdc := p.DataCanvas(trial)
	ax.yAxisW = float64(tdc.Min.X - trial.Min.X)
	ax.topIn = float64(trial.Max.Y - tdc.Max.Y)
	ax.botIn = float64(tdc.Min.Y - trial.Min.Y)
	if sp.axisW > ax.yAxisW {
		ax.shift, ax.yAxisW = sp.axisW-ax.yAxisW, sp.axisW
	}
	if strings.TrimSpace(sp.yLabel) != "" {
		ax.yLabelW = th.FontSize * 1.5
	}

	T := float64(f.T)
	fixed := pad + ax.yLabelW + ax.yAxisW + resL + resR + pad
	f.slot, f.step = columns(th, f.T, fixed)
	if sp.maxTicks > 0 {
		f.step = max(f.step, niceStep(float64(f.T)/float64(sp.maxTicks)))
	}
	ax.dataW = T*f.slot + resL + resR
	f.W = math.Ceil(math.Max(minW, fixed+T*f.slot))
	for _, it := range sp.legend { // a legend entry has at most a row of its own
		f.W = math.Max(f.W, math.Ceil(2*pad+thumbW+5+textWidth(it.label, th.FontSize)))
	}
	p.X.Min = -0.5 - resL/f.slot
	p.X.Max = T - 0.5 + resR/f.slot
	return ax
}

func (f *frame) sansText(size float64, col color.Color) draw.TextStyle {
	return draw.TextStyle{Color: col, Font: font.From(sansFont(), font.Length(size)), Handler: textHandler}
}

// head is what header placed: the legend entries and the y below them.
type head struct {
	legend []placedItem
	bottom float64
}

type placedItem struct {
	item legendItem
	x, y float64 // thumbnail left, row centre (SVG px)
}

// header writes the title and the caption and places the legend rows (y
// down).
func (f *frame) header(sp spec) head {
	th := f.th
	title := sp.title
	if th.Untitled {
		title = ""
	}
	y := f.labels.title(th, title, pad, f.W-2*pad)
	if sp.caption != "" {
		y = f.labels.caption(th, sp.caption, y, f.W-2*pad)
	}
	var hd head
	if len(sp.legend) > 0 {
		labels := make([]string, len(sp.legend))
		for i, it := range sp.legend {
			labels[i] = it.label
		}
		var at [][2]float64
		at, y = flow(labels, th.FontSize, f.W, y+th.FontSize*0.4)
		for i, it := range sp.legend {
			hd.legend = append(hd.legend, placedItem{it, at[i][0], at[i][1]})
		}
	}
	hd.bottom = y
	return hd
}

// rowsAt is where rows placed what lies below the header (SVG px, y down).
type rowsAt struct {
	subTop, subBottom float64 // gonum's part: the axes and the data area
	tokY, idxY        float64 // baselines of the token texts and their indexes
	xLabelY           float64 // baseline of the x-axis label, or 0 for none
}

// rows places the data area, the tick labels and the x-axis label under
// the header, and fixes the chart's height.
func (f *frame) rows(sp spec, ax axesRoom, y float64) rowsAt {
	th := f.th
	var r rowsAt
	y += 4
	if sp.states { // a row for the s_t labels above the data area
		y += th.FontSize * 1.1
	}
	r.subTop = y
	r.subBottom = r.subTop + ax.topIn + th.PlotHeight + ax.botIn
	r.tokY = r.subBottom + 4 + th.FontSize
	r.idxY = r.tokY + th.FontSize*1.2
	y = r.idxY
	if strings.TrimSpace(f.in.Text.TokenAxis) != "" {
		y += th.FontSize * 1.6
		r.xLabelY = y
	}
	f.H = math.Ceil(y+th.FontSize*0.35+pad) + sp.belowH
	return r
}

// draw has gonum draw the axes and the grid onto f.axes and our layers, as
// plotters (so that they get the data canvas), onto f.under and f.marks;
// then the legend thumbnails.
func (f *frame) draw(sp spec, ax axesRoom, r rowsAt, hd head) {
	f.axes, f.under, f.marks = newMarkCanvas(), newMarkCanvas(), newMarkCanvas()
	f.marks.buf.Grow(2048 + 40*f.T)
	full := draw.Canvas{Canvas: f.axes, Rectangle: vg.Rectangle{Max: vg.Point{X: vg.Length(f.W), Y: vg.Length(f.H)}}}
	subL := pad + ax.yLabelW + ax.shift
	sub := draw.Crop(full, vg.Length(subL), vg.Length(subL+ax.yAxisW-ax.shift+ax.dataW-f.W), vg.Length(f.H-r.subBottom), vg.Length(-r.subTop))
	grid := plotter.NewGrid() // horizontal lines at the y ticks only
	grid.Vertical.Color = nil
	grid.Horizontal = draw.LineStyle{Color: rgb(f.th.Grid), Width: 1}
	// The first plotter keeps the data canvas that Draw hands to plotters.
	keep := layer(func(c draw.Canvas, _ *plot.Plot) { f.dc = c })
	f.p.Add(keep, layer(func(draw.Canvas, *plot.Plot) { f.maskLayer() }), grid,
		layer(func(draw.Canvas, *plot.Plot) { f.boundaryLayer() }))
	for _, l := range sp.layers {
		f.p.Add(layer(func(draw.Canvas, *plot.Plot) { l(f) }))
	}
	f.p.Draw(sub)
	if sp.hideLegend {
		return
	}
	for _, pl := range hd.legend {
		pl.item.thumb(f, pl.x, f.H-pl.y)
	}
}

// writeLabels writes the legend's labels, gonum's y tick labels, the axis
// labels, the token labels and, in Values, the state labels.
func (f *frame) writeLabels(sp spec, ax axesRoom, r rowsAt, hd head) {
	th, w := f.th, f.labels
	for _, pl := range hd.legend {
		if sp.hideLegend {
			break
		}
		w.text(pl.x+thumbW+5, pl.y+th.FontSize*0.35, pl.item.label, th.FontSize, "", th.Foreground, "")
	}
	for _, t := range f.axes.texts { // gonum's y tick labels
		w.text(t.x, f.sy(t.y), t.s, t.size, "", hex(t.col), "")
	}
	x0, y0, _, y1 := f.dataRect()
	if ax.yLabelW > 0 {
		w.vtext(pad+th.FontSize, (y0+y1)/2, oneLine(sp.yLabel))
	}
	idxY := r.idxY
	if sp.noIndex {
		idxY = math.NaN()
	}
	w.tickLabels(th, f.in.Tokens, f.in.Base, f.step, f.slot, func(t int) float64 { return f.X(float64(t)) }, r.tokY, idxY)
	if sp.states {
		f.stateLabels(y0 - 4)
	}
	if r.xLabelY > 0 {
		w.text((x0+f.X(float64(f.T)-0.5))/2, r.xLabelY, oneLine(f.in.Text.TokenAxis), th.FontSize, "middle", th.Foreground, "")
	}
}

// highlights writes the hl rects, which tile the columns exactly: each
// spans from its rounded left edge to the next one's.
func (f *frame) highlights() {
	_, y0, _, y1 := f.dataRect()
	f.hl = hlCols(f.th, f.T, y0, y1, func(t int) (int, float64, float64) {
		x0, x1 := f.column(t)
		return t, x0, x1
	})
}
