package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// HeatmapInput is a small table of one quantity over the response tokens:
// one row per setting (λ = 0, 0.5, …), one column per token t (0-based
// response-token index; labels show t+Base), each cell coloured by its value
// on a diverging scale centred on 0.
type HeatmapInput struct {
	// Tokens, Base and Mask are as in Input. Mask-0 columns are hatched over
	// their colours.
	Tokens []string
	Base   int
	Mask   []Kind
	// Rows are drawn top to bottom; at most MaxHeatmapRows.
	Rows  []HeatmapRow
	Text  HeatmapText
	Theme Theme // zero = Light()
	// ID prefixes the element ids; empty means "gae-heatmap".
	ID string
}

// HeatmapRow is one labelled row: Values[t] belongs to token t.
type HeatmapRow struct {
	Label  string // e.g. "λ = 0.5"
	Values []float64
}

// HeatmapText holds the heat map's strings, already localised.
type HeatmapText struct {
	Title     string // required
	Desc      string // first sentence of <desc>; the data summary follows
	TokenAxis string // x axis, e.g. "token (index)"
	Scale     string // the colour bar's label, e.g. "A_t"
	// Padding and Observation label the mask-0 hatchings in the legend.
	Padding, Observation string
}

// MaxHeatmapRows is the most rows a heat map draws.
const MaxHeatmapRows = 16

// divergingStops is the colour scale from −1 to 1 in equal steps: blues
// (ColorBrewer RdBu), a near-white centre at 0, oranges (ColorBrewer PuOr).
// Blue against orange stays distinct for the common colour-vision
// deficiencies, and lightness grows towards 0 on both sides, so the scale
// also reads in greyscale as "far from 0" vs "near 0".
var divergingStops = [...]string{
	"#2166AC", "#4393C3", "#92C5DE", "#D1E5F0", "#F7F7F7", "#FEE0B6", "#FDB863", "#E08214", "#B35806",
}

// Diverging returns the colour of x on the heat map's scale: x = −1 is the
// darkest blue, 0 near-white, 1 the darkest orange; x outside [−1, 1] is
// clamped and NaN is the centre. Between two stops it interpolates linearly
// in sRGB, as an SVG gradient through the same stops does.
func Diverging(x float64) color.RGBA {
	switch {
	case math.IsNaN(x):
		x = 0
	case x < -1:
		x = -1
	case x > 1:
		x = 1
	}
	pos := (x + 1) / 2 * float64(len(divergingStops)-1)
	i := min(int(pos), len(divergingStops)-2)
	frac := pos - float64(i)
	a, b := rgb(divergingStops[i]), rgb(divergingStops[i+1])
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + (float64(q)-float64(p))*frac)) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}

// luminance is the relative luminance of c (WCAG), 0 for black, 1 for white.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// inkOn is the text colour with the better contrast on background c:
// black on light cells, white on dark ones.
func inkOn(c color.RGBA) string {
	if l := luminance(c); (l+0.05)*(l+0.05) >= 0.0525 { // (L+0.05)/0.05 ≥ 1.05/(L+0.05)
		return "#000000"
	}
	return "#FFFFFF"
}

// Heatmap draws the rows as a grid of cells, row labels on the left, the
// token labels under the columns (thinned as in the other charts), a colour
// bar from −m to m (m the largest |value| of the valid columns) and, when a
// cell is wide enough for it, each cell's value with 2 decimals. Cells are
// <rect>s in <g class="cells">, one <g class="heat-row"> per row; the hl
// rects cover the columns as in the other charts. The root <svg> has class
// "gae-chart gae-heatmap".
func Heatmap(in HeatmapInput) ([]byte, error) {
	b, _, err := heatmap(&in)
	return b, err
}

// heat is one heat map being drawn: its geometry, in SVG px (y down).
type heat struct {
	in         *HeatmapInput
	th         Theme
	id         string
	T          int
	W, H       float64
	x0, y0     float64 // top-left corner of the cell grid
	slot, rowH float64
	step       int     // every step-th token gets a tick label
	m          float64 // the scale runs from −m to m
	defs       *frame  // holds the <defs> (patterns) and their ids
	labels, hl bytes.Buffer
	tmp        []byte
}

func heatmap(in *HeatmapInput) ([]byte, *heat, error) {
	base := Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, ID: in.ID, Theme: in.Theme,
		Text: Text{Padding: in.Text.Padding, Observation: in.Text.Observation}}
	T, th, err := base.prepare("Title", in.Text.Title)
	if err != nil {
		return nil, nil, err
	}
	if len(in.Rows) == 0 || len(in.Rows) > MaxHeatmapRows {
		return nil, nil, fmt.Errorf("chart: %d heat map rows, want 1 … %d", len(in.Rows), MaxHeatmapRows)
	}
	for i, r := range in.Rows {
		if len(r.Values) != T {
			return nil, nil, fmt.Errorf("chart: len(Rows[%d].Values) = %d, want len(Tokens) = %d", i, len(r.Values), T)
		}
		for t, v := range r.Values {
			if !(math.Abs(v) <= maxAbs) {
				return nil, nil, fmt.Errorf("chart: Rows[%d].Values[%d] = %v, want a finite number within ±%g", i, t, v, maxAbs)
			}
		}
	}
	h := &heat{in: in, th: th, id: in.ID, T: T}
	if h.id == "" {
		h.id = "gae-heatmap"
	}
	h.defs = &frame{id: h.id, defined: map[string]bool{}}
	h.m = h.scaleBound(&base)
	fs := th.FontSize

	// Columns as in the other charts: TokenWidth each until MaxPlotWidth is
	// filled, narrower after that, wider for short responses.
	labelW := 0.0
	for _, r := range in.Rows {
		labelW = math.Max(labelW, textWidth(fit(oneLine(r.Label), fs, 170), fs))
	}
	h.x0 = pad + labelW + 10
	h.slot = th.TokenWidth
	if float64(T)*h.slot > th.MaxPlotWidth {
		h.slot = th.MaxPlotWidth / float64(T)
	}
	if h.x0+float64(T)*h.slot+pad < minW {
		h.slot = math.Min(th.TokenWidth*maxSlot, (minW-h.x0-pad)/float64(T))
	}
	h.step = niceStep(th.TokenWidth / h.slot)
	h.rowH = math.Max(fs*2, 22)
	h.W = math.Ceil(math.Max(minW, h.x0+float64(T)*h.slot+pad))

	// Header: the title, then the colour bar and the mask legend.
	y := pad
	for _, l := range wrap(in.Text.Title, th.TitleSize, h.W-2*pad) {
		y += th.TitleSize * 1.25
		h.text(pad, y-th.TitleSize*0.25, l, th.TitleSize, "", th.Foreground, ` font-weight="bold"`)
	}
	y = h.legend(y + fs*0.6)
	h.y0 = y + 8
	gridBottom := h.y0 + float64(len(in.Rows))*h.rowH
	tokY := gridBottom + 4 + fs
	idxY := tokY + fs*1.2
	y = idxY
	if strings.TrimSpace(in.Text.TokenAxis) != "" {
		y += fs * 1.6
		h.text(h.x0+float64(T)*h.slot/2, y, oneLine(in.Text.TokenAxis), fs, "middle", th.Foreground, "")
	}
	h.H = math.Ceil(y + fs*0.35 + pad)

	cells := h.cells()
	overlay := h.maskOverlay()
	h.rowLabels()
	h.cellValues()
	h.tickLabels(tokY, idxY)
	h.hl.WriteString(`<g class="hl-cols" fill="` + th.Highlight + `" fill-opacity="0">` + "\n")
	for t := range T {
		hlRect(&h.hl, t, h.colX(t), h.y0, h.colX(t+1), gridBottom)
	}
	h.hl.WriteString("</g>\n")

	var b bytes.Buffer
	b.Grow(len(cells) + len(overlay) + h.labels.Len() + h.hl.Len() + 2048)
	root(&b, h.W, h.H, "gae-heatmap", th.Name, h.id, in.Text.Title, h.desc(&base))
	b.WriteString("<defs>\n")
	h.gradient(&b)
	b.Write(h.defs.defs.Bytes())
	b.WriteString("</defs>\n")
	b.WriteString(`<rect width="` + coord(h.W) + `" height="` + coord(h.H) + `" fill="` + th.Background + `"/>` + "\n")
	b.Write(cells)
	b.Write(overlay)
	b.WriteString(`<g class="labels" font-size="` + num(fs) + `" fill="` + th.Foreground + `">` + "\n")
	b.Write(h.labels.Bytes())
	b.WriteString("</g>\n")
	b.Write(h.hl.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes(), h, nil
}

// scaleBound is m, the largest |value| over the valid columns (over every
// column when none is valid), or 1 when all of them are 0.
func (h *heat) scaleBound(base *Input) float64 {
	m, someValid := 0.0, false
	for t := range h.T {
		someValid = someValid || base.kind(t) == Valid
	}
	for _, r := range h.in.Rows {
		for t, v := range r.Values {
			if !someValid || base.kind(t) == Valid {
				m = math.Max(m, math.Abs(v))
			}
		}
	}
	if m == 0 {
		return 1
	}
	return m
}

// colX is the left edge of column t (t = T: the grid's right edge).
func (h *heat) colX(t int) float64 { return h.x0 + float64(t)*h.slot }

// text writes a <text> into the labels group (see frame.text).
func (h *heat) text(x, y float64, s string, size float64, anchor, fill, extra string) {
	b := append(h.tmp[:0], `<text x="`...)
	b = appendCoord(b, x)
	b = append(b, `" y="`...)
	b = appendCoord(b, y)
	b = append(b, '"')
	if size != h.th.FontSize {
		b = append(b, ` font-size="`...)
		b = appendNum(b, size)
		b = append(b, '"')
	}
	if fill != h.th.Foreground {
		b = append(b, ` fill="`+fill+`"`...)
	}
	if anchor != "" && anchor != "start" {
		b = append(b, ` text-anchor="`+anchor+`"`...)
	}
	b = append(b, extra...)
	b = append(b, '>')
	b = append(b, esc(s)...)
	b = append(b, "</text>\n"...)
	h.labels.Write(b)
	h.tmp = b
}

// heatRect appends a <rect> with its edges rounded to 0.1 px, so that
// neighbouring rects share their edges exactly.
func heatRect(b []byte, x0, y0, x1, y1 float64, attrs string) []byte {
	b = append(b, `<rect x="`...)
	b = appendCoord(b, x0)
	b = append(b, `" y="`...)
	b = appendCoord(b, y0)
	b = append(b, `" width="`...)
	b = appendCoord(b, float64(tenths(x1)-tenths(x0))/10)
	b = append(b, `" height="`...)
	b = appendCoord(b, float64(tenths(y1)-tenths(y0))/10)
	b = append(b, '"')
	b = append(b, attrs...)
	return append(b, "/>\n"...)
}

// legend draws the colour bar (its label, the gradient from −m to m, five
// ticks) and the mask kinds present, starting at y; it returns the y below.
func (h *heat) legend(y float64) float64 {
	th, fs := h.th, h.th.FontSize
	x := pad
	if s := oneLine(h.in.Text.Scale); s != "" {
		h.text(x, y+fs*0.85, s, fs, "", th.Foreground, "")
		x += textWidth(s, fs) + 8
	}
	barW, barH := math.Max(140, fs*12), fs*0.9
	barX := x + textWidth(h.tick(-h.m), fs)/2 // room for the first tick label
	b := heatRect(nil, barX, y, barX+barW, y+barH, ` fill="url(#`+h.id+`-scale)" stroke="`+th.Foreground+`" stroke-width="0.75"`)
	b = append(b, `<path d="`...)
	var pn pen
	for i := range 5 {
		tx := barX + barW*float64(i)/4
		b = pn.move(b, tx, y+barH)
		b = pn.line(b, tx, y+barH+4)
	}
	b = append(b, `" fill="none" stroke="`+th.Foreground+`"/>`+"\n"...)
	h.labels.Write(b)
	h.labels.WriteString(`<g class="scale" text-anchor="middle">` + "\n")
	for i := range 5 {
		v := h.m * (float64(i)/2 - 1)
		h.text(barX+barW*float64(i)/4, y+barH+4+fs, h.tick(v), fs, "", th.Foreground, "")
	}
	h.labels.WriteString("</g>\n")
	bottom := y + barH + 4 + fs*1.3

	// The mask kinds, after the bar, or on a row of their own.
	x = barX + barW + textWidth(h.tick(h.m), fs)/2 + fs*1.5
	for _, k := range []Kind{Padding, Observation} {
		where := descMask(&Input{Mask: h.in.Mask}, h.T, k)
		if where == "" {
			continue
		}
		label := oneLine(h.in.Text.Padding)
		if k == Observation {
			label = oneLine(h.in.Text.Observation)
		}
		w := thumbW + 5 + textWidth(label, fs)
		if x+w > h.W-pad {
			x, y = pad, bottom+fs*0.3
			bottom = y + fs*1.4
		}
		sw := heatRect(nil, x+3, y, x+thumbW-3, y+barH, ` fill="`+th.Background+`" stroke="`+th.Foreground+`" stroke-width="0.75"`)
		sw = heatRect(sw, x+3, y, x+thumbW-3, y+barH, ` fill="`+h.hatch(k)+`"`)
		h.labels.Write(sw)
		h.text(x+thumbW+5, y+fs*0.8, label, fs, "", th.Foreground, "")
		x += w + fs*1.3
	}
	return bottom
}

// tick formats a colour-bar value: 2 decimals, or 2 significant digits for
// small scales, never "-0".
func (h *heat) tick(v float64) string {
	if h.m >= 0.1 || v == 0 {
		return val(v)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// hatch returns the fill of mask kind k's overlay: hatching without a
// background (padding rising, observation falling, as in the other charts).
func (h *heat) hatch(k Kind) string {
	none := color.NRGBA{} // no background: the cell's colour shows through
	if k == Observation {
		return h.defs.definePattern("obs-hatch", 7, none, rgb(h.th.ObservationHatch), true)
	}
	return h.defs.definePattern("pad-hatch", 7, none, rgb(h.th.PaddingHatch), false)
}

// gradient writes the colour bar's <linearGradient> through the scale's stops.
func (h *heat) gradient(b *bytes.Buffer) {
	b.WriteString(`<linearGradient id="` + h.id + `-scale">`)
	for i, s := range divergingStops {
		b.WriteString(`<stop offset="` + num(float64(i)/float64(len(divergingStops)-1)) + `" stop-color="` + s + `"/>`)
	}
	b.WriteString("</linearGradient>\n")
}

// cells returns the grid: one rect per row and token, coloured by value/m;
// background-coloured gaps separate the cells while they are wide enough.
func (h *heat) cells() []byte {
	b := make([]byte, 0, 64*h.T*len(h.in.Rows)+256)
	b = append(b, `<g class="cells"`...)
	if h.slot >= 8 {
		b = append(b, ` stroke="`+h.th.Background+`" stroke-width="1"`...)
	}
	b = append(b, ">\n"...)
	for i, r := range h.in.Rows {
		b = append(b, `<g class="heat-row" data-row="`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, "\">\n"...)
		y := h.y0 + float64(i)*h.rowH
		for t, v := range r.Values {
			b = heatRect(b, h.colX(t), y, h.colX(t+1), y+h.rowH, ` fill="`+hex(Diverging(v/h.m))+`"`)
		}
		b = append(b, "</g>\n"...)
	}
	return append(b, "</g>\n"...)
}

// maskOverlay hatches the mask-0 columns over every row, one rect per run.
func (h *heat) maskOverlay() []byte {
	var b []byte
	for t := 0; t < h.T; {
		k := h.kind(t)
		u := t + 1
		for u < h.T && h.kind(u) == k {
			u++
		}
		if k != Valid {
			b = heatRect(b, h.colX(t), h.y0, h.colX(u), h.y0+float64(len(h.in.Rows))*h.rowH, ` fill="`+h.hatch(k)+`"`)
		}
		t = u
	}
	if len(b) == 0 {
		return nil
	}
	return append(append([]byte(`<g class="mask">`+"\n"), b...), "</g>\n"...)
}

func (h *heat) kind(t int) Kind {
	if h.in.Mask == nil {
		return Valid
	}
	return h.in.Mask[t]
}

// rowLabels writes each row's label, right-aligned before the grid.
func (h *heat) rowLabels() {
	fs := h.th.FontSize
	h.labels.WriteString(`<g class="rows" text-anchor="end">` + "\n")
	for i, r := range h.in.Rows {
		y := h.y0 + (float64(i)+0.5)*h.rowH + fs*0.35
		h.text(h.x0-8, y, fit(oneLine(r.Label), fs, 170), fs, "", h.th.Foreground, "")
	}
	h.labels.WriteString("</g>\n")
}

// cellValues writes every cell's value (2 decimals) in the colour that
// contrasts with the cell, when the widest value fits the columns.
func (h *heat) cellValues() {
	size := h.th.FontSize * 0.85
	widest := 0.0
	for _, r := range h.in.Rows {
		for _, v := range r.Values {
			widest = math.Max(widest, textWidth(val(v), size))
		}
	}
	if widest+4 > h.slot || size*1.2 > h.rowH {
		return
	}
	h.labels.WriteString(`<g class="values" font-size="` + num(size) + `" text-anchor="middle">` + "\n")
	for i, r := range h.in.Rows {
		y := h.y0 + (float64(i)+0.5)*h.rowH + size*0.35
		for t, v := range r.Values {
			// The group sets the size; passing FontSize writes none per text.
			h.text((h.colX(t)+h.colX(t+1))/2, y, val(v), h.th.FontSize, "", inkOn(Diverging(v/h.m)), "")
		}
	}
	h.labels.WriteString("</g>\n")
}

// tickLabels writes each labelled token's text and its index t+Base under
// its column, as the other charts do.
func (h *heat) tickLabels(tokY, idxY float64) {
	room := float64(h.step)*h.slot - 4
	h.labels.WriteString(`<g class="ticks" text-anchor="middle">` + "\n")
	for t := range h.T {
		n := t + h.in.Base
		if h.step > 1 && n%h.step != 0 {
			continue
		}
		x := (h.colX(t) + h.colX(t+1)) / 2
		h.text(x, tokY, fit(tokenLabel(h.in.Tokens[t]), h.th.FontSize, room), h.th.FontSize, "", h.th.Foreground, "")
		h.text(x, idxY, strconv.Itoa(n), h.th.FontSize, "", h.th.Muted, "")
	}
	h.labels.WriteString("</g>\n")
}

// desc is the <desc>: the caller's sentence, the scale, every row's values
// (summarised past eight tokens) and the mask-0 tokens.
func (h *heat) desc(base *Input) string {
	var d strings.Builder
	d.WriteString(oneLine(h.in.Text.Desc))
	fmt.Fprintf(&d, " %s: %s … %s.", oneLine(h.in.Text.Scale), h.tick(-h.m), h.tick(h.m))
	for _, r := range h.in.Rows {
		fmt.Fprintf(&d, " %s: %s.", oneLine(r.Label), descList(r.Values, func(t int) string {
			return fmt.Sprintf("%d: %s", t+h.in.Base, val(r.Values[t]))
		}))
	}
	_, maskDesc := base.maskLegend(h.T)
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	return strings.TrimSpace(d.String())
}
