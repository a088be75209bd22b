package chart

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
)

// ObjectiveInput is what the PPO objective chart shows: the clipped
// surrogate objective per unit |A| as a function of the ratio ρ = π_θ/π_old,
// one panel for A > 0 and one for A < 0, and the tokens placed on their
// curve at their ratio.
//
// Index convention: ObjectivePoint.T is t, the 0-based response-token index;
// labels show t+Base.
type ObjectiveInput struct {
	// Low and High are ε_low and ε_high: the clip range is [1 − Low, 1 + High].
	Low, High float64
	// C is the dual-clip constant clip_ratio_c (> 1), or 0 for none (v0.2).
	C float64
	// Points are the tokens to place; mask-0 tokens and tokens with A = 0
	// (no loss) should be left out.
	Points []ObjectivePoint
	// Base is 0 or 1: labels show t+Base.
	Base int
	// Text holds every string, already localised.
	Text ObjectiveText
	// Theme sets colours and sizes; the zero Theme is Light().
	Theme Theme
	// ID prefixes the ids of <title> and <desc>; empty means "gae-objective".
	ID string
}

// ObjectivePoint is one token on the chart.
type ObjectivePoint struct {
	T         int     // 0-based response-token index
	Ratio     float64 // ρ_t = exp(clamp(log_probs − old_log_probs, ±20))
	Objective float64 // the objective at ρ_t per unit |A_t|: −pg_losses_final / |A_t|
	Negative  bool    // A_t < 0: placed on the right panel
}

// ObjectiveText holds the chart's strings; the chart itself writes only
// numbers and math notation.
type ObjectiveText struct {
	Title, Desc        string // the heading (and <title>); the first sentence of <desc>
	Positive, Negative string // panel headings, e.g. "A_t > 0", "A_t < 0"
	RatioAxis          string // x axis, e.g. "ratio ρ = π_θ / π_old"
	ObjectiveAxis      string // y axis, e.g. "objective per unit |A|"
	Objective          string // legend: the clipped objective
	Unclipped          string // legend: the unclipped surrogate ρ·A
	ClipRange          string // legend: the clip range [1 − ε_low, 1 + ε_high]
	DualClip           string // legend: the dual-clip cap −c (A < 0)
	Tokens             string // legend: the tokens at their ratio
	Note               string // caption under the title, e.g. which tokens are not placed; "" for none
}

// objectiveXMax bounds the drawn ratios; a token beyond is drawn hollow at the edge.
const objectiveXMax = 10.0

// Objective draws the PPO objective chart as hand-written SVG. Each panel
// plots, per unit |A|, verl's clipped objective (the negated per-token loss
// of compute_policy_loss_vanilla): for A > 0 min(ρ, clip(ρ, 1−ε_low,
// 1+ε_high)), flat past 1+ε_high; for A < 0 min(−ρ, −clip(ρ, …)), flat
// below 1−ε_low and, with the dual clip, never below −c. The unclipped
// surrogate ±ρ is drawn thin for comparison, the clip range is a band, and
// each token is a triangle (up for A > 0, down for A < 0) at (ρ_t,
// objective_t), labelled with its index. Both panels share one scale, so the
// unclipped lines run at 45°.
func Objective(in ObjectiveInput) ([]byte, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	th, err := in.Theme.resolve()
	if err != nil {
		return nil, err
	}
	id := in.ID
	if id == "" {
		id = "gae-objective"
	}
	tx := in.Text
	fs := th.FontSize
	xMax := in.xMax()

	// Layout (y down): title, caption, legend, panel headings, the two
	// square panels side by side, tick labels, the x-axis label.
	S := th.PlotHeight
	tickW := textWidth("−"+strconv.Itoa(int(xMax)), fs) + 8
	yLabW := fs * 1.5
	gap := fs * 2.5
	W := math.Ceil(math.Max(minW, pad+yLabW+2*(tickW+S)+gap+pad))
	w := &objWriter{fs: fs, fill: th.Foreground}

	y := pad
	for _, l := range wrap(tx.Title, th.TitleSize, W-2*pad) {
		y += th.TitleSize * 1.25
		w.text(pad, y-th.TitleSize*0.25, l, th.TitleSize, "", th.Foreground, ` font-weight="bold"`)
	}
	if strings.TrimSpace(tx.Note) != "" {
		y += fs * 0.3
		for _, l := range wrap(tx.Note, fs, W-2*pad) {
			y += fs * 1.35
			w.text(pad, y-fs*0.3, l, fs, "", th.Muted, ` font-style="italic"`)
		}
	}
	y = w.legend(&in, th, y+fs*0.4, W)

	panels := []objPanel{
		{heading: tx.Positive, lo: 0, hi: xMax},
		{heading: tx.Negative, lo: -xMax, hi: 0, negative: true},
	}
	y += fs * 1.6
	top := y + fs*0.6
	for i := range panels {
		p := &panels[i]
		p.x0 = pad + yLabW + tickW + float64(i)*(S+gap+tickW)
		p.y0, p.size, p.xMax = top, S, xMax
		w.text(p.x0+S/2, y, oneLine(p.heading), fs, "middle", th.Foreground, ` font-weight="bold"`)
	}
	bottom := top + S
	for i := range panels {
		w.panel(&in, th, &panels[i])
	}
	// The y-axis label, once, left of the first panel; the x-axis label
	// under both.
	if l := oneLine(tx.ObjectiveAxis); l != "" {
		fmt.Fprintf(&w.b, `<text transform="translate(%s %s) rotate(-90)" text-anchor="middle">%s</text>`+"\n",
			coord(pad+fs), coord(top+S/2), esc(l))
	}
	H := bottom + fs*1.4
	if l := oneLine(tx.RatioAxis); l != "" {
		H += fs * 1.5
		w.text(W/2, H, l, fs, "middle", th.Foreground, "")
	}
	H = math.Ceil(H + fs*0.4 + pad)

	var out bytes.Buffer
	out.Grow(w.b.Len() + 1024)
	root(&out, W, H, "gae-objective", th.Name, id, tx.Title, in.desc(xMax))
	fmt.Fprintf(&out, `<rect width="%s" height="%s" fill="%s"/>`+"\n", coord(W), coord(H), th.Background)
	fmt.Fprintf(&out, `<g font-size="%s" fill="%s">`+"\n", num(fs), th.Foreground)
	out.Write(w.b.Bytes())
	out.WriteString("</g>\n</svg>\n")
	return out.Bytes(), nil
}

// check validates the input.
func (in *ObjectiveInput) check() error {
	switch {
	case !(in.Low >= 0 && in.Low <= 10), !(in.High >= 0 && in.High <= 10):
		return fmt.Errorf("chart: objective clip range ε_low = %v, ε_high = %v: want each in [0, 10]", in.Low, in.High)
	case in.C != 0 && !(in.C > 1 && in.C <= 1e6):
		return fmt.Errorf("chart: objective dual-clip constant c = %v: want 0 (none) or 1 < c ≤ 1e6", in.C)
	case len(in.Points) > MaxTokens:
		return fmt.Errorf("chart: %d objective points, want at most %d", len(in.Points), MaxTokens)
	case in.Base != 0 && in.Base != 1:
		return fmt.Errorf("chart: Base = %d, want 0 or 1", in.Base)
	case !validID(in.ID):
		return fmt.Errorf("chart: ID %q: want letters, digits, '-' or '_'", in.ID)
	}
	for i, p := range in.Points {
		if p.T < 0 || !(p.Ratio >= 0 && p.Ratio <= maxAbs) || !(math.Abs(p.Objective) <= maxAbs) {
			return fmt.Errorf("chart: objective point %d (t = %d, ρ = %v, objective = %v): want t ≥ 0, 0 ≤ ρ and finite numbers", i, p.T, p.Ratio, p.Objective)
		}
	}
	return requireTitle("Title", in.Text.Title)
}

// xMax is the largest ratio drawn: 3, or more to show the clip range, the
// dual-clip cap and tokens up to ρ = 5, rounded up to a half, at most 10.
func (in *ObjectiveInput) xMax() float64 {
	x := math.Max(3, 1+in.High+0.5)
	if in.C > 0 {
		x = math.Max(x, in.C+0.5)
	}
	for _, p := range in.Points { // far-out tokens do not stretch the axis past 5
		x = math.Max(x, math.Min(p.Ratio*1.08, 5))
	}
	return math.Min(math.Ceil(x*2)/2, objectiveXMax)
}

// curve is the clipped objective per unit |A| at ratio r.
func (in *ObjectiveInput) curve(r float64, negative bool) float64 {
	c := math.Max(math.Min(r, 1+in.High), 1-in.Low)
	if !negative {
		return math.Min(r, c)
	}
	loss := math.Max(r, c)
	if in.C > 0 {
		loss = math.Min(loss, in.C)
	}
	return -loss
}

// vertices are the ratios where the curves bend, within [0, xMax].
func (in *ObjectiveInput) vertices(xMax float64) []float64 {
	vs := []float64{0, xMax}
	for _, v := range []float64{1 - in.Low, 1 + in.High, in.C} {
		if v > 0 && v < xMax {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// desc is the <desc>: the caller's sentence, the curves' parameters and
// every placed token.
func (in *ObjectiveInput) desc(xMax float64) string {
	tx := in.Text
	var d strings.Builder
	d.WriteString(oneLine(tx.Desc))
	fmt.Fprintf(&d, " ρ: 0 … %s; %s: [%s, %s]", objNumber(xMax), oneLine(tx.ClipRange), objNumber(1-in.Low), objNumber(1+in.High))
	if in.C > 0 {
		fmt.Fprintf(&d, "; %s: c = %s", oneLine(tx.DualClip), objNumber(in.C))
	}
	d.WriteString(".")
	for _, neg := range []bool{false, true} {
		var pts []ObjectivePoint
		for _, p := range in.Points {
			if p.Negative == neg {
				pts = append(pts, p)
			}
		}
		if len(pts) == 0 {
			continue
		}
		label := tx.Positive
		if neg {
			label = tx.Negative
		}
		fmt.Fprintf(&d, " %s: %s.", oneLine(label), descList(make([]float64, len(pts)), func(i int) string {
			p := pts[i]
			return fmt.Sprintf("t=%d ρ=%s → %s", p.T+in.Base, val(p.Ratio), val(p.Objective))
		}))
	}
	return strings.TrimSpace(d.String())
}

// objNumber formats a parameter as typed: the shortest decimal.
func objNumber(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// objPanel is one panel: its box in px and its value range.
type objPanel struct {
	heading  string
	negative bool
	x0, y0   float64 // top-left corner, px
	size     float64 // width and height, px
	xMax     float64
	lo, hi   float64 // the objective range shown
}

// The panels show a little more than their range, so that points on the
// edges are whole.
const objMargin = 0.04

func (p *objPanel) X(r float64) float64 {
	span := p.xMax * (1 + 2*objMargin)
	return p.x0 + (r+p.xMax*objMargin)/span*p.size
}

func (p *objPanel) Y(v float64) float64 {
	span := (p.hi - p.lo) * (1 + 2*objMargin)
	return p.y0 + (p.hi+(p.hi-p.lo)*objMargin-v)/span*p.size
}

// panel draws one panel: the band, the grid and axes, the curves, the
// dual-clip cap and the tokens.
func (w *objWriter) panel(in *ObjectiveInput, th Theme, p *objPanel) {
	fs := th.FontSize
	x1, y1 := p.x0+p.size, p.y0+p.size
	lo, hi := 1-in.Low, 1+in.High

	// The clip range, a band over the panel's height.
	bx0, bx1 := p.X(math.Max(lo, 0)), p.X(math.Min(hi, p.xMax))
	w.rect(bx0, p.y0, bx1-bx0, p.size, ` fill="`+th.Highlight+`" fill-opacity="0.14" class="clip-range"`)

	// Grid at whole numbers, with their labels; the zero lines in the foreground.
	var grid []float64
	for k := 0.0; k <= p.xMax+1e-9; k++ {
		grid = append(grid, p.X(k), p.y0, p.X(k), y1)
		w.text(p.X(k), y1+fs*1.2, strconv.Itoa(int(k)), fs, "middle", th.Foreground, "")
	}
	for k := math.Ceil(p.lo); k <= p.hi+1e-9; k++ {
		grid = append(grid, p.x0, p.Y(k), x1, p.Y(k))
		w.text(p.x0-5, p.Y(k)+fs*0.35, objMinus(strconv.Itoa(int(k))), fs, "end", th.Foreground, "")
	}
	w.segments(grid, ` fill="none" stroke="`+th.Grid+`"`)
	w.segments([]float64{p.x0, p.Y(0), x1, p.Y(0), p.X(0), p.y0, p.X(0), y1}, ` fill="none" stroke="`+th.Foreground+`"`)
	w.rect(p.x0, p.y0, p.size, p.size, ` fill="none" stroke="`+th.Boundary+`"`)

	// The clip range's edges and ρ = 1, labelled at the top.
	edge := ` fill="none" stroke="` + th.Muted + `" stroke-dasharray="4 3"`
	if lo > 0 {
		w.segments([]float64{p.X(lo), p.y0, p.X(lo), y1}, edge)
		w.text(p.X(lo)-3, p.y0+fs*1.1, objNumber(lo), fs*0.9, "end", th.Muted, "")
	}
	if hi < p.xMax {
		w.segments([]float64{p.X(hi), p.y0, p.X(hi), y1}, edge)
		w.text(p.X(hi)+3, p.y0+fs*1.1, objNumber(hi), fs*0.9, "start", th.Muted, "")
	}

	// The unclipped surrogate ±ρ, thin and dashed, then the objective.
	sign := 1.0
	if p.negative {
		sign = -1
	}
	w.polyline([]float64{p.X(0), p.Y(0), p.X(p.xMax), p.Y(sign * p.xMax)},
		strokeAttrs(rgb(th.Muted), math.Max(1, th.StrokeWidth*0.6), objDashes(th.StrokeWidth, 3, 2), 0)+` class="unclipped"`)
	var pts []float64
	for _, r := range in.vertices(p.xMax) {
		pts = append(pts, p.X(r), p.Y(in.curve(r, p.negative)))
	}
	w.polyline(pts, strokeAttrs(rgb(th.Foreground), th.StrokeWidth*1.25, nil, 0)+` stroke-linejoin="round" class="objective"`)

	// The dual-clip cap: the loss never exceeds c·|A|, so the objective
	// never goes below −c.
	if p.negative && in.C > 0 && in.C <= p.xMax {
		w.segments([]float64{p.x0, p.Y(-in.C), x1, p.Y(-in.C)},
			strokeAttrs(rgb(th.Foreground), 1.5, objDashes(1.5, 1, 2), 0)+` class="dual-clip"`)
		w.text(p.x0+4, p.Y(-in.C)+fs, "−c = −"+objNumber(in.C), fs*0.9, "start", th.Foreground, "")
	}

	// The tokens: one triangle each, labelled by index; tokens at the same
	// place share one label ("0, 1, 2").
	r := th.MarkerRadius
	col := Styles[Whitened].Color
	type spot struct {
		x, y   float64
		labels []string
		beyond bool
	}
	var spots []spot
	for _, pt := range in.Points {
		if pt.Negative != p.negative {
			continue
		}
		beyond := pt.Ratio > p.xMax
		x, y := p.X(math.Min(pt.Ratio, p.xMax)), p.Y(math.Max(p.lo, math.Min(p.hi, pt.Objective)))
		w.marker(x, y, r, p.negative, pt.T, col, th.Background, beyond)
		label := strconv.Itoa(pt.T + in.Base)
		i := slices.IndexFunc(spots, func(s spot) bool { return math.Hypot(s.x-x, s.y-y) < r })
		if i < 0 {
			spots = append(spots, spot{x: x, y: y, labels: []string{label}, beyond: beyond})
		} else {
			spots[i].labels = append(spots[i].labels, label)
		}
	}
	// Labels go where the panel is empty: below right of the curve for
	// A > 0 (it rises, then runs flat), above right of it for A < 0 (it
	// runs flat, then falls); a label that would overlap an earlier one
	// moves further out, and near the right edge it goes left of its point.
	w.b.WriteString(`<g class="token-labels" font-weight="bold">` + "\n")
	var placed [][4]float64 // x0, y0, x1, y1 of the labels written
	for _, s := range spots {
		l := "t=" + strings.Join(s.labels, ",")
		if s.beyond {
			l += " →"
		}
		lw := textWidth(l, fs) * 1.05 // bold
		lx, anchor := s.x+r+2, "start"
		if lx+lw > x1 {
			lx, anchor = s.x-r-2-lw, "end"
		}
		ly, step := s.y+r+fs, fs*1.15
		if p.negative {
			ly, step = s.y-r-3, -fs*1.15
		}
		for try := 0; try < 8 && slices.ContainsFunc(placed, func(b [4]float64) bool {
			return lx < b[2] && lx+lw > b[0] && ly-fs < b[3] && ly > b[1]
		}); try++ {
			ly += step
		}
		placed = append(placed, [4]float64{lx, ly - fs, lx + lw, ly})
		if anchor == "end" {
			w.text(lx+lw, ly, l, fs, "end", th.Foreground, "")
		} else {
			w.text(lx, ly, l, fs, "start", th.Foreground, "")
		}
	}
	w.b.WriteString("</g>\n")
}

// legend writes the legend rows from y and returns the y under them.
func (w *objWriter) legend(in *ObjectiveInput, th Theme, y, W float64) float64 {
	fs := th.FontSize
	type item struct {
		label string
		thumb func(x, y float64)
	}
	items := []item{
		{in.Text.Objective, func(x, y float64) {
			w.polyline([]float64{x, y, x + thumbW, y}, strokeAttrs(rgb(th.Foreground), th.StrokeWidth*1.25, nil, 0))
		}},
		{in.Text.Unclipped, func(x, y float64) {
			w.polyline([]float64{x, y, x + thumbW, y}, strokeAttrs(rgb(th.Muted), math.Max(1, th.StrokeWidth*0.6), objDashes(th.StrokeWidth, 3, 2), 0))
		}},
		{in.Text.ClipRange, func(x, y float64) {
			w.rect(x+3, y-fs*0.5, thumbW-6, fs, ` fill="`+th.Highlight+`" fill-opacity="0.14" stroke="`+th.Muted+`" stroke-dasharray="4 3"`)
		}},
	}
	if in.C > 0 {
		items = append(items, item{in.Text.DualClip, func(x, y float64) {
			w.polyline([]float64{x, y, x + thumbW, y}, strokeAttrs(rgb(th.Foreground), 1.5, objDashes(1.5, 1, 2), 0))
		}})
	}
	items = append(items, item{in.Text.Tokens, func(x, y float64) {
		w.marker(x+thumbW/2-th.MarkerRadius-1, y, th.MarkerRadius, false, -1, Styles[Whitened].Color, th.Background, false)
		w.marker(x+thumbW/2+th.MarkerRadius+1, y, th.MarkerRadius, true, -1, Styles[Whitened].Color, th.Background, false)
	}})
	rowH := fs * 1.6
	x, rowY := pad, y+rowH/2
	for _, it := range items {
		label := oneLine(it.label)
		if label == "" {
			continue
		}
		iw := thumbW + 5 + textWidth(label, fs)
		if x > pad && x+iw > W-pad {
			x, rowY = pad, rowY+rowH
		}
		it.thumb(x, rowY)
		w.text(x+thumbW+5, rowY+fs*0.35, label, fs, "", th.Foreground, "")
		x += iw + fs*1.3
	}
	return rowY + rowH/2
}

// objDashes is a dash pattern in multiples of a stroke width.
func objDashes(width float64, pattern ...float64) []vg.Length {
	out := make([]vg.Length, len(pattern))
	for i, d := range pattern {
		out[i] = vg.Length(d * width)
	}
	return out
}

// objMinus writes a negative number with a true minus sign.
func objMinus(s string) string { return strings.Replace(s, "-", "−", 1) }

// objWriter writes hand-drawn SVG, y down, inside a group whose font-size
// (fs) and fill its texts inherit.
type objWriter struct {
	b    bytes.Buffer
	tmp  []byte
	fs   float64
	fill string
}

// text writes a <text>; size and fill only when they differ from the group's.
func (w *objWriter) text(x, y float64, s string, size float64, anchor, fill, extra string) {
	t := append(w.tmp[:0], `<text x="`...)
	t = appendCoord(t, x)
	t = append(t, `" y="`...)
	t = appendCoord(t, y)
	t = append(t, '"')
	if size != w.fs {
		t = append(t, ` font-size="`...)
		t = appendNum(t, size)
		t = append(t, '"')
	}
	if fill != w.fill {
		t = append(t, ` fill="`+fill+`"`...)
	}
	if anchor != "" && anchor != "start" {
		t = append(t, ` text-anchor="`+anchor+`"`...)
	}
	t = append(t, extra...)
	t = append(t, '>')
	t = append(t, esc(s)...)
	t = append(t, "</text>\n"...)
	w.b.Write(t)
	w.tmp = t
}

// polyline strokes one path through the points (x0, y0, x1, y1, …).
func (w *objWriter) polyline(xy []float64, attrs string) {
	var pn pen
	t := append(w.tmp[:0], `<path d="`...)
	t = pn.move(t, xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		t = pn.line(t, xy[i], xy[i+1])
	}
	t = append(t, `"`+attrs+"/>\n"...)
	w.b.Write(t)
	w.tmp = t
}

// segments strokes separate segments (x0, y0, x1, y1, …) as one path.
func (w *objWriter) segments(xy []float64, attrs string) {
	var pn pen
	t := append(w.tmp[:0], `<path d="`...)
	for i := 0; i+3 < len(xy); i += 4 {
		t = pn.move(t, xy[i], xy[i+1])
		t = pn.line(t, xy[i+2], xy[i+3])
	}
	t = append(t, `"`+attrs+"/>\n"...)
	w.b.Write(t)
	w.tmp = t
}

func (w *objWriter) rect(x, y, width, height float64, attrs string) {
	t := append(w.tmp[:0], `<rect x="`...)
	t = appendCoord(t, x)
	t = append(t, `" y="`...)
	t = appendCoord(t, y)
	t = append(t, `" width="`...)
	t = appendCoord(t, width)
	t = append(t, `" height="`...)
	t = appendCoord(t, height)
	t = append(t, `"`+attrs+"/>\n"...)
	w.b.Write(t)
	w.tmp = t
}

// marker draws a triangle of radius r centred on (x, y): pointing up for
// A > 0, down for A < 0; filled and ringed with bg, or hollow when the
// token lies beyond the drawn range. t ≥ 0 tags it with data-t.
func (w *objWriter) marker(x, y, r float64, down bool, t int, col, bg string, hollow bool) {
	dy := 1.0
	if down {
		dy = -1
	}
	var pn pen
	d := append(w.tmp[:0], `<path`...)
	if t >= 0 {
		d = append(d, ` class="token" data-t="`...)
		d = strconv.AppendInt(d, int64(t), 10)
		d = append(d, '"')
	}
	d = append(d, ` d="`...)
	d = pn.move(d, x, y-dy*1.2*r)
	d = pn.line(d, x+1.1*r, y+dy*0.7*r)
	d = pn.line(d, x-1.1*r, y+dy*0.7*r)
	d = pn.close(d)
	if hollow {
		d = append(d, `" fill="`+bg+`" stroke="`+col+`" stroke-width="1.5"/>`+"\n"...)
	} else {
		d = append(d, `" fill="`+col+`" stroke="`+bg+`" stroke-width="`...)
		d = appendNum(d, math.Max(0.75, r/5))
		d = append(d, `"/>`+"\n"...)
	}
	w.b.Write(d)
	w.tmp = d
}
