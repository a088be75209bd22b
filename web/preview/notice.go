package preview

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"gaelab/web/chart"
)

// noticeSize is the type of a notice's message, in px.
const noticeSize = 44

// Notice draws the preview of a state its chart cannot draw (issue 35: a
// chat app fetching an og:image shows nothing for an error status): the
// page's title and subtitle as a chart's preview has them, then each of
// lines, already localised, wrapped to the image's width, the first in
// large type beside a warning bar and the others under it.
func Notice(title, subtitle string, lines ...string) ([]byte, error) {
	lf := loaded()
	if lf.err != nil {
		return nil, lf.err
	}
	th := chart.Light()
	fg, muted := hex(th.Foreground), hex(th.Muted)
	hdl := text.Plain{Fonts: lf.cache}
	cv := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(72), vgimg.UseBackgroundColor(hex(th.Background)))
	var ts, sub, big, small text.Style
	restyle(&ts, titleSize, fg, hdl)
	restyle(&sub, subSize, muted, hdl)
	restyle(&big, noticeSize, fg, hdl)
	restyle(&small, subSize, fg, hdl)
	top := vg.Length(Height - pad)
	hdl.Draw(cv, oneLine(title), ts, vg.Point{X: pad, Y: top - titleSize})
	top -= titleSize * 1.35
	hdl.Draw(cv, oneLine(subtitle), sub, vg.Point{X: pad, Y: top - subSize})
	top -= subSize*1.35 + 60

	// The message: a bar in the warning colour, the text beside it.
	const barW, gap = 12, 28
	x := vg.Length(pad + barW + gap)
	width := float64(Width - 2*pad - barW - gap)
	barTop := top
	for i, line := range lines {
		size, st := float64(noticeSize), big
		if i > 0 {
			size, st = subSize, small
			top -= 16
		}
		for _, row := range wrap(line, size, width) {
			if top-vg.Length(size) < pad {
				break
			}
			hdl.Draw(cv, row, st, vg.Point{X: x, Y: top - vg.Length(size)})
			top -= vg.Length(size * 1.35)
		}
	}
	dc := draw.New(cv)
	dc.SetColor(hex("#7A3E00")) // the site's warning edge (--warn-edge), 8.3:1 on white
	dc.Fill(rect(pad, top, pad+barW, barTop))

	var b bytes.Buffer
	b.Grow(32 << 10)
	if err := encoder.Encode(&b, cv.Image()); err != nil {
		return nil, fmt.Errorf("preview: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// wrap breaks s into rows at most width px wide at size px: at spaces, or
// between any two runes of Chinese (which has none); a word wider than a
// row is cut between its runes.
func wrap(s string, size, width float64) []string {
	face := loaded().cache.Lookup(font.Font{Typeface: typeface}, font.Length(size))
	fits := func(s string) bool { return float64(face.Width(s)) <= width }
	var rows []string
	row := ""
	for _, word := range words(oneLine(s)) {
		switch next := row + word; {
		case fits(next):
			row = next
		case row != "":
			rows = append(rows, strings.TrimRight(row, " "))
			row = strings.TrimLeft(word, " ")
		default:
			row = word
		}
		for !fits(row) && len([]rune(row)) > 1 { // one word wider than a row
			rs := []rune(row)
			n := len(rs) - 1
			for n > 1 && !fits(string(rs[:n])) {
				n--
			}
			rows = append(rows, string(rs[:n]))
			row = string(rs[n:])
		}
	}
	if strings.TrimSpace(row) != "" {
		rows = append(rows, strings.TrimRight(row, " "))
	}
	return rows
}

// words splits s where a row may break: after each space, and around each
// Han character or CJK punctuation mark.
func words(s string) []string {
	var out []string
	cur := []rune{}
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF:
			flush()
			out = append(out, string(r))
		case r == ' ':
			cur = append(cur, r)
			flush()
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}
