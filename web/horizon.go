package web

import (
	"gaelab/web/page"
	"math"
	"strconv"

	"gaelab/engine"
	"gaelab/engine/explain"
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
// token, (γλ)^(T−1−t) by generation g's GAE (explain.Horizon), per λ of
// the chart: weights[i][t] is for horizonLams[i]; t is the 0-based
// response-token index.
func horizon(T int, gamma float64, g engine.Generation) (weights [][]float64) {
	for _, lam := range horizonLams {
		weights = append(weights, explain.Horizon(g, T, gamma, lam))
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
		lines = append(lines, v.html("horizon.line", sweepLam(lam), scenario.FormatNumber(v.s.Gamma), T-1, page.Num(w[i][0]), page.Num(1-w[i][0])))
	}
	svg, err := v.memoChart("horizon-"+strconv.Itoa(T), in.ID, func() ([]byte, error) { return chart.Sweep(in) })
	d := page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
	return lines, d.Figure(v.t, "", v.t("sweep.chart.error", d.Title))
}
