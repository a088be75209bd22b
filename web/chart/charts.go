package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Values draws chart 1: V(s_t), R_t and A_t per token with the alignment
// drawn. Token t's column is centred at x = t; V(s_t) sits on the boundary
// before token t (x = t − 0.5), R_t and A_t on the token (x = t), and the
// terminal state s_T after the last token (x = T − 0.5) is a hollow point at
// 0 labelled Text.Bootstrap. Mask-0 columns are shaded (padding and
// observation hatched differently). It reads Tokens, Mask, Values, Returns
// and Advantages.
func Values(in Input) ([]byte, error) {
	return svgOf(values(&in))
}

func values(in *Input) ([]byte, *frame, error) {
	return in.chart("ValuesTitle", in.Text.ValuesTitle, valuesSpec, series{name: "Values", v: in.Values}, series{name: "Returns", v: in.Returns},
		series{name: "Advantages", v: in.Advantages})
}

// valuesSpec describes chart 1 (Values) for T tokens in theme th.
func valuesSpec(in *Input, T int, th Theme) spec {
	tx := in.Text
	boot := oneLine(tx.Bootstrap)
	lo, hi := extent(in.Values, in.Returns, in.Advantages)
	masks, maskDesc := in.maskLegend(T)

	var d strings.Builder
	d.WriteString(oneLine(tx.ValuesDesc))
	fmt.Fprintf(&d, " %s; V(s_%d): %s.", descSeries(tx.Value, "V(s_%d)=%s", in.Values, in.Base), T+in.Base, boot)
	d.WriteString(" " + descSeries(tx.Return, "R_%d=%s", in.Returns, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.Advantage, "A_%d=%s", in.Advantages, in.Base) + ".")
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	if in.Step.On && in.Step.Desc != "" {
		d.Reset()
		d.WriteString(oneLine(tx.ValuesDesc) + " " + oneLine(in.Step.Desc))
	}

	sp := spec{
		class: "gae-values", defaultID: "gae-values",
		title: tx.ValuesTitle, desc: strings.TrimSpace(d.String()),
		yLabel: tx.ValueAxis, lo: lo, hi: hi, states: true,
		resR: th.MarkerRadius*1.3 + 10 + textWidth(boot, th.FontSize),
		legend: append([]legendItem{
			seriesItem(tx.Value, Value), seriesItem(tx.Return, Return), seriesItem(tx.Advantage, Advantage),
			{oneLine(tx.Bootstrap), func(f *frame, x, y float64) {
				hollowMarker(f.marks, MarkerCircle, x+thumbW/2, y, f.th.MarkerRadius*1.15, f.th.StrokeWidth*0.9, rgb(f.th.style(Value).Color), f.bg)
			}},
		}, masks...),
	}
	sp.layers = append(sp.layers, func(f *frame) { valuesLayer(f, in, boot) })
	return sp
}

// valuesLayer draws chart 1's data: the end of the response, R_t and A_t on
// the tokens (from the step's From on), V(s_t) on the boundaries, the
// bootstrapped V(s_T) = 0 labelled boot, and the boundaries a step reads.
func valuesLayer(f *frame, in *Input, boot string) {
	T := f.T
	// The end of the response: s_T lies on this line.
	x := f.X(float64(T) - 0.5)
	line(f.marks, x, float64(f.dc.Min.Y), x, float64(f.dc.Max.Y), draw.LineStyle{Color: f.muted, Width: 1, Dashes: []vg.Length{4, 3}})
	from := 0
	if in.Step.On {
		from = min(max(in.Step.From, 0), T)
	}
	onTokens(f, Return, in.Returns, from)
	onTokens(f, Advantage, in.Advantages, from)

	// V(s_t) on the boundaries, then the bootstrap V(s_T) = 0, its
	// dotted line under the last V(s_t)'s marker.
	st := f.th.style(Value)
	col := rgb(st.Color)
	r := f.markerR()
	pts := make([]vg.Point, T)
	for t := range T {
		pts[t] = vg.Point{X: vg.Length(f.X(float64(t) - 0.5)), Y: vg.Length(f.Y(in.Values[t]))}
	}
	term := vg.Point{X: vg.Length(f.X(float64(T) - 0.5)), Y: vg.Length(f.Y(0))}
	polyline(f.marks, []vg.Point{pts[T-1], term}, Style{Dash: []float64{1, 2}}, f.th.StrokeWidth*0.75, col, "")
	polyline(f.marks, pts, st, f.th.StrokeWidth, col, f.seriesMarker(Value, r))
	rt := math.Max(r*1.15, 3)
	hollowMarker(f.marks, MarkerCircle, float64(term.X), float64(term.Y), rt, f.th.StrokeWidth*0.9, col, f.bg)
	f.handles(in.Drag, in.Values, func(t int) (float64, float64) { return float64(pts[t].X), float64(pts[t].Y) })
	ly := f.sy(float64(term.Y)) - rt - 3 // above the point if there is room
	if float64(term.Y)+rt+3+f.th.FontSize > float64(f.dc.Max.Y) {
		ly = f.sy(float64(term.Y)) + rt + f.th.FontSize
	}
	f.labels.text(float64(term.X)+rt+4, ly, boot, f.th.FontSize, "start", f.th.Foreground, ` class="bootstrap"`)
	if in.Step.On {
		// The boundaries this step reads: V(s_t) and the next value, each
		// ring a <circle> with an id that stays from step to step (ID-read-0,
		// ID-read-1), so that the page can move it from its last place
		// (static/app.css, "the step-through moves").
		hl := rgb(Styles[Reward].Color)
		for i, b := range in.Step.Reads {
			if b < 0 || b > T {
				continue
			}
			p := term
			if b < T {
				p = pts[b]
			}
			f.marks.raw(`<circle id="` + f.id + `-read-` + strconv.Itoa(i) + `" class="step-read" cx="` + num(float64(p.X)) + `" cy="` + num(float64(p.Y)) + `" r="` + num(rt*2.2) +
				`" fill="none" stroke="` + paint(hl, "stroke-opacity") + ` stroke-width="` + num(f.th.StrokeWidth*1.2) + `"/>` + "\n")
		}
	}
}

// onTokens draws a series that belongs to the tokens from token from on: a
// line through (t, v[t]) in q's dash pattern, and q's marker on each token.
func onTokens(f *frame, q Quantity, v []float64, from int) {
	st := f.th.style(q)
	if from >= len(v) {
		return
	}
	pts := make([]vg.Point, 0, len(v)-from)
	for t := from; t < len(v); t++ {
		pts = append(pts, vg.Point{X: vg.Length(f.X(float64(t))), Y: vg.Length(f.Y(v[t]))})
	}
	polyline(f.marks, pts, st, f.th.StrokeWidth, rgb(st.Color), f.seriesMarker(q, f.markerR()))
}

// seriesItem is a legend entry for a line series: its dash and its marker.
func seriesItem(label string, q Quantity) legendItem {
	return legendItem{oneLine(label), func(f *frame, x, y float64) {
		st := f.th.style(q)
		col := rgb(st.Color)
		line(f.marks, x, y, x+thumbW, y, lineStyle(st, f.th.StrokeWidth, col))
		marker(f.marks, st.Marker, x+thumbW/2, y, f.th.MarkerRadius, col, f.bg)
	}}
}

// barItem is a legend entry for a bar series, with q's marker on it if any.
func barItem(label string, q Quantity, withMarker bool) legendItem {
	return legendItem{oneLine(label), func(f *frame, x, y float64) {
		st := f.th.style(q)
		barThumb(f, x, y, f.barFill(q))
		if withMarker {
			marker(f.marks, st.Marker, x+thumbW/2, y+f.th.FontSize*0.5, f.th.MarkerRadius*0.9, rgb(st.Color), f.bg)
		}
	}}
}

// barThumb draws a legend thumbnail: a bar filled with fill.
func barThumb(f *frame, x, y float64, fill string) {
	h := f.th.FontSize * 0.5
	bars(f.marks, []span{{x + thumbW/2, thumbW * 0.55, y - h, y + h}}, fill, alpha(f.fg, 0.6))
}

// barFill returns the fill of q's bars: its colour, or for a hatched bar a
// pattern of its colour crossed by lines of the background colour.
func (f *frame) barFill(q Quantity) string {
	st := f.th.style(q)
	if st.Marker == MarkerHatchedBar {
		return f.definePattern("hatch-"+string(q), 4, rgb(st.Color), alpha(f.bg, 0.55), true)
	}
	return st.Color
}

// Rewards draws chart 2: per token, the score bar from 0 to score_t and the
// KL bar (−β·kld_t, hatched) stacked on it, from score_t to
// score_t − β·kld_t, so the stack ends at the reward; r_t itself is marked
// with a diamond and a short line. When the KL bars are too short to read
// on that scale, a panel under the chart draws them again on their own
// (withKLInset). It reads Tokens, Mask, Scores, KLTerm and Rewards.
func Rewards(in Input) ([]byte, error) {
	return svgOf(rewards(&in))
}

func rewards(in *Input) ([]byte, *frame, error) {
	build := func(in *Input, T int, th Theme) spec { return withKLInset(in, T, th, rewardsSpec(in, T, th)) }
	return in.chart("RewardsTitle", in.Text.RewardsTitle, build, series{name: "Scores", v: in.Scores}, series{name: "KLTerm", v: in.KLTerm},
		series{name: "Rewards", v: in.Rewards})
}

// rewardsSpec describes chart 2 (Rewards) for T tokens in theme th.
func rewardsSpec(in *Input, T int, th Theme) spec {
	tx := in.Text
	stack := make([]float64, T)
	for t := range T {
		stack[t] = in.Scores[t] + in.KLTerm[t]
	}
	lo, hi := extent(in.Scores, stack, in.Rewards)
	masks, maskDesc := in.maskLegend(T)

	var d strings.Builder
	d.WriteString(oneLine(tx.RewardsDesc))
	d.WriteString(" " + descSeries(tx.Reward, "r_%d=%s", in.Rewards, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.Score, "score_%d=%s", in.Scores, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.KL, "-β·kld_%d=%s", in.KLTerm, in.Base) + ".")
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}

	sp := spec{
		class: "gae-rewards", defaultID: "gae-rewards",
		title: tx.RewardsTitle, desc: strings.TrimSpace(d.String()),
		yLabel: tx.RewardAxis, lo: lo, hi: hi,
		legend: append([]legendItem{
			barItem(tx.Score, Score, false), barItem(tx.KL, KL, false),
			{oneLine(tx.Reward), func(f *frame, x, y float64) {
				col := rgb(Styles[Reward].Color)
				line(f.marks, x+thumbW*0.1, y, x+thumbW*0.9, y, draw.LineStyle{Color: col, Width: vg.Length(f.th.StrokeWidth)})
				marker(f.marks, Styles[Reward].Marker, x+thumbW/2, y, f.th.MarkerRadius, col, f.bg)
			}},
		}, masks...),
	}
	sp.layers = append(sp.layers, func(f *frame) {
		w := f.slot * 0.56
		edge := alpha(f.fg, 0.6)
		score, kl := make([]span, T), make([]span, T)
		ticks := make([]vg.Point, T)
		for t := range T {
			x := f.X(float64(t))
			score[t] = span{x, w, f.Y(0), f.Y(in.Scores[t])}
			kl[t] = span{x, w, f.Y(in.Scores[t]), f.Y(stack[t])}
			ticks[t] = vg.Point{X: vg.Length(x), Y: vg.Length(f.Y(in.Rewards[t]))}
		}
		bars(f.marks, score, f.barFill(Score), edge)
		bars(f.marks, kl, f.barFill(KL), edge)
		rewardMarks(f, ticks, w+f.slot*0.2, f.markerR())
		f.handles(in.Drag, in.Scores, func(t int) (float64, float64) { return score[t].x, f.Y(in.Scores[t]) })
	})
	return sp
}

// rewardMarks marks each r_t: a short horizontal line of width w and a
// diamond, both in one <marker> on every point.
func rewardMarks(f *frame, pts []vg.Point, w, r float64) {
	col := rgb(Styles[Reward].Color)
	half := math.Max(w/2, 1.25*r+ringWidth(r)) + 1
	points(f.marks, pts, f.defineMarker("mk-reward", half, func(m *markCanvas) {
		line(m, -w/2, 0, w/2, 0, draw.LineStyle{Color: col, Width: vg.Length(f.th.StrokeWidth)})
		marker(m, Styles[Reward].Marker, 0, 0, r, col, f.bg)
	}))
}

// Advantages draws chart 3: raw A_t and whitened A_t per token as grouped
// bars, each with its quantity's marker at the tip. When Whitened is nil it
// shows only the raw bars and Text.NoWhitened as a caption. It reads Tokens,
// Mask, Advantages and Whitened.
func Advantages(in Input) ([]byte, error) {
	return svgOf(advantages(&in))
}

func advantages(in *Input) ([]byte, *frame, error) {
	return in.chart("AdvantagesTitle", in.Text.AdvantagesTitle, advantagesSpec, series{name: "Advantages", v: in.Advantages}, series{name: "Whitened", v: in.Whitened, optional: true})
}

// advantagesSpec describes chart 3 (Advantages) for T tokens in theme th.
func advantagesSpec(in *Input, T int, th Theme) spec {
	tx := in.Text
	white := in.Whitened != nil && (!in.Step.On || in.Step.Done)
	lo, hi := extent(in.Advantages, in.Whitened)
	from := 0
	if in.Step.On {
		from = min(max(in.Step.From, 0), T)
	}
	masks, maskDesc := in.maskLegend(T)

	var d strings.Builder
	d.WriteString(oneLine(tx.AdvantagesDesc))
	d.WriteString(" " + descSeries(tx.Advantage, "A_%d=%s", in.Advantages, in.Base) + ".")
	if white {
		d.WriteString(" " + descSeries(tx.Whitened, "A_%d=%s", in.Whitened, in.Base) + ".")
	} else {
		d.WriteString(" " + oneLine(tx.NoWhitened))
	}
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	if in.Step.On && in.Step.Desc != "" {
		d.Reset()
		d.WriteString(oneLine(tx.AdvantagesDesc) + " " + oneLine(in.Step.Desc))
	}

	legend := []legendItem{barItem(tx.Advantage, Advantage, true)}
	if white {
		legend = append(legend, barItem(tx.Whitened, Whitened, true))
	}
	sp := spec{
		class: "gae-advantages", defaultID: "gae-advantages",
		title: tx.AdvantagesTitle, desc: strings.TrimSpace(d.String()),
		yLabel: tx.AdvantageAxis, lo: lo, hi: hi,
		legend: append(legend, masks...),
	}
	if in.Whitened == nil {
		sp.caption = tx.NoWhitened
	}
	sp.layers = append(sp.layers, func(f *frame) {
		edge := alpha(f.fg, 0.6)
		w, off := f.slot*0.5, 0.0
		if white {
			w, off = f.slot*0.34, f.slot*0.18
		}
		r := math.Min(f.markerR(), w*0.6)
		raw, wh := make([]span, 0, T), make([]span, 0, T)
		rawTip, whTip := make([]vg.Point, 0, T), make([]vg.Point, 0, T)
		for t := from; t < T; t++ {
			x := f.X(float64(t))
			raw = append(raw, span{x - off, w, f.Y(0), f.Y(in.Advantages[t])})
			rawTip = append(rawTip, vg.Point{X: vg.Length(x - off), Y: vg.Length(f.Y(in.Advantages[t]))})
			if white {
				wh = append(wh, span{x + off, w, f.Y(0), f.Y(in.Whitened[t])})
				whTip = append(whTip, vg.Point{X: vg.Length(x + off), Y: vg.Length(f.Y(in.Whitened[t]))})
			}
		}
		bars(f.marks, raw, f.barFill(Advantage), edge)
		if in.Step.On && in.Step.Write >= from && in.Step.Write < T {
			// The A_t this step writes, outlined: a <rect> whose id stays from
			// step to step (ID-write), so that the page can move it.
			x := f.X(float64(in.Step.Write)) - off
			y0, y1 := f.Y(0), f.Y(in.Advantages[in.Step.Write])
			f.marks.raw(`<rect id="` + f.id + `-write" class="step-write" x="` + num(x-w/2-2) + `" y="` + num(math.Min(y0, y1)-2) + `" width="` + num(w+4) + `" height="` + num(math.Abs(y1-y0)+4) +
				`" fill="none" stroke="` + paint(rgb(Styles[Reward].Color), "stroke-opacity") + ` stroke-width="` + num(f.th.StrokeWidth*1.2) + `"/>` + "\n")
		}
		bars(f.marks, wh, f.barFill(Whitened), edge)
		points(f.marks, rawTip, f.seriesMarker(Advantage, r))
		if white {
			points(f.marks, whTip, f.seriesMarker(Whitened, r))
		}
	})
	return sp
}

// extent returns the smallest and largest of 0 and all values.
func extent(vs ...[]float64) (lo, hi float64) {
	for _, v := range vs {
		for _, x := range v {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi
}
