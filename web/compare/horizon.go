package compare

import (
	"math"
	"strconv"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// HorizonLams are the λ of the horizon chart: λ = 0 and 0.5 would fall
// off any readable log scale within a few dozen tokens.
var HorizonLams = []float64{0.9, 0.95, 0.99, 1}

// horizonFloor is the smallest weight the chart draws (log₁₀ = −40);
// smaller ones are drawn on it, as its description says.
const horizonFloor = -40

// Horizon is how much of a score on the last of T tokens reaches each
// token, (γλ)^(T−1−t) by generation g's GAE (explain.Horizon), per λ of
// the chart: weights[i][t] is for HorizonLams[i]; t is the 0-based
// response-token index.
func Horizon(T int, gamma float64, g engine.Generation) (weights [][]float64) {
	for _, lam := range HorizonLams {
		weights = append(weights, explain.Horizon(g, T, gamma, lam))
	}
	return weights
}

// HorizonBlock is the horizon part of a lesson's variance block: the chart
// of log₁₀ of the score's weight per token and λ, and for each λ the weight
// that reaches token 0 and the share the critic must carry there.
func (v VarianceView) HorizonBlock(id string, T int) ([]templates.Rich, templates.Chart) {
	w := Horizon(T, v.S.Gamma, v.S.Gen())
	var lines []templates.Rich
	in := chart.SweepInput{
		Tokens: make([]string, T), Mask: make([]chart.Kind, T), ID: id + "-horizon", Theme: v.ChartTheme(),
		Text: chart.SweepText{
			Title: v.T("horizon.chart.title", T), Desc: v.T("horizon.chart.desc", horizonFloor),
			TokenAxis: v.T("chart.axis.token"), ValueAxis: v.T("horizon.chart.axis"),
			Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
		},
	}
	for i, lam := range HorizonLams {
		logs := make([]float64, T)
		for t, x := range w[i] {
			logs[t] = horizonFloor
			if x > 0 {
				logs[t] = max(horizonFloor, math.Log10(x))
			}
		}
		in.Series = append(in.Series, chart.Series{Label: v.T("sweep.legend.lam", SweepLam(lam)), Values: logs})
		lines = append(lines, v.HTML("horizon.line", SweepLam(lam), scenario.FormatNumber(v.S.Gamma), T-1, page.Num(w[i][0]), page.Num(1-w[i][0])))
	}
	svg, err := v.MemoChart("horizon-"+strconv.Itoa(T), in.ID, func() ([]byte, error) { return chart.Sweep(in) })
	d := page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
	return lines, d.Figure(v.T, "", v.T("sweep.chart.error", d.Title))
}
