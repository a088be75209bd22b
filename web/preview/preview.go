// Package preview draws a scenario's link preview: a 1200×630 PNG of its
// boundary chart (the playground's values chart: V(s_t) on the boundaries,
// R_t and A_t on the tokens), for the og:image of a shared link. gonum/plot
// lays it out and draws it on a vgimg canvas, with one embedded font
// (font.go) that covers Latin, Greek, CJK and the app's math symbols.
//
// Index convention, as in package chart: t is the 0-based response-token
// index; token t is centred at x = t and V(s_t), the value of the state
// before token t, sits on the boundary x = t − 0.5; the terminal state s_T,
// bootstrapped as 0, is the hollow point at x = T − 0.5. Tick labels show
// the token's text over its index t+Base; a token with a rune the font has
// no glyph for (emoji, say) shows "t=3" instead, so nothing is drawn blank.
package preview

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"gaelab/web/chart"
)

// Width and Height are the image's size in px: OpenGraph's 1.91:1.
const Width, Height = 1200, 630

// MaxTokens is the most tokens a preview draws; a longer response is an
// error (ErrTooLong), so that one image costs a bounded time.
const MaxTokens = 64

// encoder writes the PNGs: deflate at its fastest level, which takes a
// third of the default's time for a file about 15 % larger (the answer
// cache keeps it); its buffers are reused.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

// bufferPool is png.EncoderBufferPool over a sync.Pool.
type bufferPool struct{ p sync.Pool }

func (bp *bufferPool) Get() *png.EncoderBuffer {
	b, _ := bp.p.Get().(*png.EncoderBuffer)
	return b
}

func (bp *bufferPool) Put(b *png.EncoderBuffer) { bp.p.Put(b) }

// ErrTooLong is returned for more than MaxTokens tokens.
var ErrTooLong = errors.New("preview: too many tokens")

// Input is what one preview shows. Title and Subtitle are drawn above the
// chart (the chart's title, the release); Chart supplies the tokens, their
// mask, the series and the legend's words (Value, Return, Advantage,
// Bootstrap, TokenAxis, ValueAxis), already localised.
type Input struct {
	Title, Subtitle string
	Chart           chart.Input
}

// Sizes, in px.
const (
	titleSize = 40
	subSize   = 26
	textSize  = 22
	lineW     = 4
	markR     = 8
	pad       = 28
)

// PNG draws in's preview.
func PNG(in Input) ([]byte, error) {
	lf := loaded()
	if lf.err != nil {
		return nil, lf.err
	}
	c := in.Chart
	T := len(c.Tokens)
	switch {
	case T == 0:
		return nil, errors.New("preview: no tokens")
	case T > MaxTokens:
		return nil, fmt.Errorf("%w: %d, at most %d", ErrTooLong, T, MaxTokens)
	case len(c.Values) != T || len(c.Returns) != T || len(c.Advantages) != T:
		return nil, fmt.Errorf("preview: %d tokens, %d values, %d returns, %d advantages", T, len(c.Values), len(c.Returns), len(c.Advantages))
	}
	for _, v := range [][]float64{c.Values, c.Returns, c.Advantages} {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, errors.New("preview: a value is not finite")
			}
		}
	}

	th := chart.Light()
	p := newPlot(c.Text.TokenAxis, c.Text.ValueAxis)
	p.X.Min, p.X.Max = -0.7, float64(T)-0.3
	p.X.Tick.Marker = tokenTicks(c, T)
	p.X.Tick.Length = 0
	lo, hi, _ := finiteExtent(c.Values, c.Returns, c.Advantages) // all finite, checked above
	span := math.Max(hi-lo, 0.1)
	p.Y.Min, p.Y.Max = lo-span*0.08, hi+span*0.3 // room for the legend over the data
	p.Y.Padding = 8

	p.Add(maskShade{c: c, th: th})
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = hex(th.Grid)
	p.Add(grid, zeroLine{col: hex(th.Boundary)})

	boundaries := make(plotter.XYs, T)
	onTokens := func(v []float64) plotter.XYs {
		xy := make(plotter.XYs, T)
		for t := range T {
			xy[t] = plotter.XY{X: float64(t), Y: v[t]}
		}
		return xy
	}
	for t := range T {
		boundaries[t] = plotter.XY{X: float64(t) - 0.5, Y: c.Values[t]}
	}
	end := plotter.XYs{{X: float64(T) - 0.5, Y: 0}}
	for _, s := range []struct {
		q     chart.Quantity
		label string
		xy    plotter.XYs
	}{
		{chart.Return, c.Text.Return, onTokens(c.Returns)},
		{chart.Advantage, c.Text.Advantage, onTokens(c.Advantages)},
		{chart.Value, c.Text.Value, boundaries},
	} {
		line, points, err := plotter.NewLinePoints(s.xy)
		if err != nil {
			return nil, fmt.Errorf("preview: %w", err)
		}
		st := chart.Styles[s.q]
		col := hex(st.Color)
		line.LineStyle = draw.LineStyle{Color: col, Width: lineW}
		for _, d := range st.Dash {
			line.LineStyle.Dashes = append(line.LineStyle.Dashes, vg.Length(d*lineW))
		}
		points.GlyphStyle = draw.GlyphStyle{Color: col, Radius: markR, Shape: glyphShape(st.Marker)}
		p.Add(line, points)
		p.Legend.Add(s.label, line, points)
	}
	// The bootstrapped V(s_T) = 0: a dotted step from the last V(s_t) to a
	// hollow point.
	tail, err := plotter.NewLine(plotter.XYs{boundaries[T-1], end[0]})
	if err != nil {
		return nil, fmt.Errorf("preview: %w", err)
	}
	valueCol := hex(chart.Styles[chart.Value].Color)
	tail.LineStyle = draw.LineStyle{Color: valueCol, Width: lineW * 0.75, Dashes: []vg.Length{2, 5}}
	term, err := plotter.NewScatter(end)
	if err != nil {
		return nil, fmt.Errorf("preview: %w", err)
	}
	term.GlyphStyle = draw.GlyphStyle{Color: valueCol, Radius: markR * 1.2, Shape: draw.RingGlyph{}}
	p.Add(tail, term)
	p.Legend.Add(c.Text.Bootstrap, term)

	return draw1(p, in.Title, in.Subtitle)
}

// draw1 draws plot p under the heading (title, then subtitle in the muted
// colour) on a Width×Height canvas and encodes it as PNG.
func draw1(p *plot.Plot, title, subtitle string) ([]byte, error) {
	lf := loaded()
	th := chart.Light()
	fg, muted := hex(th.Foreground), hex(th.Muted)
	hdl := text.Plain{Fonts: lf.cache}
	cv := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(72), vgimg.UseBackgroundColor(hex(th.Background)))
	dc := draw.New(cv)
	var ts, sub text.Style
	restyle(&ts, titleSize, fg, hdl)
	restyle(&sub, subSize, muted, hdl)
	top := vg.Length(Height - pad)
	hdl.Draw(cv, oneLine(title), ts, vg.Point{X: pad, Y: top - titleSize})
	top -= titleSize * 1.35
	hdl.Draw(cv, oneLine(subtitle), sub, vg.Point{X: pad, Y: top - subSize})
	top -= subSize*1.35 + 12
	p.Draw(draw.Crop(dc, pad, -pad, pad, top-Height))

	var b bytes.Buffer
	b.Grow(96 << 10)
	if err := encoder.Encode(&b, cv.Image()); err != nil {
		return nil, fmt.Errorf("preview: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// restyle sets a text style's colour, font and handler, keeping its
// alignment and rotation (gonum's defaults).
func restyle(sty *text.Style, size float64, col color.Color, hdl text.Handler) {
	sty.Color, sty.Font, sty.Handler = col, font.Font{Typeface: typeface, Size: font.Length(size)}, hdl
}

// newPlot is a plot in the previews' style: the legend top right, axes,
// ticks and labels at textSize, axis labels x and y.
func newPlot(x, y string) *plot.Plot {
	th := chart.Light()
	fg, muted := hex(th.Foreground), hex(th.Muted)
	hdl := text.Plain{Fonts: loaded().cache}
	p := plot.New()
	p.TextHandler = hdl
	restyle(&p.Legend.TextStyle, textSize, fg, hdl)
	p.Legend.Top, p.Legend.Left = true, false
	p.Legend.ThumbnailWidth = 44
	p.Legend.Padding = 6
	p.Legend.XOffs = -12
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		restyle(&a.Label.TextStyle, textSize, muted, hdl)
		restyle(&a.Tick.Label, textSize, fg, hdl)
		a.Color, a.Tick.Color = muted, muted
		a.LineStyle.Width, a.Tick.LineStyle.Width = 1.5, 1.5
	}
	p.X.Label.Text, p.Y.Label.Text = x, y
	return p
}

// tokenTicks labels the token columns: the token over its index, every
// k-th token when the columns are too narrow for each, each label cut to
// its room with "…".
func tokenTicks(c chart.Input, T int) plot.ConstantTicks {
	room := float64(Width-2*pad-90) / float64(T) // px per column, about
	k := 1
	for _, step := range []int{1, 2, 5, 10, 20} {
		k = step
		if room*float64(step) >= 56 {
			break
		}
	}
	var ticks plot.ConstantTicks
	for t := range T {
		i := c.First + t + c.Base
		if i%k != 0 && k > 1 {
			continue
		}
		ticks = append(ticks, plot.Tick{Value: float64(t), Label: TokenLabel(c.Tokens[t], i, room*float64(k)-8) + "\n" + strconv.Itoa(i)})
	}
	return ticks
}

// TokenLabel is how a tick shows token tok whose index is i within width
// px: its text on one line, cut with "…" to fit, or "t=i" when the font
// lacks one of its runes (or it is blank).
func TokenLabel(tok string, i int, width float64) string {
	s := oneLine(tok)
	if strings.TrimSpace(s) == "" || !Covered(s) {
		return "t=" + strconv.Itoa(i)
	}
	face := loaded().cache.Lookup(font.Font{Typeface: typeface}, textSize)
	if float64(face.Width(s)) <= width {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if cut := string(rs[:n]) + "…"; float64(face.Width(cut)) <= width {
			return cut
		}
	}
	return "…"
}

// oneLine turns line breaks and tabs into spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// glyphShape is gonum's glyph for a chart marker.
func glyphShape(marker string) draw.GlyphDrawer {
	switch marker {
	case chart.MarkerSquare:
		return draw.BoxGlyph{}
	case chart.MarkerTriangle:
		return draw.TriangleGlyph{}
	}
	return draw.CircleGlyph{}
}

// hex parses "#RRGGBB"; the theme's colours always are.
func hex(s string) color.RGBA {
	n, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return color.RGBA{R: uint8(n >> 16), G: uint8(n >> 8), B: uint8(n), A: 255}
}

// maskShade shades the columns of mask-0 tokens (padding, observation).
type maskShade struct {
	c  chart.Input
	th chart.Theme
}

// Plot implements plot.Plotter.
func (m maskShade) Plot(dc draw.Canvas, p *plot.Plot) {
	tx, _ := p.Transforms(&dc)
	for t, k := range m.c.Mask {
		if k == chart.Valid || t >= len(m.c.Tokens) {
			continue
		}
		fill := m.th.PaddingFill
		if k == chart.Observation {
			fill = m.th.ObservationFill
		}
		dc.SetColor(hex(fill))
		x0, x1 := tx(float64(t)-0.5), tx(float64(t)+0.5)
		dc.Fill(rect(x0, dc.Min.Y, x1, dc.Max.Y))
	}
}

// zeroLine draws y = 0 across the data area.
type zeroLine struct{ col color.Color }

// Plot implements plot.Plotter.
func (z zeroLine) Plot(dc draw.Canvas, p *plot.Plot) {
	_, ty := p.Transforms(&dc)
	y := ty(0)
	dc.StrokeLine2(draw.LineStyle{Color: z.col, Width: 2}, dc.Min.X, y, dc.Max.X, y)
}

func rect(x0, y0, x1, y1 vg.Length) vg.Path {
	var path vg.Path
	path.Move(vg.Point{X: x0, Y: y0})
	path.Line(vg.Point{X: x1, Y: y0})
	path.Line(vg.Point{X: x1, Y: y1})
	path.Line(vg.Point{X: x0, Y: y1})
	path.Close()
	return path
}
