package chart

import (
	"math"
	"strconv"
	"strings"
)

// Text blocks every chart writes the same way, through its writer.

// title writes s wrapped to width as the bold title lines below y and
// returns the y under them.
func (w *writer) title(th Theme, s string, y, width float64) float64 {
	for _, l := range wrap(s, th.TitleSize, width) {
		y += th.TitleSize * 1.25
		w.text(pad, y-th.TitleSize*0.25, l, th.TitleSize, "", th.Foreground, ` font-weight="bold"`)
	}
	return y
}

// caption writes s wrapped to width as italic, muted lines below y and
// returns the y under them.
func (w *writer) caption(th Theme, s string, y, width float64) float64 {
	y += th.FontSize * 0.3
	for _, l := range wrap(s, th.FontSize, width) {
		y += th.FontSize * 1.35
		w.text(pad, y-th.FontSize*0.3, l, th.FontSize, "", th.Muted, ` font-style="italic"`)
	}
	return y
}

// flow places legend entries in rows from y down, within a chart W wide:
// each is a thumbnail thumbW wide, 5 px, then its label (font size fs).
// It returns each entry's thumbnail left and row centre, and the y under
// the rows.
func flow(labels []string, fs, W, y float64) (at [][2]float64, bottom float64) {
	rowH := fs * 1.6
	x, rowY := pad, y+rowH/2
	for _, l := range labels {
		w := thumbW + 5 + textWidth(l, fs)
		if x > pad && x+w > W-pad {
			x, rowY = pad, rowY+rowH
		}
		at = append(at, [2]float64{x, rowY})
		x += w + fs*1.3
	}
	return at, rowY + rowH/2
}

// tickLabels writes each labelled token's text (cut with "…" to its room)
// at baseline tokY and its index t+base at idxY, centred on x(t): every
// step-th index gets a label, so each has step columns of slot px. With
// idxY NaN there is no index line (columns that are groups, not tokens).
func (w *writer) tickLabels(th Theme, tokens []string, base, step int, slot float64, x func(t int) float64, tokY, idxY float64) {
	room := float64(step)*slot - 4
	w.group(` class="ticks" text-anchor="middle"`, 0, "", "middle")
	for t, tok := range tokens {
		n := t + base
		if step > 1 && n%step != 0 {
			continue
		}
		w.text(x(t), tokY, fit(tokenLabel(tok), th.FontSize, room), th.FontSize, "middle", th.Foreground, "")
		if !math.IsNaN(idxY) {
			w.text(x(t), idxY, strconv.Itoa(n), th.FontSize, "middle", th.Muted, "")
		}
	}
	w.end()
}

// stateLabels writes s_n (n = t+Base, subscript digits) above each
// boundary that gets a tick label, and above the terminal state s_T.
func (f *frame) stateLabels(y float64) {
	size := f.th.FontSize * 0.95
	w := f.labels
	w.group(` class="states" font-size="`+num(size)+`" font-style="italic" fill="`+f.th.Muted+`" text-anchor="middle"`, size, f.th.Muted, "middle")
	xT := f.X(float64(f.T) - 0.5)
	for t := 0; t <= f.T; t++ {
		n := t + f.in.Base
		x := f.X(float64(t) - 0.5)
		if t < f.T && (f.step > 1 && n%f.step != 0 || xT-x < f.th.TokenWidth*0.8 && f.step > 1) {
			continue
		}
		w.text(x, y, "s"+subscript(n), size, "middle", f.th.Muted, "")
	}
	w.end()
}

// subscript writes n with Unicode subscript digits.
func subscript(n int) string {
	var b strings.Builder
	for _, r := range strconv.Itoa(n) {
		b.WriteRune('₀' + r - '0')
	}
	return b.String()
}

// hlCols returns the hl-cols group (see the package doc): n rects over
// [y0, y1], rect i covering token t's column [x0, x1] as col(i) says.
func hlCols(th Theme, n int, y0, y1 float64, col func(i int) (t int, x0, x1 float64)) []byte {
	w := &writer{}
	w.b.Grow(80 * (n + 1))
	w.b.WriteString(`<g class="hl-cols" fill="` + th.Highlight + `" fill-opacity="0">` + "\n")
	for i := range n {
		t, x0, x1 := col(i)
		w.hl(t, x0, y0, x1, y1)
	}
	w.b.WriteString("</g>\n")
	return w.b.Bytes()
}
