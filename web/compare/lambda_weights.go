package compare

import (
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The λ sweep's weights panel: how GAE mixes the n-step estimates of one
// token, checked against the engine's A_t.

// tokenSelect picks t for the weights chart.
func (v lambdaView) tokenSelect() templates.Select {
	sel := templates.Select{ID: "t", Name: "t", Label: v.T("sweep.lam.form.t"), Error: v.Problem("t")}
	for t, tok := range v.S.Tokens {
		key := "sweep.tokens.option"
		if tok.Kind != scenario.Valid {
			key = "sweep.tokens.masked"
		}
		sel.Options = append(sel.Options, templates.Option{Value: strconv.Itoa(t), Label: v.T(key, v.Idx(t), tok.Text), Selected: t == v.at})
	}
	return sel
}

// weights shows how GAE with the scenario's λ mixes the n-step estimates of
// token v.at, and checks the mix against the engine's A_t.
func (v lambdaView) weights() templates.WeightsPanel {
	t := v.at
	g := v.Res.GAE // the scenario's λ
	steps := explain.Steps(v.S.Gen(), v.Res.Mask, t)
	p := templates.WeightsPanel{Heading: v.T("sweep.w.heading", v.Idx(t))}
	if len(steps) == 0 {
		p.Lines = []templates.Rich{v.HTML("sweep.w.none", v.Idx(t))}
		return p
	}
	N := len(steps)
	w := explain.NStepWeights(v.S.Lam, N)
	p.Lines = []templates.Rich{v.HTML("sweep.w.intro", v.Idx(t), N, page.Num(w[N-1]))}
	if steps[0] != t {
		p.Lines = append(p.Lines, v.HTML("sweep.w.masked", v.Idx(t)))
	}
	if !v.S.Gen().Has(engine.GAEMaskAware) {
		p.Lines = append(p.Lines, v.HTML("sweep.steps.early"))
	} else {
		p.Lines = append(p.Lines, v.HTML("sweep.steps.newest"))
	}
	d, _ := v.weightsChart()
	c := v.figure("weights", d)
	p.Chart = &c

	// The check: Σ_n w_n·Â⁽ⁿ⁾_t, the n-step estimates built from the
	// engine's δ, against the engine's A_t.
	mix := explain.MixNSteps(g.Deltas[0], steps, v.S.Gamma, v.S.Lam, g.Advantages[0][t])
	p.Check.OK = mix.OK
	mark := v.T("sweep.check.ok")
	if !p.Check.OK {
		mark = v.T("sweep.check.fail")
	}
	p.Check.Text = v.T("sweep.w.check", page.Num(mix.Mix), v.Idx(t), page.Num(mix.Adv), mark, page.Num(mix.Diff))
	return p
}

// weightsChart draws the weights of token v.at's n-step estimates; false
// when the token has no time step, so nothing to mix.
func (v lambdaView) weightsChart() (page.Chart, bool) {
	t := v.at
	steps := explain.Steps(v.S.Gen(), v.Res.Mask, t)
	N := len(steps)
	if N == 0 {
		return page.Chart{}, false
	}
	// Tick labels: the value each n-step estimate bootstraps from, V of the
	// state before the next time step, and 0 for the Monte Carlo estimate.
	labels := make([]string, N)
	for n := 1; n < N; n++ {
		labels[n-1] = "V(s" + sweepSubscript(steps[n]+v.S.Base) + ")"
	}
	labels[N-1] = "0"
	in := chart.WeightsInput{
		Weights: explain.NStepWeights(v.S.Lam, N), Labels: labels, ID: "sweep-weights", Theme: v.ChartTheme(),
		Text: chart.WeightsText{
			Title: v.T("sweep.w.title", scenario.FormatNumber(v.S.Lam), v.Idx(t)), Desc: v.T("sweep.w.desc"),
			StepAxis: v.T("sweep.w.axis"), WeightAxis: v.T("sweep.w.weight"),
			NStep: v.T("sweep.w.nstep"), MonteCarlo: v.T("sweep.w.mc"), MC: v.T("sweep.w.mc_short"),
		},
	}
	svg, err := chart.Weights(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}, true
}

// sweepSubscript writes n with Unicode subscript digits.
func sweepSubscript(n int) string {
	var b strings.Builder
	for _, r := range strconv.Itoa(n) {
		b.WriteRune('₀' + r - '0')
	}
	return b.String()
}
