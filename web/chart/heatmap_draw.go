package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// The parts of the heat map: the colour bar and mask legend, the cells, the
// mask hatching over them, the row labels, the cell values and the <desc>.

// legend draws the colour bar (its label, the gradient from −m to m, five
// ticks) and the mask kinds present, starting at y; it returns the y below.
func (h *heat) legend(y float64) float64 {
	th, fs, w := h.th, h.th.FontSize, h.labels
	x := pad
	if s := oneLine(h.in.Text.Scale); s != "" {
		w.text(x, y+fs*0.85, s, fs, "", th.Foreground, "")
		x += textWidth(s, fs) + 8
	}
	barW, barH := h.barWidth(), fs*0.9
	barX := x + textWidth(h.tick(-h.m), fs)/2 // room for the first tick label
	w.cell(barX, y, barX+barW, y+barH, ` fill="url(#`+h.id+`-scale)" stroke="`+th.Foreground+`" stroke-width="0.75"`)
	var xy []float64
	for i := range 5 {
		tx := barX + barW*float64(i)/4
		xy = append(xy, tx, y+barH, tx, y+barH+4)
	}
	w.segments(xy, ` fill="none" stroke="`+th.Foreground+`"`)
	w.group(` class="scale" text-anchor="middle"`, 0, "", "middle")
	for i := range 5 {
		v := h.m * (float64(i)/2 - 1)
		w.text(barX+barW*float64(i)/4, y+barH+4+fs, h.tick(v), fs, "middle", th.Foreground, "")
	}
	w.end()
	bottom := y + barH + 4 + fs*1.3

	// The mask kinds, after the bar, or on a row of their own.
	x = barX + barW + textWidth(h.tick(h.m), fs)/2 + fs*1.5
	for _, k := range []Kind{Padding, Observation} {
		if descMask(&h.base, h.T, k) == "" {
			continue
		}
		label := oneLine(h.in.Text.Padding)
		if k == Observation {
			label = oneLine(h.in.Text.Observation)
		}
		iw := thumbW + 5 + textWidth(label, fs)
		if x+iw > h.W-pad {
			x, y = pad, bottom+fs*0.3
			bottom = y + fs*1.4
		}
		w.cell(x+3, y, x+thumbW-3, y+barH, ` fill="`+th.Background+`" stroke="`+th.Foreground+`" stroke-width="0.75"`)
		w.cell(x+3, y, x+thumbW-3, y+barH, ` fill="`+h.hatch(k)+`"`)
		w.text(x+thumbW+5, y+fs*0.8, label, fs, "", th.Foreground, "")
		x += iw + fs*1.3
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
	w := &writer{}
	w.b.Grow(64*h.T*len(h.in.Rows) + 256)
	w.b.WriteString(`<g class="cells"`)
	if h.slot >= 8 {
		w.b.WriteString(` stroke="` + h.th.Background + `" stroke-width="1"`)
	}
	w.b.WriteString(">\n")
	for i, r := range h.in.Rows {
		w.b.WriteString(`<g class="heat-row" data-row="` + strconv.Itoa(i) + "\">\n")
		y := h.y0 + float64(i)*h.rowH
		for t, v := range r.Values {
			w.cell(h.colX(t), y, h.colX(t+1), y+h.rowH, ` fill="`+hex(Diverging(v/h.m))+`"`)
		}
		w.b.WriteString("</g>\n")
	}
	w.b.WriteString("</g>\n")
	return w.b.Bytes()
}

// maskOverlay hatches the mask-0 columns over every row, one rect per run.
func (h *heat) maskOverlay() []byte {
	runs := kindRuns(h.T, h.base.kind)
	if len(runs) == 0 {
		return nil
	}
	w := &writer{}
	w.b.WriteString(`<g class="mask">` + "\n")
	for _, r := range runs {
		w.cell(h.colX(r.from), h.y0, h.colX(r.to), h.y0+float64(len(h.in.Rows))*h.rowH, ` fill="`+h.hatch(r.k)+`"`)
	}
	w.b.WriteString("</g>\n")
	return w.b.Bytes()
}

// rowLabels writes each row's label, right-aligned before the grid.
func (h *heat) rowLabels() {
	fs, w := h.th.FontSize, h.labels
	w.group(` class="rows" text-anchor="end"`, 0, "", "end")
	for i, r := range h.in.Rows {
		y := h.y0 + (float64(i)+0.5)*h.rowH + fs*0.35
		w.text(h.x0-8, y, fit(oneLine(r.Label), fs, 170), fs, "end", h.th.Foreground, "")
	}
	w.end()
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
	w := h.labels
	w.group(` class="values" font-size="`+num(size)+`" text-anchor="middle"`, size, "", "middle")
	for i, r := range h.in.Rows {
		y := h.y0 + (float64(i)+0.5)*h.rowH + size*0.35
		for t, v := range r.Values {
			w.text((h.colX(t)+h.colX(t+1))/2, y, val(v), size, "middle", inkOn(Diverging(v/h.m)), "")
		}
	}
	w.end()
}

// desc is the <desc>: the caller's sentence, the scale, every row's values
// (summarised past eight tokens) and the mask-0 tokens.
func (h *heat) desc() string {
	var d strings.Builder
	d.WriteString(oneLine(h.in.Text.Desc))
	fmt.Fprintf(&d, " %s: %s … %s.", oneLine(h.in.Text.Scale), h.tick(-h.m), h.tick(h.m))
	for _, r := range h.in.Rows {
		d.WriteString(" " + descSeries(r.Label, "%d: %s", r.Values, h.in.Base) + ".")
	}
	_, maskDesc := h.base.maskLegend(h.T)
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	return strings.TrimSpace(d.String())
}
