package chart

import (
	"math"
	"strings"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// gonum measures every tick label, axis label and title with its font each
// time it lays out or draws a plot (several times per chart: the trial
// layout in measure, then Draw's sizes, paddings and glyph boxes), and each
// measure walks the string's glyphs and kerning pairs in the font. The
// charts draw the same few strings (tick labels, titles) again and again,
// so textHandler, the handler every chart's text styles use, is gonum's
// plain handler with its boxes kept: the same numbers, measured once.
var textHandler text.Handler = &measuredText{
	Plain: text.Plain{Fonts: font.DefaultCache}, boxes: boxMemo{max: maxMeasured},
}

// maxMeasured bounds the kept boxes; past it the memo starts afresh (the
// strings a chart measures are tick labels and titles: a few hundred).
const maxMeasured = 4096

// measuredText is text.Plain whose Box results are kept by font and
// string. It is safe for concurrent use.
type measuredText struct {
	text.Plain
	boxes boxMemo
}

// boxKey is one measured string in one font (its size included).
type boxKey struct {
	fnt font.Font
	txt string
}

// box is what text.Plain.Box returns.
type box struct{ width, height, depth vg.Length }

// boxMemo is a bounded map of measured boxes, safe for concurrent use.
type boxMemo struct {
	mu  sync.Mutex
	m   map[boxKey]box
	max int
}

func (bm *boxMemo) get(k boxKey) (box, bool) {
	bm.mu.Lock()
	b, ok := bm.m[k]
	bm.mu.Unlock()
	return b, ok
}

func (bm *boxMemo) put(k boxKey, b box) {
	bm.mu.Lock()
	if bm.m == nil || len(bm.m) >= bm.max {
		bm.m = make(map[boxKey]box, 256)
	}
	bm.m[k] = b
	bm.mu.Unlock()
}

// Box is text.Plain's Box, measured once per font and string.
func (h *measuredText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	k := boxKey{fnt, txt}
	if b, ok := h.boxes.get(k); ok {
		return b.width, b.height, b.depth
	}
	width, height, depth = h.Plain.Box(txt, fnt)
	h.boxes.put(k, box{width, height, depth})
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
