package compare

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

// Critic names critic c (0: perfect, 1: biased) in the page's language.
func (v VarianceView) Critic(c int) string {
	if c == 0 {
		return v.T("var.critic.perfect")
	}
	return v.T("var.critic.biased", scenario.FormatNumber(v.Params.Bias))
}

// Table has one row per critic and λ.
func (v VarianceView) Table() templates.VarianceTable {
	tb := templates.VarianceTable{ID: "variance", Caption: v.T("var.table.caption"), Critic: v.T("var.col.critic"), Lam: v.T("var.col.lam")}
	for _, id := range varianceCols {
		tb.Head = append(tb.Head, v.T("var.col."+id))
	}
	for c, runs := range v.Lab.Runs {
		for _, r := range runs {
			row := templates.VarianceRow{
				Critic: VarianceChartNames[c], CriticLabel: v.Critic(c), Lam: SweepLam(r.Lam),
				LamLabel: v.T("sweep.legend.lam", SweepLam(r.Lam)), Own: r.Lam == v.S.Lam,
			}
			if row.Own {
				row.LamLabel = v.T("sweep.row.scenario", row.LamLabel)
			}
			s, x := r.Sample, r.Exact
			for i, n := range []float64{s.Mean, v.Lab.True, s.Bias * s.Bias, s.Var, s.MSE, x.Bias * x.Bias, x.Var, x.MSE} {
				row.Cells = append(row.Cells, templates.VarianceCell{Col: varianceCols[i], Text: page.Num(n), Full: page.Full(n)})
			}
			tb.Rows = append(tb.Rows, row)
		}
	}
	return tb
}

// notes say which λ has the smallest exact MSE for each critic, and what
// the two ends of the sweep do, with this toy's numbers.
func (v VarianceView) notes() []string {
	var out []string
	for c, runs := range v.Lab.Runs {
		best := 0
		for i, r := range runs {
			if r.Exact.MSE < runs[best].Exact.MSE {
				best = i
			}
		}
		out = append(out, v.T("var.note.best", v.Critic(c), SweepLam(runs[best].Lam), page.Num(runs[best].Exact.MSE)))
	}
	first, last := v.Lab.Runs[1][0], v.Lab.Runs[1][len(v.Lab.Runs[1])-1]
	out = append(out,
		v.T("var.note.lam0", SweepLam(first.Lam), page.Num(first.Exact.Var), page.Num(first.Exact.Bias)),
		v.T("var.note.lam1", SweepLam(last.Lam), page.Num(last.Exact.Var), page.Num(last.Exact.Bias)))
	return out
}

// ChartTitle is the title of critic c's chart.
func (v VarianceView) ChartTitle(c int) string {
	return v.T("var.chart.title", v.Critic(c), v.Params.N)
}

// Chart draws critic c's estimates of A_0 per λ, on the value axis both
// charts share.
func (v VarianceView) Chart(c int) page.Chart {
	id := v.ChartPrefix + "var-" + VarianceChartNames[c]
	if v.Err != nil {
		return page.Chart{ID: id, Title: v.ChartTitle(c), Err: v.Err}
	}
	lo, hi := v.Lab.True, v.Lab.True
	for _, runs := range v.Lab.Runs {
		for _, r := range runs {
			for _, a := range r.A0 {
				lo, hi = math.Min(lo, a), math.Max(hi, a)
			}
		}
	}
	in := chart.VarianceInput{
		True: v.Lab.True, Extent: [2]float64{lo, hi}, ID: id, Theme: v.ChartTheme(),
		Text: chart.VarianceText{
			Title: v.ChartTitle(c), Desc: v.T("var.chart.desc", page.Num(v.Lab.True)),
			GroupAxis: v.T("var.chart.lam"), ValueAxis: v.T("var.chart.axis"),
			Estimates: v.T("var.chart.estimates"), Mean: v.T("var.chart.mean"), True: v.T("var.chart.true"),
		},
	}
	for _, r := range v.Lab.Runs[c] {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, a := range r.A0 {
			lo, hi = math.Min(lo, a), math.Max(hi, a)
		}
		in.Groups = append(in.Groups, chart.VarianceGroup{
			Label: SweepLam(r.Lam), Values: r.A0,
			Desc: v.T("var.chart.group", SweepLam(r.Lam), page.Num(r.Sample.Mean), page.Num(math.Sqrt(r.Sample.Var)), page.Num(lo), page.Num(hi)),
		})
	}
	svg, err := v.MemoChart("variance"+v.Extra, id, func() ([]byte, error) { return chart.Variance(in) })
	return page.Chart{ID: id, Title: in.Text.Title, SVG: svg, Err: err}
}
