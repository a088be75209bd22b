package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gaelab/web/svg"
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

// inkOn is the text colour with the better contrast on background c:
// black on light cells, white on dark ones.
func inkOn(c color.RGBA) string { return hex(svg.Ink(c)) }

// Heatmap draws the rows as a grid of cells, row labels on the left, the
// token labels under the columns (thinned as in the other charts), a colour
// bar from −m to m (m the largest |value| of the valid columns) and, when a
// cell is wide enough for it, each cell's value with 2 decimals. Cells are
// <rect>s in <g class="cells">, one <g class="heat-row"> per row; the hl
// rects cover the columns as in the other charts. The root <svg> has class
// "gae-chart gae-heatmap".
func Heatmap(in HeatmapInput) ([]byte, error) {
	return svgOf(heatmap(&in))
}

// heat is one heat map being drawn: its geometry, in SVG px (y down).
type heat struct {
	in         *HeatmapInput
	base       Input // Tokens, Base, Mask and the mask legend's Text, as the other charts take them
	th         Theme
	id         string
	T          int
	W, H       float64
	x0, y0     float64 // top-left corner of the cell grid
	slot, rowH float64
	step       int     // every step-th token gets a tick label
	m          float64 // the scale runs from −m to m
	defs       *frame  // holds the <defs> (patterns) and their ids
	labels     *writer
}

func heatmap(in *HeatmapInput) ([]byte, *heat, error) {
	h, err := newHeat(in)
	if err != nil {
		return nil, nil, err
	}
	th, fs := h.th, h.th.FontSize

	// Header: the title, then the colour bar and the mask legend.
	y := h.labels.title(th, in.Text.Title, pad, h.W-2*pad)
	y = h.legend(y + fs*0.6)
	h.y0 = y + 8
	gridBottom := h.y0 + float64(len(in.Rows))*h.rowH
	tokY := gridBottom + 4 + fs
	idxY := tokY + fs*1.2
	y = idxY
	if strings.TrimSpace(in.Text.TokenAxis) != "" {
		y += fs * 1.6
		h.labels.text(h.x0+float64(h.T)*h.slot/2, y, oneLine(in.Text.TokenAxis), fs, "middle", th.Foreground, "")
	}
	h.H = math.Ceil(y + fs*0.35 + pad)

	cells := h.cells()
	overlay := h.maskOverlay()
	h.rowLabels()
	h.cellValues()
	h.labels.tickLabels(th, in.Tokens, in.Base, h.step, h.slot, func(t int) float64 { return (h.colX(t) + h.colX(t+1)) / 2 }, tokY, idxY)
	hl := hlCols(th, h.T, h.y0, gridBottom, func(t int) (int, float64, float64) { return t, h.colX(t), h.colX(t + 1) })

	var b bytes.Buffer
	b.Grow(len(cells) + len(overlay) + h.labels.b.Len() + len(hl) + 2048)
	var defs bytes.Buffer
	defs.WriteString("<defs>\n")
	h.gradient(&defs)
	defs.Write(h.defs.defs.Bytes())
	defs.WriteString("</defs>\n")
	page{h.W, h.H, "gae-heatmap", th.Name, h.id, th.Background, in.Text.Title, h.desc()}.begin(&b, defs.Bytes())
	b.Write(cells)
	b.Write(overlay)
	b.WriteString(`<g class="labels" font-size="` + num(fs) + `" fill="` + th.Foreground + `">` + "\n")
	b.Write(h.labels.b.Bytes())
	b.WriteString("</g>\n")
	b.Write(hl)
	b.WriteString("</svg>\n")
	return b.Bytes(), h, nil
}

// newHeat checks the input and sizes the heat map: columns as in the other
// charts (see columns), after the row labels.
func newHeat(in *HeatmapInput) (*heat, error) {
	base := Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, ID: in.ID, Theme: in.Theme,
		Text: Text{Padding: in.Text.Padding, Observation: in.Text.Observation}}
	T, th, err := base.prepare("Title", in.Text.Title)
	if err != nil {
		return nil, err
	}
	if len(in.Rows) == 0 || len(in.Rows) > MaxHeatmapRows {
		return nil, fmt.Errorf("chart: %d heat map rows, want 1 … %d", len(in.Rows), MaxHeatmapRows)
	}
	for i, r := range in.Rows {
		if err := checkSeries(fmt.Sprintf("Rows[%d].Values", i), r.Values, T, nil); err != nil {
			return nil, err
		}
	}
	h := &heat{in: in, base: base, th: th, id: in.ID, T: T, labels: newWriter(th.FontSize, th.Foreground, "start")}
	if h.id == "" {
		h.id = "gae-heatmap"
	}
	h.defs = &frame{id: h.id, defined: map[string]bool{}}
	h.m = h.scaleBound()
	fs := th.FontSize
	labelW := 0.0
	for _, r := range in.Rows {
		labelW = math.Max(labelW, textWidth(fit(oneLine(r.Label), fs, 170), fs))
	}
	h.x0 = pad + labelW + 10
	h.slot, h.step = columns(th, T, h.x0+pad)
	h.rowH = math.Max(fs*2, 22)
	h.W = math.Ceil(math.Max(minW, h.x0+float64(T)*h.slot+pad))
	// The colour bar's row fits too, with its label and end ticks (at a
	// projector's type it is wider than a short grid).
	legendW := pad + textWidth(h.tick(-h.m), fs)/2 + h.barWidth() + textWidth(h.tick(h.m), fs)/2 + pad
	if s := oneLine(in.Text.Scale); s != "" {
		legendW += textWidth(s, fs) + 8
	}
	h.W = math.Max(h.W, math.Ceil(legendW))
	return h, nil
}

// barWidth is the colour bar's width: 12 characters of the theme's type,
// at least 140 px.
func (h *heat) barWidth() float64 { return math.Max(140, h.th.FontSize*12) }

// scaleBound is m, the largest |value| over the valid columns (over every
// column when none is valid), or 1 when all of them are 0.
func (h *heat) scaleBound() float64 {
	m, someValid := 0.0, false
	for t := range h.T {
		someValid = someValid || h.base.kind(t) == Valid
	}
	for _, r := range h.in.Rows {
		for t, v := range r.Values {
			if !someValid || h.base.kind(t) == Valid {
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
