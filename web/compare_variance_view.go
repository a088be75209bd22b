package web

import (
	"math"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// varianceCols are the table's number columns, by id (data-col): the
// sample's mean of A_0, the true advantage, then bias², variance and MSE
// measured on the N rollouts and exact (engine.VarianceToy.Exact).
var varianceCols = []string{"mean", "true", "bias2", "var", "mse", "exact-bias2", "exact-var", "exact-mse"}

// critic names critic c (0: perfect, 1: biased) in the page's language.
func (v varianceView) critic(c int) string {
	if c == 0 {
		return v.T("var.critic.perfect")
	}
	return v.T("var.critic.biased", scenario.FormatNumber(v.params.bias))
}

// table has one row per critic and λ.
func (v varianceView) table() templates.VarianceTable {
	tb := templates.VarianceTable{ID: "variance", Caption: v.T("var.table.caption"), Critic: v.T("var.col.critic"), Lam: v.T("var.col.lam")}
	for _, id := range varianceCols {
		tb.Head = append(tb.Head, v.T("var.col."+id))
	}
	for c, runs := range v.lab.Runs {
		for _, r := range runs {
			row := templates.VarianceRow{
				Critic: varianceChartNames[c], CriticLabel: v.critic(c), Lam: sweepLam(r.Lam),
				LamLabel: v.T("sweep.legend.lam", sweepLam(r.Lam)), Own: r.Lam == v.S.Lam,
			}
			if row.Own {
				row.LamLabel = v.T("sweep.row.scenario", row.LamLabel)
			}
			s, x := r.Sample, r.Exact
			for i, n := range []float64{s.Mean, v.lab.True, s.Bias * s.Bias, s.Var, s.MSE, x.Bias * x.Bias, x.Var, x.MSE} {
				row.Cells = append(row.Cells, templates.VarianceCell{Col: varianceCols[i], Text: page.Num(n), Full: page.Full(n)})
			}
			tb.Rows = append(tb.Rows, row)
		}
	}
	return tb
}

// notes say which λ has the smallest exact MSE for each critic, and what
// the two ends of the sweep do, with this toy's numbers.
func (v varianceView) notes() []string {
	var out []string
	for c, runs := range v.lab.Runs {
		best := 0
		for i, r := range runs {
			if r.Exact.MSE < runs[best].Exact.MSE {
				best = i
			}
		}
		out = append(out, v.T("var.note.best", v.critic(c), sweepLam(runs[best].Lam), page.Num(runs[best].Exact.MSE)))
	}
	first, last := v.lab.Runs[1][0], v.lab.Runs[1][len(v.lab.Runs[1])-1]
	out = append(out,
		v.T("var.note.lam0", sweepLam(first.Lam), page.Num(first.Exact.Var), page.Num(first.Exact.Bias)),
		v.T("var.note.lam1", sweepLam(last.Lam), page.Num(last.Exact.Var), page.Num(last.Exact.Bias)))
	return out
}

// chartTitle is the title of critic c's chart.
func (v varianceView) chartTitle(c int) string {
	return v.T("var.chart.title", v.critic(c), v.params.n)
}

// chart draws critic c's estimates of A_0 per λ, on the value axis both
// charts share.
func (v varianceView) chart(c int) page.Chart {
	id := v.chartPrefix + "var-" + varianceChartNames[c]
	if v.err != nil {
		return page.Chart{ID: id, Title: v.chartTitle(c), Err: v.err}
	}
	lo, hi := v.lab.True, v.lab.True
	for _, runs := range v.lab.Runs {
		for _, r := range runs {
			for _, a := range r.A0 {
				lo, hi = math.Min(lo, a), math.Max(hi, a)
			}
		}
	}
	in := chart.VarianceInput{
		True: v.lab.True, Extent: [2]float64{lo, hi}, ID: id, Theme: v.ChartTheme(),
		Text: chart.VarianceText{
			Title: v.chartTitle(c), Desc: v.T("var.chart.desc", page.Num(v.lab.True)),
			GroupAxis: v.T("var.chart.lam"), ValueAxis: v.T("var.chart.axis"),
			Estimates: v.T("var.chart.estimates"), Mean: v.T("var.chart.mean"), True: v.T("var.chart.true"),
		},
	}
	for _, r := range v.lab.Runs[c] {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, a := range r.A0 {
			lo, hi = math.Min(lo, a), math.Max(hi, a)
		}
		in.Groups = append(in.Groups, chart.VarianceGroup{
			Label: sweepLam(r.Lam), Values: r.A0,
			Desc: v.T("var.chart.group", sweepLam(r.Lam), page.Num(r.Sample.Mean), page.Num(math.Sqrt(r.Sample.Var)), page.Num(lo), page.Num(hi)),
		})
	}
	svg, err := v.MemoChart("variance"+v.extra, id, func() ([]byte, error) { return chart.Variance(in) })
	return page.Chart{ID: id, Title: in.Text.Title, SVG: svg, Err: err}
}
