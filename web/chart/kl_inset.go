package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// klInsetMinPx is the height, in px, under which the tallest −β·KL bar of
// the reward chart counts as unreadable: the chart then draws the KL part
// again in a panel of its own, on its own scale (KLInset).
const klInsetMinPx = 10.0

// klInsetShare is the inset's data height as a share of the chart's.
const klInsetShare = 0.4

// withKLInset adds the KL panel under the reward chart sp when the KL bars
// are too short to read on the chart's scale (beside a score of 1, a KL term
// of 0.01 is 2 px tall) and Text.KLInset names it: −β·kld_t alone, as bars
// from 0 on a y axis of its own with ≥ 4 labelled ticks and its own label,
// its columns under the chart's (both y axes take the wider one's width).
// The chart's <desc> says what the panel shows; the panel keeps its own
// <title> and <desc>.
func withKLInset(in *Input, T int, th Theme, sp spec) spec {
	tx := in.Text
	most := 0.0
	for _, k := range in.KLTerm {
		most = math.Max(most, math.Abs(k))
	}
	rng := sp.hi - sp.lo
	if strings.TrimSpace(tx.KLInset) == "" || most == 0 || rng < 1e-12 ||
		most/(rng*1.16)*th.PlotHeight >= klInsetMinPx { // measure's y range is the data's ± 8%
		return sp
	}
	pth := th
	pth.PlotHeight, pth.yTicks = math.Max(60, th.PlotHeight*klInsetShare), 4
	id := in.ID
	if id == "" {
		id = sp.defaultID
	}
	pin := Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, Theme: pth, ID: id + "-kl",
		Text: Text{Padding: tx.Padding, Observation: tx.Observation}}
	lo, hi := extent(in.KLTerm)
	inset := spec{
		class: "gae-kl-inset", defaultID: id + "-kl",
		title: tx.KLInset, desc: oneLine(tx.KLInsetDesc) + " " + klList(tx.KL, in.KLTerm, in.Base) + ".",
		yLabel: tx.KL, lo: lo, hi: hi,
		noIndex: true, // the chart above numbers the same columns
	}
	inset.layers = append(inset.layers, func(f *frame) {
		w := f.slot * 0.56
		kl := make([]span, T)
		for t := range T {
			kl[t] = span{f.X(float64(t)), w, f.Y(0), f.Y(in.KLTerm[t])}
		}
		bars(f.marks, kl, f.barFill(KL), alpha(f.fg, 0.6))
		line(f.marks, f.X(-0.5), f.Y(0), f.X(float64(T)-0.5), f.Y(0), lineStyle(Style{}, 1, f.fg))
	})
	// Both y axes take the wider one's width, so the columns line up.
	inset.axisW = math.Max(axisWidth(&pin, T, pth, inset), axisWidth(in, T, th, sp))
	svg, f, err := render(&pin, T, pth, inset)
	if err != nil { // render fails only on what prepare has checked: draw no panel
		return sp
	}
	sp.axisW, sp.below, sp.belowH, sp.belowClass = inset.axisW, unwrapRoot(svg), f.H, "gae-kl-inset"
	sp.desc += " " + oneLine(tx.KLInsetDesc)
	return sp
}

// axisWidth is the width gonum's y axis takes in a chart of spec sp.
func axisWidth(in *Input, T int, th Theme, sp spec) float64 {
	return newFrame(in, T, th, sp).measure(sp).yAxisW
}

// klList lists −β·kld_t to 4 decimals (the chart's other lists write 2,
// which round these small numbers to 0.00).
func klList(label string, v []float64, base int) string {
	return oneLine(label) + ": " + descList(v, func(t int) string {
		s := strconv.FormatFloat(v[t], 'f', 4, 64)
		if s == "-0.0000" {
			s = "0.0000"
		}
		return fmt.Sprintf("-β·kld_%d=%s", t+base, s)
	})
}
