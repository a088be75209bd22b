package compare

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// sweepLambdas are the λ of the λ sweep, in the order of its rows.
var sweepLambdas = []float64{0, 0.5, 0.9, 0.95, 1}

// LambdaKeys are the link parameters of /compare/lambda beyond the
// scenario's: t, the token whose n-step weights are drawn (0-based).
var LambdaKeys = []string{"t"}

// lambdaView is the λ sweep of one scenario: verl's GAE, in the scenario's
// version with its rewards, values, mask and γ, under each λ of
// sweepLambdas. Every slice is indexed by t, the 0-based response-token
// index; values[t] = V(s_t) is the state before token t.
type lambdaView struct {
	play.View
	at   int                // t of the weights chart
	runs []engine.GAEResult // runs[i]: GAE with λ = sweepLambdas[i], [1][T]
	own  engine.GAEResult   // GAE with the scenario's λ (the slider's), [1][T]
}

// HandleLambda handles the "GET /compare/lambda" route: the
// scenario's advantages under five λ as a table, a line chart and a heat
// map, and the weights GAE gives the n-step estimates of token t.
func (s *Room) HandleLambda(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r, LambdaKeys...)
	at := readSweepToken(r, &pr)
	v := newLambdaView(pr, at)
	play.ServeSweep(w, r, pr, sweepCanonical(pr, "/compare/lambda", v.State, v.extra()), func() play.SweepAnswer {
		vm := v.sweep()
		return play.SweepAnswer{Page: templates.LambdaSweepPage(vm), Results: templates.LambdaSweepResults(vm), Errs: vm.Form.Errors, Links: vm.Links}
	})
}

// HandleLambdaChart handles the "GET /compare/lambda/chart/{name}.svg"
// route: one chart of the page (LambdaChartNames) as a standalone SVG, for
// export. weights is 404 where the page draws none (token t has no time
// step).
func (s *Room) HandleLambdaChart(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	if !slices.Contains(LambdaChartNames(), name) {
		page.ChartNotFound(w, r)
		return
	}
	pr := s.Read(r, LambdaKeys...)
	v := newLambdaView(pr, readSweepToken(r, &pr))
	d, ok := v.drawChart(name)
	if !ok {
		page.ChartNotFound(w, r)
		return
	}
	page.WriteSVG(w, r, d, v.T("chart.error"))
}

// LambdaChartNames are the page's charts in page order, by the name in
// their URL /compare/lambda/chart/{name}.svg: the lines, one small chart per
// λ (small-i for sweepLambdas[i]), the heat map and the n-step weights.
func LambdaChartNames() []string {
	names := []string{"lines"}
	for i := range sweepLambdas {
		names = append(names, "small-"+strconv.Itoa(i))
	}
	return append(names, "heat", "weights")
}

// drawChart draws one chart of the page by name; false when the page has
// no such chart in this state.
func (v lambdaView) drawChart(name string) (page.Chart, bool) {
	switch name {
	case "lines":
		return v.linesChart(), true
	case "heat":
		return v.heatChart(), true
	case "weights":
		return v.weightsChart()
	}
	for i := range sweepLambdas {
		if name == "small-"+strconv.Itoa(i) {
			return v.smallMultiple(i), true
		}
	}
	return page.Chart{}, false
}

// figure is a drawn chart as the page shows it, linked to its route.
func (v lambdaView) figure(name string, d page.Chart) templates.Chart {
	url := SweepLink(v.Req, "/compare/lambda/chart/"+name+".svg", v.State, v.extra())
	return d.Figure(v.T, url, v.T("sweep.chart.error", d.Title))
}

// charts are the page's charts above the weights, in page order.
func (v lambdaView) charts() []templates.Chart {
	var out []templates.Chart
	for _, name := range LambdaChartNames() {
		if name == "weights" {
			continue // in the weights panel
		}
		d, _ := v.drawChart(name)
		out = append(out, v.figure(name, d))
	}
	return out
}

// readSweepToken reads t= (a 0-based token index); a bad one is reported on
// the field and falls back to 0.
func readSweepToken(r *http.Request, pr *play.Request) int {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	return sweepToken(q, pr)
}

// sweepToken reads t= from a λ sweep query, as readSweepToken.
func sweepToken(q url.Values, pr *play.Request) int {
	vs, ok := q["t"]
	if !ok || len(vs) == 0 {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(vs[0]))
	if err != nil || n < 0 || n >= pr.S.Len() {
		pr.Rep.Problems = append(pr.Rep.Problems, scenario.Problem{Field: "t", Key: "err.range_int", Args: []any{vs[0], 0, pr.S.Len() - 1}})
		if pr.Rep.Raw == nil {
			pr.Rep.Raw = map[string]string{}
		}
		pr.Rep.Raw["t"] = vs[0]
		return 0
	}
	return n
}

func newLambdaView(pr play.Request, at int) lambdaView {
	v := lambdaView{View: play.NewView(pr), at: at}
	rewards, vals, mask := [][]float64{v.Res.Rewards}, [][]float64{play.Values(v.S)}, [][]float64{v.Res.Mask}
	for _, lam := range sweepLambdas {
		v.runs = append(v.runs, engine.GAE(v.S.Gen(), rewards, vals, mask, v.S.Gamma, lam))
	}
	v.own = engine.GAE(v.S.Gen(), rewards, vals, mask, v.S.Gamma, v.S.Lam)
	return v
}

// link is the page's canonical link.
func (v lambdaView) link() string { return SweepLink(v.Req, "/compare/lambda", v.State, v.extra()) }

// extra is the page's own parameters in canonical form: t= unless it is 0.
func (v lambdaView) extra() string {
	if v.at == 0 {
		return ""
	}
	return "&t=" + strconv.Itoa(v.at)
}

// sweep is the page's view model.
func (v lambdaView) sweep() templates.LambdaSweep {
	vm := templates.LambdaSweep{
		Page:           sweepPage(v.View, "sweep.lam.title", "/compare/lambda", v.State, v.extra()),
		Heading:        v.T("sweep.lam.heading"),
		Intro:          v.HTML("sweep.lam.intro", v.S.VersionLabel()),
		Warnings:       v.Messages(v.Req.Rep.Warnings),
		Form:           sweepForm(v.View, "/compare/lambda", v.link(), v.tokenSelect()),
		Links:          compareLinks(v.View, "/compare/lambda"),
		ResultsHeading: v.T("sweep.results", v.S.VersionLabel(), scenario.FormatNumber(v.S.Gamma)),
		Table:          v.table(),
		Notes:          []string{v.T("sweep.lam.note.lam", scenario.FormatNumber(v.S.Lam)), v.T("sweep.lam.note.tail")},
	}
	vm.Charts = v.charts()
	vm.Weights = v.weights()
	return vm
}

// SweepLam writes a λ of the sweep as the link writes numbers ("0.95").
func SweepLam(lam float64) string { return scenario.FormatNumber(lam) }

// table has the reward and V(s_t), then A_t for each λ, then R_t for each
// λ; rows adv-<λ> and ret-<λ>. The λ are the sweep's five and the
// scenario's own (the slider's) in order, whose row says so.
func (v lambdaView) table() templates.Table {
	tb := templates.Table{Caption: v.T("sweep.table.caption"), Corner: v.T("table.corner"), Columns: sweepColumns(v.View)}
	tb.Rows = append(tb.Rows,
		sweepRow(v.View, "reward", v.T("row.reward"), "token_level_rewards", "q-reward", v.Res.Rewards, nil),
		sweepRow(v.View, "value", v.T("row.value"), "values", "q-value", play.Values(v.S), nil))
	for _, q := range []struct {
		id, key, code, swatch string
		of                    func(g engine.GAEResult) []float64
	}{
		{"adv", "sweep.row.adv", "lastgaelam", "q-advantage", func(g engine.GAEResult) []float64 { return g.Advantages[0] }},
		{"ret", "sweep.row.ret", "returns", "q-return", func(g engine.GAEResult) []float64 { return g.Returns[0] }},
	} {
		for _, lam := range varianceLams(v.S.Lam) {
			label, run := v.T(q.key, SweepLam(lam)), v.own
			if i := slices.Index(sweepLambdas, lam); i >= 0 {
				run = v.runs[i]
			}
			row := sweepRow(v.View, q.id+"-"+SweepLam(lam), label, q.code, q.swatch, q.of(run), nil)
			if lam == v.S.Lam {
				row.Label = v.T("sweep.row.scenario", label)
			}
			tb.Rows = append(tb.Rows, row)
		}
	}
	return tb
}

// linesChart draws A_t for each λ as lines.
func (v lambdaView) linesChart() page.Chart {
	in := v.linesInput()
	svg, err := chart.Sweep(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
}

// linesInput is the lines chart's input: A_t for each λ, the slider's
// highlighted; the page's link preview draws it too.
func (v lambdaView) linesInput() chart.SweepInput {
	in := chart.SweepInput{
		Base: v.S.Base, ID: "sweep-lines", Theme: v.ChartTheme(),
		Text: chart.SweepText{
			Title: v.T("sweep.lam.chart"), Desc: v.T("sweep.lam.chart.desc"),
			TokenAxis: v.T("chart.axis.token"), ValueAxis: v.T("chart.axis.adv"),
			Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
		},
	}
	for i, lam := range sweepLambdas {
		in.Series = append(in.Series, chart.Series{Label: v.T("sweep.legend.lam", SweepLam(lam)), Values: v.runs[i].Advantages[0]})
	}
	// The slider's λ, highlighted above the five (on one of them when it is
	// one of them).
	in.Series = append(in.Series, chart.Series{Label: v.T("sweep.legend.own", SweepLam(v.S.Lam)), Values: v.own.Advantages[0], Highlight: true})
	in.Tokens, in.Mask = play.ChartTokens(v.S)
	return in
}

// heatChart draws A_t as a λ × token heat map.
func (v lambdaView) heatChart() page.Chart {
	in := chart.HeatmapInput{
		Base: v.S.Base, ID: "sweep-heat", Theme: v.ChartTheme(),
		Text: chart.HeatmapText{
			Title: v.T("sweep.lam.heat"), Desc: v.T("sweep.lam.heat.desc"), TokenAxis: v.T("chart.axis.token"),
			Scale: v.T("sweep.lam.heat.scale"), Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
		},
	}
	for i, lam := range sweepLambdas {
		in.Rows = append(in.Rows, chart.HeatmapRow{Label: v.T("sweep.legend.lam", SweepLam(lam)), Values: v.runs[i].Advantages[0]})
	}
	in.Tokens, in.Mask = play.ChartTokens(v.S)
	svg, err := chart.Heatmap(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
}

// smallMultiple draws A_t for λ = sweepLambdas[i] in a chart of its own,
// on the scale all the small charts share and in the style its line has in
// the combined chart, in the panel theme (chart.Theme.Panel): narrow
// enough that the page shows it at its own size, labels at 12 px, two to a
// row at 1280 px, however long the response.
func (v lambdaView) smallMultiple(i int) page.Chart {
	var lo, hi float64
	for _, run := range v.runs {
		for _, a := range run.Advantages[0] {
			lo, hi = min(lo, a), max(hi, a)
		}
	}
	th := v.ChartTheme().Panel()
	label := v.T("sweep.legend.lam", SweepLam(sweepLambdas[i]))
	in := chart.SweepInput{
		Base: v.S.Base, ID: "sweep-small-" + strconv.Itoa(i), Theme: th,
		Extent: [2]float64{lo, hi}, StyleOffset: i,
		Series: []chart.Series{{Label: label, Values: v.runs[i].Advantages[0]}},
		Text: chart.SweepText{
			Title: label, Desc: v.T("sweep.lam.chart.desc"),
			TokenAxis: v.T("chart.axis.token"), ValueAxis: v.T("chart.axis.adv"),
			Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
		},
	}
	in.Tokens, in.Mask = play.ChartTokens(v.S)
	svg, err := chart.Sweep(in)
	return page.Chart{ID: in.ID, Title: label, SVG: svg, Err: err}
}
