package chart

import (
	"fmt"
	"math"
	"strings"
)

// WeightsInput is how GAE weighs the n-step estimates of one token's
// advantage: Weights[n−1] is the weight of the n-step estimate, n = 1 … N,
// where N is the number of time steps from the token to the end of the
// response. For n < N it is (1−λ)λ^(n−1); the remaining λ^(N−1) goes to the
// longest, n = N, estimate, which sums every reward to the end and
// bootstraps nothing (the Monte Carlo estimate). The weights sum to 1.
type WeightsInput struct {
	Weights []float64
	// Labels[n−1] names the n-step estimate's bootstrap, e.g. "V(s₃)", and
	// "0" for the Monte Carlo estimate: the first line of each tick label,
	// above n itself.
	Labels []string
	Text   WeightsText
	Theme  Theme // zero = Light()
	// ID prefixes the element ids; empty means "gae-weights".
	ID string
}

// WeightsText holds the weights chart's strings, already localised.
type WeightsText struct {
	Title      string // required
	Desc       string // first sentence of <desc>; the weights follow
	StepAxis   string // x axis, e.g. "n-step estimate (bootstraps from)"
	WeightAxis string // y axis, e.g. "weight"
	NStep      string // legend of the n < N bars, e.g. "(1−λ)·λ^(n−1)"
	MonteCarlo string // legend of the n = N bar, e.g. "λ^(N−1): Monte Carlo, no bootstrap"
	// MC marks the Monte Carlo bar above its top, e.g. "MC"; "" for none.
	MC string
}

// Weights draws one bar per n-step estimate: the n < N bars solid in the
// colour of V(s_t) (each bootstraps from a value), the n = N bar hatched in
// the colour of the rewards (it uses rewards only), with each weight written
// above its bar while the columns are wide enough. Tick labels show
// Labels[n−1] over n. The root <svg> has class "gae-chart gae-weights".
func Weights(in WeightsInput) ([]byte, error) {
	return svgOf(weights(&in))
}

func weights(in *WeightsInput) ([]byte, *frame, error) {
	N := len(in.Weights)
	if len(in.Labels) != N {
		return nil, nil, fmt.Errorf("chart: len(Labels) = %d, want len(Weights) = %d", len(in.Labels), N)
	}
	base := Input{Tokens: in.Labels, Base: 1, Theme: in.Theme, ID: in.ID, Text: Text{TokenAxis: in.Text.StepAxis}}
	_, th, err := base.prepare("Title", in.Text.Title, series{name: "Weights", v: in.Weights})
	if err != nil {
		return nil, nil, err
	}
	tx := in.Text
	lo, hi := extent(in.Weights)
	var legend []legendItem
	if N > 1 {
		legend = append(legend, legendItem{oneLine(tx.NStep), func(f *frame, x, y float64) { barThumb(f, x, y, Styles[Value].Color) }})
	}
	legend = append(legend, legendItem{oneLine(tx.MonteCarlo), func(f *frame, x, y float64) { barThumb(f, x, y, f.mcFill()) }})
	sp := spec{
		class: "gae-weights", defaultID: "gae-weights",
		title: tx.Title, desc: in.desc(),
		// Headroom above the tallest bar for its weight and the MC mark.
		yLabel: tx.WeightAxis, lo: lo, hi: hi * 1.25, legend: legend,
	}
	sp.layers = append(sp.layers, in.layer)
	return render(&base, N, th, sp)
}

// desc is the <desc>: the caller's sentence, then each estimate's weight.
func (in *WeightsInput) desc() string {
	var d strings.Builder
	d.WriteString(oneLine(in.Text.Desc))
	fmt.Fprintf(&d, " %s", descList(in.Weights, func(i int) string {
		return fmt.Sprintf("n=%d (%s): %s", i+1, oneLine(in.Labels[i]), val(in.Weights[i]))
	}))
	d.WriteString(".")
	return strings.TrimSpace(d.String())
}

// layer draws the bars: the n < N bars in V(s_t)'s colour, the Monte Carlo
// bar hatched in the rewards' colour and outlined in it, so that it stands
// out even when it is short; each weight above its bar while the columns
// are wide enough, and the MC mark above the last.
func (in *WeightsInput) layer(f *frame) {
	N := len(in.Weights)
	mc := Styles[Reward].Color
	w := f.slot * 0.6
	edge := alpha(f.fg, 0.6)
	spans := make([]span, N)
	for i, v := range in.Weights {
		spans[i] = span{f.X(float64(i)), w, f.Y(0), f.Y(v)}
	}
	bars(f.marks, spans[:N-1], Styles[Value].Color, edge)
	bars(f.marks, spans[N-1:], f.mcFill(), edge)
	x0, x1 := spans[N-1].x-w/2, spans[N-1].x+w/2
	top := math.Max(spans[N-1].y1, f.Y(0)+1)
	f.marks.path(appendRect(nil, x0, f.Y(0), x1, top), strokeAttrs(rgb(mc), math.Max(1.5, f.th.StrokeWidth*0.75), nil, 0), false)

	size := f.th.FontSize * 0.85
	labelled := textWidth("0.00", size)+4 <= f.slot
	for i, v := range in.Weights {
		above := f.sy(f.Y(v)) - 4
		if labelled {
			f.labels.text(f.X(float64(i)), above, val(v), size, "middle", f.th.Foreground, ` class="weight"`)
			above -= size * 1.1
		}
		if i == N-1 && strings.TrimSpace(in.Text.MC) != "" {
			f.labels.text(f.X(float64(i)), above, oneLine(in.Text.MC), f.th.FontSize, "middle", hex(rgb(mc)), ` font-weight="bold" class="mc"`)
		}
	}
}

// mcFill is the Monte Carlo bar's fill: the reward colour, hatched.
func (f *frame) mcFill() string {
	return f.definePattern("hatch-mc", 4, rgb(Styles[Reward].Color), alpha(f.bg, 0.55), true)
}
