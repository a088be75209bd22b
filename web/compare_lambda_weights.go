package web

import (
	"gaelab/web/page"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// The λ sweep's weights panel: how GAE mixes the n-step estimates of one
// token, checked against the engine's A_t.

// tokenSelect picks t for the weights chart.
func (v lambdaView) tokenSelect() templates.Select {
	sel := templates.Select{ID: "t", Name: "t", Label: v.t("sweep.lam.form.t"), Error: v.problem("t")}
	for t, tok := range v.s.Tokens {
		key := "sweep.tokens.option"
		if tok.Kind != scenario.Valid {
			key = "sweep.tokens.masked"
		}
		sel.Options = append(sel.Options, templates.Option{Value: strconv.Itoa(t), Label: v.t(key, v.idx(t), tok.Text), Selected: t == v.at})
	}
	return sel
}

// weights shows how GAE with the scenario's λ mixes the n-step estimates of
// token v.at, and checks the mix against the engine's A_t.
func (v lambdaView) weights() templates.WeightsPanel {
	t := v.at
	g := v.res.GAE // the scenario's λ
	steps := explain.Steps(v.s.Version, v.res.Mask, t)
	p := templates.WeightsPanel{Heading: v.t("sweep.w.heading", v.idx(t))}
	if len(steps) == 0 {
		p.Lines = []templates.Rich{v.html("sweep.w.none", v.idx(t))}
		return p
	}
	N := len(steps)
	w := explain.NStepWeights(v.s.Lam, N)
	p.Lines = []templates.Rich{v.html("sweep.w.intro", v.idx(t), N, page.Num(w[N-1]))}
	if steps[0] != t {
		p.Lines = append(p.Lines, v.html("sweep.w.masked", v.idx(t)))
	}
	if v.s.Version == engine.VerlEarly {
		p.Lines = append(p.Lines, v.html("sweep.steps.early"))
	} else {
		p.Lines = append(p.Lines, v.html("sweep.steps.newest"))
	}
	d, _ := v.weightsChart()
	c := v.figure("weights", d)
	p.Chart = &c

	// The check: Σ_n w_n·Â⁽ⁿ⁾_t, the n-step estimates built from the
	// engine's δ, against the engine's A_t.
	mix := explain.MixNSteps(g.Deltas[0], steps, v.s.Gamma, v.s.Lam, g.Advantages[0][t])
	p.Check.OK = mix.OK
	mark := v.t("sweep.check.ok")
	if !p.Check.OK {
		mark = v.t("sweep.check.fail")
	}
	p.Check.Text = v.t("sweep.w.check", page.Num(mix.Mix), v.idx(t), page.Num(mix.Adv), mark, page.Num(mix.Diff))
	return p
}

// weightsChart draws the weights of token v.at's n-step estimates; false
// when the token has no time step, so nothing to mix.
func (v lambdaView) weightsChart() (page.Chart, bool) {
	t := v.at
	steps := explain.Steps(v.s.Version, v.res.Mask, t)
	N := len(steps)
	if N == 0 {
		return page.Chart{}, false
	}
	// Tick labels: the value each n-step estimate bootstraps from, V of the
	// state before the next time step, and 0 for the Monte Carlo estimate.
	labels := make([]string, N)
	for n := 1; n < N; n++ {
		labels[n-1] = "V(s" + sweepSubscript(steps[n]+v.s.Base) + ")"
	}
	labels[N-1] = "0"
	in := chart.WeightsInput{
		Weights: explain.NStepWeights(v.s.Lam, N), Labels: labels, ID: "sweep-weights", Theme: v.chartTheme(),
		Text: chart.WeightsText{
			Title: v.t("sweep.w.title", scenario.FormatNumber(v.s.Lam), v.idx(t)), Desc: v.t("sweep.w.desc"),
			StepAxis: v.t("sweep.w.axis"), WeightAxis: v.t("sweep.w.weight"),
			NStep: v.t("sweep.w.nstep"), MonteCarlo: v.t("sweep.w.mc"), MC: v.t("sweep.w.mc_short"),
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
