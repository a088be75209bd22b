package web

import (
	"math"
	"strconv"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// horizonLams are the λ of the horizon chart: λ = 0 and 0.5 would fall
// off any readable log scale within a few dozen tokens.
var horizonLams = []float64{0.9, 0.95, 0.99, 1}

// horizonFloor is the smallest weight the chart draws (log₁₀ = −40);
// smaller ones are drawn on it, as its description says.
const horizonFloor = -40

// horizon is how much of a score on the last of T tokens reaches each
// token: verl's GAE (generation g, discount gamma) on a response whose only
// reward is 1 on token T−1 and whose critic outputs 0, so that A_t =
// (γλ)^(T−1−t), the score's weight at t; the rest of the credit, 1 − A_t,
// can only come through the critic's values. weights[i][t] is for
// horizonLams[i]; t is the 0-based response-token index.
func horizon(T int, gamma float64, g engine.Generation) (weights [][]float64) {
	r, v, m := make([]float64, T), make([]float64, T), make([]float64, T)
	r[T-1] = 1
	for t := range m {
		m[t] = 1
	}
	for _, lam := range horizonLams {
		weights = append(weights, engine.GAEGen(g, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, lam).Advantages[0])
	}
	return weights
}

// horizonBlock is the horizon part of a lesson's variance block: the chart
// of log₁₀ of the score's weight per token and λ, and for each λ the weight
// that reaches token 0 and the share the critic must carry there.
func (v varianceView) horizonBlock(id string, T int) ([]templates.Rich, templates.Chart) {
	w := horizon(T, v.s.Gamma, v.s.Gen())
	var lines []templates.Rich
	in := chart.SweepInput{
		Tokens: make([]string, T), Mask: make([]chart.Kind, T), ID: id + "-horizon", Theme: v.chartTheme(),
		Text: chart.SweepText{
			Title: v.t("horizon.chart.title", T), Desc: v.t("horizon.chart.desc", horizonFloor),
			TokenAxis: v.t("chart.axis.token"), ValueAxis: v.t("horizon.chart.axis"),
			Padding: v.t("mask.pad"), Observation: v.t("mask.obs"),
		},
	}
	for i, lam := range horizonLams {
		logs := make([]float64, T)
		for t, x := range w[i] {
			logs[t] = horizonFloor
			if x > 0 {
				logs[t] = max(horizonFloor, math.Log10(x))
			}
		}
		in.Series = append(in.Series, chart.Series{Label: v.t("sweep.legend.lam", sweepLam(lam)), Values: logs})
		lines = append(lines, v.html("horizon.line", sweepLam(lam), scenario.FormatNumber(v.s.Gamma), T-1, num(w[i][0]), num(1-w[i][0])))
	}
	svg, err := v.memoChart("horizon-"+strconv.Itoa(T), in.ID, func() ([]byte, error) { return chart.Sweep(in) })
	d := drawnChart{id: in.ID, title: in.Text.Title, svg: svg, err: err}
	return lines, d.figure(v.playView, "", v.t("sweep.chart.error", d.title))
}
