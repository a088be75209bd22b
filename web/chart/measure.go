package chart

import (
	"math"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"

	"gaelab/web/bounded"
)

// gonum measures every tick label, axis label and title with its font each
// time it lays out or draws a plot (several times per chart: the trial
// layout in measure, then Draw's sizes, paddings and glyph boxes), and each
// measure walks the string's glyphs and kerning pairs in the font. The
// charts draw the same few strings (tick labels, titles) again and again,
// so textHandler, the handler every chart's text styles use, is gonum's
// plain handler with its boxes kept: the same numbers, measured once.
var textHandler text.Handler = newMeasuredText(maxMeasuredBytes)

// maxMeasuredBytes bounds the kept boxes, strings and fonts included (the
// strings a chart measures are tick labels and titles: a few hundred, a
// few hundred bytes each with the memo's own cost). The least recent go
// first.
const maxMeasuredBytes = 1 << 20

// measuredText is text.Plain whose Box results are kept by font and
// string. It is safe for concurrent use.
type measuredText struct {
	text.Plain
	boxes *bounded.Cache[boxKey, box]
}

func newMeasuredText(maxBytes int) *measuredText {
	return &measuredText{Plain: text.Plain{Fonts: font.DefaultCache},
		boxes: bounded.New(maxBytes, func(k boxKey, b box) int { return bounded.Approx(k) + bounded.Approx(b) })}
}

// boxKey is one measured string in one font (its size included).
type boxKey struct {
	fnt font.Font
	txt string
}

// box is what text.Plain.Box returns.
type box struct{ width, height, depth vg.Length }

// Box is text.Plain's Box, measured once per font and string.
func (h *measuredText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	k := boxKey{fnt, txt}
	if b, ok := h.boxes.Get(k); ok {
		return b.width, b.height, b.depth
	}
	width, height, depth = h.Plain.Box(txt, fnt)
	h.boxes.Put(k, box{width, height, depth})
	return width, height, depth
}

// Draw is text.Plain's Draw (the same arithmetic in the same order), with
// each line's width from Box.
func (h *measuredText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos := vg.Length(cos64)
	sin := vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin

	lines := h.Lines(txt)
	ht := sty.Height(txt)
	pt.Y += ht*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, fnt.Font)
		xoffs := vg.Length(sty.XAlign) * w
		n := vg.Length(len(lines) - i)
		c.FillString(fnt, pt.Add(vg.Point{X: xoffs, Y: n * sty.Font.Size}), line)
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}
