package compare

import (
	"net/http"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// estimatorsView compares three advantage estimators on one scenario, all
// computed by verl's GAE in the scenario's version: Monte Carlo (λ = 1),
// TD(0) (λ = 0) and GAE with the scenario's λ. Every slice is indexed by t,
// the 0-based response-token index; values[t] = V(s_t) is the state before
// token t.
type estimatorsView struct {
	play.View
	mc, td engine.GAEResult // GAE with λ = 1 and λ = 0, [1][T]
	// steps[t] is 1 where token t is a time step of the recursion (newest:
	// the valid tokens; v0.2: every position).
	steps []float64
	// G[t] = G_t, the discounted reward-to-go over the time steps from t on
	// (REINFORCE++'s returns over steps); 0 where steps[t] = 0.
	G []float64
	// gErr is why G_t could not be computed, or nil.
	gErr error
}

// HandleEstimators handles the "GET /compare/estimators" route:
// Monte Carlo vs TD(0) vs GAE per token, the telescoping identity checked on
// the scenario's numbers, and what each estimator bootstraps from.
func (s *Room) HandleEstimators(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r)
	v := newEstimatorsView(pr)
	play.ServeSweep(w, r, pr, sweepCanonical(pr, "/compare/estimators", v.State, ""), func() play.SweepAnswer {
		vm := v.Estimators()
		return play.SweepAnswer{Page: templates.EstimatorsPage(vm), Results: templates.EstimatorsResults(vm), Errs: vm.Form.Errors, Links: vm.Links}
	})
}

// HandleEstimatorsChart handles the "GET /compare/estimators/chart.svg"
// route: the page's chart as a standalone SVG, for export.
func (s *Room) HandleEstimatorsChart(w http.ResponseWriter, r *http.Request) {
	v := newEstimatorsView(s.Read(r))
	page.WriteSVG(w, r, v.chart(), v.T("chart.error"))
}

func newEstimatorsView(pr play.Request) estimatorsView {
	v := estimatorsView{View: play.NewView(pr)}
	rewards, vals, mask := [][]float64{v.Res.Rewards}, [][]float64{play.Values(v.S)}, [][]float64{v.Res.Mask}
	v.mc = engine.GAE(v.S.Gen(), rewards, vals, mask, v.S.Gamma, 1)
	v.td = engine.GAE(v.S.Gen(), rewards, vals, mask, v.S.Gamma, 0)
	v.steps = explain.StepMask(v.S.Gen(), v.Res.Mask)
	// REINFORCE++'s returns (v0.9.0) are exactly G_t over the steps: rewards
	// of the other positions dropped, no discount step for them. Its
	// whitening may fail (one valid token); the returns come first.
	_, ret, err := engine.ReinforcePlusPlus(engine.OutcomeInputs{Rewards: rewards, Mask: [][]float64{v.steps}, Gamma: v.S.Gamma})
	if ret == nil {
		v.gErr = err
		v.G = make([]float64, v.S.Len())
	} else {
		v.G = ret[0]
	}
	return v
}

// link is the page's canonical link.
func (v estimatorsView) link() string { return SweepLink(v.Req, "/compare/estimators", v.State, "") }

// masked reports whether token t shows no estimate: mask 0.
func (v estimatorsView) masked(t int) bool { return v.Res.Mask[t] != 1 }

// telescope checks Σ_k γ^k·δ_{t+k} = G_t − V(s_t) on every token
// (explain.Telescope), on the valid tokens.
func (v estimatorsView) telescope() explain.Telescoping {
	valid := make([]bool, v.S.Len())
	for t := range valid {
		valid[t] = !v.masked(t)
	}
	return explain.Telescope(v.td.Deltas[0], v.steps, v.G, play.Values(v.S), valid, v.S.Gamma)
}

// Estimators is the page's view model.
func (v estimatorsView) Estimators() templates.Estimators {
	id := v.telescope()
	vm := templates.Estimators{
		Page:           sweepPage(v.View, "sweep.est.title", "/compare/estimators", v.State, ""),
		Heading:        v.T("sweep.est.heading"),
		Intro:          v.HTML("sweep.est.intro", v.S.VersionLabel()),
		Warnings:       v.Messages(v.Req.Rep.Warnings),
		Form:           sweepForm(v.View, "/compare/estimators", v.link()),
		Links:          compareLinks(v.View, "/compare/estimators"),
		ResultsHeading: v.T("sweep.results", v.S.VersionLabel(), scenario.FormatNumber(v.S.Gamma)),
		MaskNote:       v.HTML("sweep.est.mask.newest"),
		Table:          v.table(id),
		Identity:       templates.SweepIdentity{Heading: v.T("sweep.est.id.heading"), Text: v.HTML("sweep.est.id.text")},
		Tails:          v.tails(),
		Chart:          v.figure(v.chart()),
	}
	if !v.S.Gen().Has(engine.GAEMaskAware) {
		vm.MaskNote = v.HTML("sweep.est.mask.early")
	}
	if v.gErr != nil {
		vm.Warnings = append(vm.Warnings, v.T("sweep.est.g_error"))
	}
	switch {
	case id.N == 0:
		vm.Identity.Check = templates.SweepCheck{OK: true, Text: v.T("sweep.est.id.none")}
	case id.Equal(id.Max):
		vm.Identity.Check = templates.SweepCheck{OK: true, Text: v.T("sweep.est.id.ok", id.N, page.Num(id.Max))}
	default:
		vm.Identity.Check = templates.SweepCheck{Text: v.T("sweep.est.id.fail", id.N, page.Num(id.Max), v.Idx(id.Worst))}
	}
	return vm
}

// table: reward and V(s_t), G_t, the three estimators with TD(0)'s
// bootstrap, then both sides of the identity, their difference and ✓/✗.
// Mask-0 tokens show "—" in every row after V(s_t).
func (v estimatorsView) table(id explain.Telescoping) templates.Table {
	tb := templates.Table{Caption: v.T("sweep.est.caption"), Corner: v.T("table.corner"), Columns: sweepColumns(v.View)}
	lam := scenario.FormatNumber(v.S.Lam)
	row := func(id, label, code, swatch string, xs []float64) templates.Row {
		return sweepRow(v.View, id, label, code, swatch, xs, v.masked)
	}
	tb.Rows = []templates.Row{
		sweepRow(v.View, "reward", v.T("row.reward"), "token_level_rewards", "q-reward", v.Res.Rewards, nil),
		sweepRow(v.View, "value", v.T("row.value"), "values", "q-value", play.Values(v.S), nil),
		row("g", v.T("sweep.est.row.g"), "", "q-return", v.G),
		row("mc", v.T("sweep.est.row.mc"), "GAE lam=1", "q-advantage", v.mc.Advantages[0]),
		row("next", v.T("sweep.est.row.next"), "nextvalues", "q-value", v.td.NextValues[0]),
		row("td", v.T("sweep.est.row.td"), "GAE lam=0", "q-advantage", v.td.Advantages[0]),
		row("gae", v.T("sweep.est.row.gae", lam), "GAE lam="+lam, "q-advantage", v.Res.GAE.Advantages[0]),
		row("lhs", v.T("sweep.est.row.lhs"), "", "", id.LHS),
		row("rhs", v.T("sweep.est.row.rhs"), "", "", id.RHS),
		row("diff", v.T("sweep.est.row.diff"), "", "", id.Diff),
	}
	ok := templates.Row{ID: "ok", Label: v.T("sweep.est.row.ok")}
	for t, d := range id.Diff {
		c := templates.Cell{T: t, Text: v.T("sweep.check.ok"), Class: play.MaskClass(v.S.Tokens[t].Kind)}
		switch {
		case v.masked(t):
			c.Text = v.T("sweep.masked")
		case !id.Equal(d):
			c.Text = v.T("sweep.check.fail")
		}
		ok.Cells = append(ok.Cells, c)
	}
	tb.Rows = append(tb.Rows, ok)
	return tb
}

// figure is the chart as the page shows it, linked to its route.
func (v estimatorsView) figure(d page.Chart) templates.Chart {
	url := SweepLink(v.Req, "/compare/estimators/chart.svg", v.State, "")
	return d.Figure(v.T, url, v.T("sweep.chart.error", d.Title))
}

// chart draws the three estimators as lines, leaving out mask-0 tokens.
func (v estimatorsView) chart() page.Chart {
	in := v.chartInput()
	svg, err := chart.Sweep(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
}

// chartInput is the chart's input; the page's link preview draws it too.
func (v estimatorsView) chartInput() chart.SweepInput {
	in := chart.SweepInput{
		Base: v.S.Base, ID: "est-lines", Theme: v.ChartTheme(),
		Text: chart.SweepText{
			Title: v.T("sweep.est.chart"), Desc: v.T("sweep.est.chart.desc"),
			TokenAxis: v.T("chart.axis.token"), ValueAxis: v.T("chart.axis.adv"),
			Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
		},
		Series: []chart.Series{
			{Label: v.T("sweep.est.mc"), Values: v.mc.Advantages[0]},
			{Label: v.T("sweep.est.td"), Values: v.td.Advantages[0]},
			{Label: v.T("sweep.est.gae", scenario.FormatNumber(v.S.Lam)), Values: v.Res.GAE.Advantages[0]},
		},
		Skip: make([]bool, v.S.Len()),
	}
	in.Tokens, in.Mask = play.ChartTokens(v.S)
	for t := range in.Skip {
		in.Skip[t] = v.masked(t)
	}
	return in
}

// tails is the table of what each estimator adds up and bootstraps from.
func (v estimatorsView) tails() templates.EstimatorTails {
	return templates.EstimatorTails{
		Heading: v.T("sweep.est.tails"),
		Head:    []string{v.T("sweep.est.col.name"), v.T("sweep.est.col.sum"), v.T("sweep.est.col.tail")},
		Rows: []templates.EstimatorTail{
			{ID: "mc", Name: v.T("sweep.est.mc"), Sum: v.T("sweep.est.mc.sum"), Tail: v.T("sweep.est.mc.tail")},
			{ID: "td", Name: v.T("sweep.est.td"), Sum: v.T("sweep.est.td.sum"), Tail: v.T("sweep.est.td.tail")},
			{ID: "gae", Name: v.T("sweep.est.gae", scenario.FormatNumber(v.S.Lam)), Sum: v.T("sweep.est.gae.sum"), Tail: v.T("sweep.est.gae.tail")},
		},
	}
}
