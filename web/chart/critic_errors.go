package chart

import (
	"math"
	"strings"

	"gonum.org/v1/plot/vg"
)

// CriticErrors draws the critic's two squared errors per token as grouped
// bars from 0: left (vpreds[t] − R_t)², verl's vf_losses1, in the palette's
// V(s_t) colour; right (vpredclipped[t] − R_t)², vf_losses2, hatched in the
// foreground colour. The term max takes is opaque with a thick outline and
// the palette's reward diamond on its top; the other is faint with a dashed
// outline. A token whose clipped term is taken carries Text.ClippedMark
// above its column. The root <svg> has class "gae-chart gae-critic-errors".
func CriticErrors(in CriticInput) ([]byte, error) {
	return svgOf(criticErrors(&in))
}

func criticErrors(in *CriticInput) ([]byte, *frame, error) {
	base, T, th, err := in.prepare(in.Text.ErrorsTitle)
	if err != nil {
		return nil, nil, err
	}
	tx := in.Text
	mark := oneLine(tx.ClippedMark)
	lo, hi := extent(in.Losses1, in.Losses2)
	if mark != "" && hi > lo {
		hi += 0.15 * (hi - lo) // headroom for the marks over the bars
	}
	masks, maskDesc := base.maskLegend(T)
	var d strings.Builder
	d.WriteString(oneLine(tx.ErrorsDesc))
	d.WriteString(" " + descSeries(tx.Losses1, "t=%d: %s", in.Losses1, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.Losses2, "t=%d: %s", in.Losses2, in.Base) + ".")
	d.WriteString(in.takenDesc())
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	sp := spec{
		class: "gae-critic-errors", defaultID: "gae-critic-errors",
		title: tx.ErrorsTitle, desc: strings.TrimSpace(d.String()),
		yLabel: tx.ErrorAxis, lo: lo, hi: hi,
		legend: append(in.errorsLegend(mark), masks...),
	}
	sp.layers = append(sp.layers, func(f *frame) { in.errorsLayer(f, mark) })
	return render(base, T, th, sp)
}

// errorFills are the fills of the two bars: vf_losses1 in the palette's
// V(s_t) colour, vf_losses2 hatched in the foreground colour.
func errorFills(f *frame) (fill1, fill2 string) {
	return f.th.style(Value).Color, f.definePattern("hatch-vclip", 4, f.fg, alpha(f.bg, 0.7), true)
}

// The two outlines: the taken bar's thick, the other's thin and dashed.
func takenBarAttrs(f *frame) string {
	return ` fill-opacity="1"` + strokeAttrs(f.fg, 1.75, nil, 0)[len(` fill="none"`):]
}

func otherBarAttrs(f *frame) string {
	return ` fill-opacity="0.3"` + strokeAttrs(f.muted, 1, []vg.Length{3, 2}, 0)[len(` fill="none"`):]
}

// errorsLegend is the two bars, the taken term's outline and diamond and,
// when some clipped term is taken, the mark.
func (in *CriticInput) errorsLegend(mark string) []legendItem {
	tx := in.Text
	h := func(f *frame) float64 { return f.th.FontSize * 0.5 }
	items := []legendItem{
		{oneLine(tx.Losses1), func(f *frame, x, y float64) {
			fill, _ := errorFills(f)
			f.marks.path(appendRect(nil, x+5, y-h(f), x+thumbW-5, y+h(f)), ` fill="`+fill+`"`+otherBarAttrs(f), false)
		}},
		{oneLine(tx.Losses2), func(f *frame, x, y float64) {
			_, fill := errorFills(f)
			f.marks.path(appendRect(nil, x+5, y-h(f), x+thumbW-5, y+h(f)), ` fill="`+fill+`"`+otherBarAttrs(f), false)
		}},
		{oneLine(tx.Taken), func(f *frame, x, y float64) {
			f.marks.path(appendRect(nil, x+5, y-h(f), x+thumbW-5, y+h(f)), ` fill="`+paint(f.bg, "fill-opacity")+takenBarAttrs(f), false)
			marker(f.marks, Styles[Reward].Marker, x+thumbW/2, y+h(f), f.th.MarkerRadius*0.9, rgb(Styles[Reward].Color), f.bg)
		}},
	}
	for _, on := range in.Clipped {
		if on && mark != "" {
			return append(items, legendItem{oneLine(tx.ClippedLegend), func(f *frame, x, y float64) {
				f.labels.text(x+thumbW/2, f.sy(y)+f.th.FontSize*0.35, mark, f.th.FontSize, "middle", f.th.Foreground, ` font-weight="bold"`)
			}})
		}
	}
	return items
}

// errorsLayer draws the bars (the faint ones first), the diamonds on the
// taken terms and the marks over the clipped tokens.
func (in *CriticInput) errorsLayer(f *frame, mark string) {
	w := f.slot * 0.34
	fill1, fill2 := errorFills(f)
	var taken1, taken2, other1, other2 []span
	tops := make([]vg.Point, f.T)
	for t := range f.T {
		x := f.X(float64(t))
		b1 := span{x - w/2, w, f.Y(0), f.Y(in.Losses1[t])}
		b2 := span{x + w/2, w, f.Y(0), f.Y(in.Losses2[t])}
		if in.Clipped[t] {
			taken2, other1 = append(taken2, b2), append(other1, b1)
			tops[t] = vg.Point{X: vg.Length(b2.x), Y: vg.Length(b2.y1)}
		} else {
			taken1, other2 = append(taken1, b1), append(other2, b2)
			tops[t] = vg.Point{X: vg.Length(b1.x), Y: vg.Length(b1.y1)}
		}
	}
	criticBars(f, other1, fill1, otherBarAttrs(f), "term-other")
	criticBars(f, other2, fill2, otherBarAttrs(f), "term-other")
	criticBars(f, taken1, fill1, takenBarAttrs(f), "term-taken")
	criticBars(f, taken2, fill2, takenBarAttrs(f), "term-taken")
	r := f.markerR()
	col := rgb(Styles[Reward].Color)
	points(f.marks, tops, f.defineMarker("mk-taken", 1.25*r+ringWidth(r)+1, func(m *markCanvas) {
		marker(m, Styles[Reward].Marker, 0, 0, r, col, f.bg)
	}))
	if mark == "" {
		return
	}
	_, y0, _, _ := f.dataRect()
	for t, on := range in.Clipped {
		if on {
			f.labels.text(f.X(float64(t)), y0+f.th.FontSize*1.1, mark, f.th.FontSize, "middle", f.th.Foreground, ` class="clipped" font-weight="bold"`)
		}
	}
}

// criticBars fills bars as one path of class class; a bar of height 0
// (an error of 0) is drawn as a line, so that the taken term still shows.
func criticBars(f *frame, bs []span, fill, attrs, class string) {
	var p vg.Path
	for _, b := range bs {
		y0, y1 := math.Min(b.y0, b.y1), math.Max(b.y0, b.y1)
		y1 = math.Max(y1, y0+1)
		p = appendRect(p, b.x-b.w/2, y0, b.x+b.w/2, y1)
	}
	if len(p) > 0 {
		f.marks.path(p, ` fill="`+fill+`"`+attrs+` class="`+class+`"`, false)
	}
}
