package web

import (
	"gaelab/web/page"
	"net/http"

	"gaelab/engine"
	"gaelab/engine/explain"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// estimatorsView compares three advantage estimators on one scenario, all
// computed by verl's GAE in the scenario's version: Monte Carlo (λ = 1),
// TD(0) (λ = 0) and GAE with the scenario's λ. Every slice is indexed by t,
// the 0-based response-token index; values[t] = V(s_t) is the state before
// token t.
type estimatorsView struct {
	playView
	mc, td engine.GAEResult // GAE with λ = 1 and λ = 0, [1][T]
	// steps[t] is 1 where token t is a time step of the recursion (newest:
	// the valid tokens; v0.2: every position).
	steps []float64
	// g[t] = G_t, the discounted reward-to-go over the time steps from t on
	// (REINFORCE++'s returns over steps); 0 where steps[t] = 0.
	g []float64
	// gErr is why G_t could not be computed, or nil.
	gErr error
}

// handleCompareEstimators handles the "GET /compare/estimators" route:
// Monte Carlo vs TD(0) vs GAE per token, the telescoping identity checked on
// the scenario's numbers, and what each estimator bootstraps from.
func (s *Server) handleCompareEstimators(w http.ResponseWriter, r *http.Request) {
	pr := s.readPlay(r)
	v := newEstimatorsView(pr)
	serveSweep(w, r, pr, sweepCanonical(pr, "/compare/estimators", v.state, ""), func() sweepAnswer {
		vm := v.estimators()
		return sweepAnswer{templates.EstimatorsPage(vm), templates.EstimatorsResults(vm), vm.Form.Errors, vm.Links}
	})
}

// handleCompareEstimatorsChart handles the "GET /compare/estimators/chart.svg"
// route: the page's chart as a standalone SVG, for export.
func (s *Server) handleCompareEstimatorsChart(w http.ResponseWriter, r *http.Request) {
	v := newEstimatorsView(s.readPlay(r))
	page.WriteSVG(w, v.chart(), v.t("chart.error"))
}

func newEstimatorsView(pr playRequest) estimatorsView {
	v := estimatorsView{playView: newPlayView(pr)}
	rewards, vals, mask := [][]float64{v.res.Rewards}, [][]float64{values(v.s)}, [][]float64{v.res.Mask}
	v.mc = engine.GAEGen(v.s.Gen(), rewards, vals, mask, v.s.Gamma, 1)
	v.td = engine.GAEGen(v.s.Gen(), rewards, vals, mask, v.s.Gamma, 0)
	v.steps = explain.StepMask(v.s.Version, v.res.Mask)
	// REINFORCE++'s returns (v0.9.0) are exactly G_t over the steps: rewards
	// of the other positions dropped, no discount step for them. Its
	// whitening may fail (one valid token); the returns come first.
	_, ret, err := engine.ReinforcePlusPlus(engine.OutcomeInputs{Rewards: rewards, Mask: [][]float64{v.steps}, Gamma: v.s.Gamma})
	if ret == nil {
		v.gErr = err
		v.g = make([]float64, v.s.Len())
	} else {
		v.g = ret[0]
	}
	return v
}

// link is the page's canonical link.
func (v estimatorsView) link() string { return sweepLink(v.pr, "/compare/estimators", v.state, "") }

// masked reports whether token t shows no estimate: mask 0.
func (v estimatorsView) masked(t int) bool { return v.res.Mask[t] != 1 }

// telescope checks Σ_k γ^k·δ_{t+k} = G_t − V(s_t) on every token
// (explain.Telescope), on the valid tokens.
func (v estimatorsView) telescope() explain.Telescoping {
	valid := make([]bool, v.s.Len())
	for t := range valid {
		valid[t] = !v.masked(t)
	}
	return explain.Telescope(v.td.Deltas[0], v.steps, v.g, values(v.s), valid, v.s.Gamma)
}

// estimators is the page's view model.
func (v estimatorsView) estimators() templates.Estimators {
	id := v.telescope()
	vm := templates.Estimators{
		Page:           sweepPage(v.playView, "sweep.est.title", "/compare/estimators", v.state, ""),
		Heading:        v.t("sweep.est.heading"),
		Intro:          v.html("sweep.est.intro", v.s.VersionLabel()),
		Warnings:       v.messages(v.pr.rep.Warnings),
		Form:           sweepForm(v.playView, "/compare/estimators", v.link()),
		Links:          v.compareLinks("/compare/estimators"),
		ResultsHeading: v.t("sweep.results", v.s.VersionLabel(), scenario.FormatNumber(v.s.Gamma)),
		MaskNote:       v.html("sweep.est.mask.newest"),
		Table:          v.table(id),
		Identity:       templates.SweepIdentity{Heading: v.t("sweep.est.id.heading"), Text: v.html("sweep.est.id.text")},
		Tails:          v.tails(),
		Chart:          v.figure(v.chart()),
	}
	if v.s.Version == engine.VerlEarly {
		vm.MaskNote = v.html("sweep.est.mask.early")
	}
	if v.gErr != nil {
		vm.Warnings = append(vm.Warnings, v.t("sweep.est.g_error"))
	}
	switch {
	case id.N == 0:
		vm.Identity.Check = templates.SweepCheck{OK: true, Text: v.t("sweep.est.id.none")}
	case id.Equal(id.Max):
		vm.Identity.Check = templates.SweepCheck{OK: true, Text: v.t("sweep.est.id.ok", id.N, page.Num(id.Max))}
	default:
		vm.Identity.Check = templates.SweepCheck{Text: v.t("sweep.est.id.fail", id.N, page.Num(id.Max), v.idx(id.Worst))}
	}
	return vm
}

// table: reward and V(s_t), G_t, the three estimators with TD(0)'s
// bootstrap, then both sides of the identity, their difference and ✓/✗.
// Mask-0 tokens show "—" in every row after V(s_t).
func (v estimatorsView) table(id explain.Telescoping) templates.Table {
	tb := templates.Table{Caption: v.t("sweep.est.caption"), Corner: v.t("table.corner"), Columns: sweepColumns(v.playView)}
	lam := scenario.FormatNumber(v.s.Lam)
	row := func(id, label, code, swatch string, xs []float64) templates.Row {
		return sweepRow(v.playView, id, label, code, swatch, xs, v.masked)
	}
	tb.Rows = []templates.Row{
		sweepRow(v.playView, "reward", v.t("row.reward"), "token_level_rewards", "q-reward", v.res.Rewards, nil),
		sweepRow(v.playView, "value", v.t("row.value"), "values", "q-value", values(v.s), nil),
		row("g", v.t("sweep.est.row.g"), "", "q-return", v.g),
		row("mc", v.t("sweep.est.row.mc"), "GAE lam=1", "q-advantage", v.mc.Advantages[0]),
		row("next", v.t("sweep.est.row.next"), "nextvalues", "q-value", v.td.NextValues[0]),
		row("td", v.t("sweep.est.row.td"), "GAE lam=0", "q-advantage", v.td.Advantages[0]),
		row("gae", v.t("sweep.est.row.gae", lam), "GAE lam="+lam, "q-advantage", v.res.GAE.Advantages[0]),
		row("lhs", v.t("sweep.est.row.lhs"), "", "", id.LHS),
		row("rhs", v.t("sweep.est.row.rhs"), "", "", id.RHS),
		row("diff", v.t("sweep.est.row.diff"), "", "", id.Diff),
	}
	ok := templates.Row{ID: "ok", Label: v.t("sweep.est.row.ok")}
	for t, d := range id.Diff {
		c := templates.Cell{T: t, Text: v.t("sweep.check.ok"), Class: maskClass(v.s.Tokens[t].Kind)}
		switch {
		case v.masked(t):
			c.Text = v.t("sweep.masked")
		case !id.Equal(d):
			c.Text = v.t("sweep.check.fail")
		}
		ok.Cells = append(ok.Cells, c)
	}
	tb.Rows = append(tb.Rows, ok)
	return tb
}

// figure is the chart as the page shows it, linked to its route.
func (v estimatorsView) figure(d page.Chart) templates.Chart {
	url := sweepLink(v.pr, "/compare/estimators/chart.svg", v.state, "")
	return d.Figure(v.t, url, v.t("sweep.chart.error", d.Title))
}

// chart draws the three estimators as lines, leaving out mask-0 tokens.
func (v estimatorsView) chart() page.Chart {
	in := chart.SweepInput{
		Base: v.s.Base, ID: "est-lines", Theme: v.chartTheme(),
		Text: chart.SweepText{
			Title: v.t("sweep.est.chart"), Desc: v.t("sweep.est.chart.desc"),
			TokenAxis: v.t("chart.axis.token"), ValueAxis: v.t("chart.axis.adv"),
			Padding: v.t("mask.pad"), Observation: v.t("mask.obs"),
		},
		Series: []chart.Series{
			{Label: v.t("sweep.est.mc"), Values: v.mc.Advantages[0]},
			{Label: v.t("sweep.est.td"), Values: v.td.Advantages[0]},
			{Label: v.t("sweep.est.gae", scenario.FormatNumber(v.s.Lam)), Values: v.res.GAE.Advantages[0]},
		},
		Skip: make([]bool, v.s.Len()),
	}
	in.Tokens, in.Mask = chartTokens(v.s)
	for t := range in.Skip {
		in.Skip[t] = v.masked(t)
	}
	svg, err := chart.Sweep(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
}

// tails is the table of what each estimator adds up and bootstraps from.
func (v estimatorsView) tails() templates.EstimatorTails {
	return templates.EstimatorTails{
		Heading: v.t("sweep.est.tails"),
		Head:    []string{v.t("sweep.est.col.name"), v.t("sweep.est.col.sum"), v.t("sweep.est.col.tail")},
		Rows: []templates.EstimatorTail{
			{ID: "mc", Name: v.t("sweep.est.mc"), Sum: v.t("sweep.est.mc.sum"), Tail: v.t("sweep.est.mc.tail")},
			{ID: "td", Name: v.t("sweep.est.td"), Sum: v.t("sweep.est.td.sum"), Tail: v.t("sweep.est.td.tail")},
			{ID: "gae", Name: v.t("sweep.est.gae", scenario.FormatNumber(v.s.Lam)), Sum: v.t("sweep.est.gae.sum"), Tail: v.t("sweep.est.gae.tail")},
		},
	}
}
