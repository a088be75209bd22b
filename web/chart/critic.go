package chart

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CriticInput is the critic's clipped value loss per token, as verl's
// compute_value_loss computes it: the old values, the current critic's
// predictions, the returns, the clipped predictions and the two squared
// errors. Two charts draw it: CriticBand on the value scale, CriticErrors
// on the scale of the squared errors.
//
// Index convention: t is the 0-based response-token index. The loss pairs
// values[t] = V(s_t) (the old critic's value of the state before token t),
// vpreds[t] (the current critic's prediction of the same V(s_t)) and R_t
// (the return of token t) at one index, so all of them sit on token t's
// column (x = t), not on the boundary before it as in Values. Labels show
// t+Base.
type CriticInput struct {
	Tokens []string // each response token's text (any Unicode; escaped)
	Base   int      // 0 or 1: labels show t+Base
	Mask   []Kind   // nil means every token is Valid
	// Values[t] = V(s_t) before this PPO step (verl's values); VPreds[t]
	// the current critic's prediction (vpreds); Returns[t] = R_t.
	Values, VPreds, Returns []float64
	// VPredClipped[t] = clip(vpreds[t], values[t] ± Cliprange), Losses1[t] =
	// (vpreds[t] − R_t)², Losses2[t] = (vpredclipped[t] − R_t)²: the
	// engine's ValueTerms, not recomputed here.
	VPredClipped, Losses1, Losses2 []float64
	// Clipped[t] is the engine's indicator Losses2 > Losses1: the clipped
	// term is the one max takes. Elsewhere the unclipped term is taken.
	Clipped []bool
	// Cliprange is cliprange_value ε: the band is [values[t] − ε, values[t] + ε].
	Cliprange float64
	Text      CriticText
	Theme     Theme  // zero = Light()
	ID        string // id prefix (see Input.ID); empty means "gae-critic-band" or "gae-critic-errors"
}

// CriticText holds the two critic charts' strings, already localised. The
// chart writes only numbers and verl's names besides them.
type CriticText struct {
	BandTitle, ErrorsTitle string // required: the headings (and <title>s)
	BandDesc, ErrorsDesc   string // first sentences of the <desc>s; the data follows
	TokenAxis              string // x axis, e.g. "token (index)"
	ValueAxis, ErrorAxis   string // y axes, e.g. "value", "squared error"
	// Legend entries of the band chart: the clip band, the old value, the
	// prediction, the clipped prediction, the return, the two errors and
	// how the taken one is drawn.
	Band, Value, VPred, VPredClipped, Return string
	Error1, Error2, Taken                    string
	// Legend entries of the errors chart: the two squared errors (verl's
	// vf_losses1 and vf_losses2) and the mark over a token whose clipped
	// term is taken (ClippedMark, e.g. "clip") with its legend entry.
	Losses1, Losses2, ClippedMark, ClippedLegend string
	Padding, Observation                         string // legend entries of the mask-0 kinds
}

// criticLine is how the band chart draws the error whose term is taken, and
// the other one: thick and solid, or thin and dotted.
func criticLine(f *frame, col color.Color, taken bool) draw.LineStyle {
	if taken {
		return draw.LineStyle{Color: col, Width: vg.Length(f.th.StrokeWidth * 1.5)}
	}
	w := math.Max(1, f.th.StrokeWidth*0.6)
	return draw.LineStyle{Color: col, Width: vg.Length(w), Dashes: []vg.Length{vg.Length(w), vg.Length(2 * w)}}
}

// CriticBand draws the critic's clip on the value scale. Per token: the clip
// band [V(s_t) − ε, V(s_t) + ε] around the old value (a short line across
// it), the prediction vpreds[t] (the palette's V(s_t) circle), the clipped
// prediction (a ring around it, apart from it where the band clips it) and
// R_t (the palette's return square); left of the column a vertical line
// from vpreds[t] to R_t (the unclipped error), right of it one from
// vpredclipped[t] to R_t (the clipped error). The error whose squared term
// max takes is thick and solid, the other thin and dotted. The root <svg>
// has class "gae-chart gae-critic-band".
func CriticBand(in CriticInput) ([]byte, error) {
	return svgOf(criticBand(&in))
}

func criticBand(in *CriticInput) ([]byte, *frame, error) {
	base, T, th, err := in.prepare(in.Text.BandTitle)
	if err != nil {
		return nil, nil, err
	}
	tx := in.Text
	lo, hi := extent(in.VPreds, in.Returns, in.VPredClipped)
	for _, v := range in.Values {
		lo, hi = math.Min(lo, v-in.Cliprange), math.Max(hi, v+in.Cliprange)
	}
	masks, maskDesc := base.maskLegend(T)
	var d strings.Builder
	d.WriteString(oneLine(tx.BandDesc))
	fmt.Fprintf(&d, " ε = %s.", objNumber(in.Cliprange))
	d.WriteString(" " + descSeries(tx.Value, "t=%d: %s", in.Values, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.VPred, "t=%d: %s", in.VPreds, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.VPredClipped, "t=%d: %s", in.VPredClipped, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.Return, "t=%d: %s", in.Returns, in.Base) + ".")
	d.WriteString(in.takenDesc())
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	sp := spec{
		class: "gae-critic-band", defaultID: "gae-critic-band",
		title: tx.BandTitle, desc: strings.TrimSpace(d.String()),
		yLabel: tx.ValueAxis, lo: lo, hi: hi,
		legend: append(in.bandLegend(), masks...),
	}
	sp.layers = append(sp.layers, in.bandLayer)
	return render(base, T, th, sp)
}

// prepare checks the input as every chart does and returns the Input the
// frame draws the tokens of.
func (in *CriticInput) prepare(title string) (*Input, int, Theme, error) {
	base := &Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, Theme: in.Theme, ID: in.ID,
		Text: Text{TokenAxis: in.Text.TokenAxis, Padding: in.Text.Padding, Observation: in.Text.Observation}}
	T, th, err := base.prepare("Title", title,
		series{name: "Values", v: in.Values}, series{name: "VPreds", v: in.VPreds}, series{name: "Returns", v: in.Returns},
		series{name: "VPredClipped", v: in.VPredClipped}, series{name: "Losses1", v: in.Losses1}, series{name: "Losses2", v: in.Losses2})
	switch {
	case err != nil:
		return nil, 0, Theme{}, err
	case len(in.Clipped) != T:
		return nil, 0, Theme{}, fmt.Errorf("chart: len(Clipped) = %d, want len(Tokens) = %d", len(in.Clipped), T)
	case !(in.Cliprange >= 0 && in.Cliprange <= maxAbs):
		return nil, 0, Theme{}, fmt.Errorf("chart: Cliprange = %v, want a finite number ≥ 0", in.Cliprange)
	}
	return base, T, th, nil
}

// takenDesc names, for <desc>, the tokens whose clipped term is taken.
func (in *CriticInput) takenDesc() string {
	var where []string
	for t, on := range in.Clipped {
		if on {
			where = append(where, fmt.Sprint(t+in.Base))
		}
	}
	if len(where) == 0 {
		return ""
	}
	if len(where) > 12 {
		where = append(where[:10], ellipsis)
	}
	return " " + oneLine(in.Text.ClippedLegend) + ": t = " + strings.Join(where, ", ") + "."
}

// bandLegend is the band chart's legend: the band, the old value, the
// prediction, the clipped prediction, the return, the two errors and the
// taken error's line.
func (in *CriticInput) bandLegend() []legendItem {
	tx := in.Text
	return []legendItem{
		{oneLine(tx.Band), func(f *frame, x, y float64) {
			h := f.th.FontSize * 0.5
			f.marks.path(appendRect(nil, x+3, y-h, x+thumbW-3, y+h), criticBandAttrs(f), false)
		}},
		{oneLine(tx.Value), func(f *frame, x, y float64) {
			line(f.marks, x+4, y, x+thumbW-4, y, draw.LineStyle{Color: f.fg, Width: vg.Length(f.th.StrokeWidth)})
		}},
		{oneLine(tx.VPred), func(f *frame, x, y float64) {
			marker(f.marks, MarkerCircle, x+thumbW/2, y, f.th.MarkerRadius, rgb(f.th.style(Value).Color), f.bg)
		}},
		{oneLine(tx.VPredClipped), func(f *frame, x, y float64) {
			hollowMarker(f.marks, MarkerCircle, x+thumbW/2, y, f.th.MarkerRadius*1.7, f.th.StrokeWidth*0.6, f.fg, color.Transparent)
		}},
		{oneLine(tx.Return), func(f *frame, x, y float64) {
			st := f.th.style(Return)
			marker(f.marks, st.Marker, x+thumbW/2, y, f.th.MarkerRadius, rgb(st.Color), f.bg)
		}},
		{oneLine(tx.Error1), func(f *frame, x, y float64) {
			line(f.marks, x, y, x+thumbW, y, criticLine(f, rgb(f.th.style(Value).Color), false))
		}},
		{oneLine(tx.Error2), func(f *frame, x, y float64) {
			line(f.marks, x, y, x+thumbW, y, criticLine(f, f.fg, false))
		}},
		{oneLine(tx.Taken), func(f *frame, x, y float64) {
			line(f.marks, x, y, x+thumbW, y, criticLine(f, f.muted, true))
		}},
	}
}

// criticBandAttrs fill the clip band lightly and edge it with dashes.
func criticBandAttrs(f *frame) string {
	return ` fill="` + paint(alpha(rgb(f.th.Highlight), 0.14), "fill-opacity") +
		` stroke="` + paint(f.muted, "stroke-opacity") + ` stroke-dasharray="4 3"`
}

// bandLayer draws the bands, the old values, the two errors, the returns,
// the clipped predictions and the predictions, in that order.
func (in *CriticInput) bandLayer(f *frame) {
	r := f.markerR()
	bw := f.slot * 0.7
	var band vg.Path
	olds := make([]vg.Point, f.T)
	preds, clips, rets := make([]vg.Point, f.T), make([]vg.Point, f.T), make([]vg.Point, f.T)
	for t := range f.T {
		x := f.X(float64(t))
		band = appendRect(band, x-bw/2, f.Y(in.Values[t]-in.Cliprange), x+bw/2, f.Y(in.Values[t]+in.Cliprange))
		olds[t] = vg.Point{X: vg.Length(x), Y: vg.Length(f.Y(in.Values[t]))}
		preds[t] = vg.Point{X: vg.Length(x), Y: vg.Length(f.Y(in.VPreds[t]))}
		clips[t] = vg.Point{X: vg.Length(x), Y: vg.Length(f.Y(in.VPredClipped[t]))}
		rets[t] = vg.Point{X: vg.Length(x), Y: vg.Length(f.Y(in.Returns[t]))}
	}
	f.marks.path(band, criticBandAttrs(f)+` class="clip-band"`, false)
	old := f.defineMarker("mk-old", bw/2+1, func(m *markCanvas) {
		line(m, -bw/2, 0, bw/2, 0, draw.LineStyle{Color: f.fg, Width: vg.Length(f.th.StrokeWidth)})
	})
	points(f.marks, olds, old)

	// The errors: left of the column from vpreds to R_t, right of it from
	// vpredclipped to R_t; the taken one thick.
	blue := rgb(f.th.style(Value).Color)
	dx := math.Min(f.slot*0.22, bw/2)
	for t := range f.T {
		x := f.X(float64(t))
		y := f.Y(in.Returns[t])
		taken2 := in.Clipped[t]
		line(f.marks, x-dx, f.Y(in.VPreds[t]), x-dx, y, criticLine(f, blue, !taken2))
		line(f.marks, x+dx, f.Y(in.VPredClipped[t]), x+dx, y, criticLine(f, f.fg, taken2))
	}
	points(f.marks, rets, f.seriesMarker(Return, r))
	ring := f.defineMarker("mk-vclip", 1.7*r+f.th.StrokeWidth, func(m *markCanvas) {
		hollowMarker(m, MarkerCircle, 0, 0, 1.7*r, f.th.StrokeWidth*0.6, f.fg, color.Transparent)
	})
	points(f.marks, clips, ring)
	points(f.marks, preds, f.seriesMarker(Value, r))
}
