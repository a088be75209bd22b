package play

import (
	"net/http"
	"strings"
	"sync"
	"unicode"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// firstPictureTokenWidth is a token column's width in the playground's
// boundary chart, in chart units.
const firstPictureTokenWidth = 36

// presentPlotHeight and presentStepPlotHeight are the data area's height
// (units) of /play's charts in presentation mode, on its first screen and
// while stepping: tall enough that the plot is at least a seventh (first
// screen, TestBrowserPresentFirstScreen) or a sixth (the step frame,
// TestBrowserPresentStepFrame) of the screen's height, short enough that
// the chart scaled into the box the table leaves it keeps the labels
// TestBrowserPresentTypeFloor and TestBrowserPresentationLegible ask for.
const (
	presentPlotHeight     = 200
	presentStepPlotHeight = 260
)

// ChartNames are the charts, by the name in their URL /play/chart/{name}.svg.
var ChartNames = []string{"values", "rewards", "advantages", "ribbon"}

// chartText localises every string the charts draw.
func (v View) chartText() chart.Text { return ChartText(v.T) }

// ChartText is every string the charts draw, in t's language; the
// playground and the batch view's row charts share it.
func ChartText(t func(string, ...any) string) chart.Text {
	return chart.Text{
		ValuesTitle: t("chart.values"), RewardsTitle: t("chart.rewards"),
		AdvantagesTitle: t("chart.adv"), RibbonTitle: t("chart.ribbon"),
		ValuesDesc: t("chart.values.desc"), RewardsDesc: t("chart.rewards.desc"),
		AdvantagesDesc: t("chart.adv.desc"), RibbonDesc: t("chart.ribbon.desc"),
		TokenAxis: t("chart.axis.token"), ValueAxis: t("chart.axis.value"),
		RewardAxis: t("chart.axis.reward"), AdvantageAxis: t("chart.axis.adv"),
		Value: "V(sₜ)", Return: "Rₜ", Advantage: "Aₜ", Whitened: t("chart.legend.whitened"),
		Reward: "rₜ", Score: t("chart.legend.score"), KL: "−β·KL",
		Bootstrap: t("chart.bootstrap"), Padding: t("mask.pad"), Observation: t("mask.obs"),
		NoWhitened: t("chart.no_whitened"),
		KLInset:    t("chart.kl_inset"), KLInsetDesc: t("chart.kl_inset.desc"),
		Prompt: t("form.prompt"), Response: t("form.tokens"),
		RowToken: t("chart.ribbon.token"), RowPosition: t("chart.ribbon.position"), RowIndex: "t",
		RowCritic: t("chart.ribbon.critic"), RowValue: "V(sₜ)", Unused: t("chart.ribbon.unused"),
	}
}

// ChartInput is the scenario's series for the charts.
func (v View) ChartInput() chart.Input {
	in := chart.Input{
		Base: v.S.Base, Values: Values(v.S),
		Returns: v.Res.GAE.Returns[0], Advantages: v.Res.GAE.Advantages[0],
		Scores: v.Res.Scores, KLTerm: v.Res.KLTerm, Rewards: v.Res.Rewards,
		Text: v.chartText(),
	}
	if v.Res.GAE.Whitened != nil {
		in.Whitened = v.Res.GAE.Whitened[0]
	}
	if m := v.stepMarks(); m.active {
		// One frame of the backward loop: R and A only where the loop has
		// been, the boundaries step k reads ringed, A_t of step k outlined.
		in.Step = chart.StepFrame{On: true, From: m.n - m.k, Write: m.cur, Done: m.k >= m.n}
		if !in.Step.Done { // when the loop is done, every number is drawn and described
			in.Step.Desc = v.T("chart.step.desc", m.k, m.n)
		}
		if m.cur >= 0 {
			in.Step.Reads = append(in.Step.Reads, m.cur)
			if j := v.nextIndex(m.cur); j >= 0 {
				in.Step.Reads = append(in.Step.Reads, j)
			} else {
				in.Step.Reads = append(in.Step.Reads, m.n)
			}
		}
	}
	in.Tokens, in.Mask = ChartTokens(v.S)
	return in
}

// promptTokens splits the prompt for the ribbon: at spaces, or into
// characters when it has none (Chinese).
func promptTokens(prompt string) []string {
	if strings.TrimSpace(prompt) == "" {
		return []string{"…"}
	}
	if strings.ContainsFunc(prompt, unicode.IsSpace) {
		return strings.Fields(prompt)
	}
	return strings.Split(prompt, "")
}

// RenderChart draws one chart by name, or finds it in ChartMemo; id
// prefixes the SVG's element ids ("" for the chart's default), so that one
// page can hold several.
func (v View) RenderChart(name, id string) ([]byte, error) {
	return v.MemoChart(name, id, func() ([]byte, error) { return v.DrawChart(name, id, chart.Handles{}) })
}

// DrawChart draws one chart by name, with drag's handles (drag.go).
func (v View) DrawChart(name, id string, drag chart.Handles) ([]byte, error) {
	in := v.ChartInput()
	in.ID, in.Theme, in.Drag = id, v.ChartTheme(), drag
	if name == "values" && !v.Req.View.Present {
		// The playground's first picture: narrower columns keep a response
		// of up to 8 tokens within the chart's least width (480 units), so
		// that the page draws every such chart at one scale, its labels
		// ≥ 14 px at 1280 px (static/app.css, "charts sized by importance").
		in.Theme.TokenWidth = firstPictureTokenWidth
	}
	if v.Req.View.Present {
		// On a projector the chart gets what the table leaves of the
		// screen, about as tall as it is wide (issue 35: a data area of
		// the Projector theme's 100 units drew a plot 51 px tall in the
		// 376×390 px of the step frame at 1280×720): a taller data area,
		// and no x-axis words, since the table above names each column's
		// token and index.
		in.Theme.PlotHeight = presentPlotHeight
		if v.S.Step >= 0 {
			in.Theme.PlotHeight = presentStepPlotHeight
		}
		in.Text.TokenAxis = ""
	}
	switch name {
	case "values":
		return chart.Values(in)
	case "rewards":
		return chart.Rewards(in)
	case "advantages":
		return chart.Advantages(in)
	}
	return chart.Ribbon(chart.RibbonInput{Prompt: promptTokens(v.S.Prompt), Response: in.Tokens, Base: v.S.Base, Text: in.Text, ID: id, Theme: in.Theme})
}

// ChartNames are the charts this state shows: typed rewards have no
// score/KL split to draw. While the backward loop is stepped through, every
// chart stays: the values and advantages charts draw the frame of the step
// (ChartInput). Presentation mode shows the values chart, and while
// stepping the advantages chart beside it; a teacher's hide= list hides
// charts (and the charts that would show a hidden row's numbers).
func (v View) ChartNames() []string {
	var names []string
	for _, n := range ChartNames {
		if n == "rewards" && v.S.DirectRewards ||
			v.Req.View.ChartHidden(n) || v.Req.View.Present && !v.presentsChart(n) {
			continue
		}
		names = append(names, n)
	}
	return names
}

// presentsChart reports whether presentation mode shows a chart: the
// values chart, and the advantages chart during the step-through.
func (v View) presentsChart(name string) bool {
	return name == "values" || name == "advantages" && v.S.Step >= 0
}

// ChartTheme is the charts' theme for the page's view.
func (v View) ChartTheme() chart.Theme {
	th := chart.Light()
	if v.Req.View.Dark {
		th = chart.Dark()
	}
	if v.Req.View.Present {
		// The table and the step panel leave the chart little height: no
		// title drawn (the figure names it for screen readers).
		th = th.Projector()
		th.Untitled = true
		if v.S.Step >= 0 {
			// Stepping, the two charts share the width under the table
			// with the step panel: narrower columns at the same type.
			th.TokenWidth, th.MaxPlotWidth = 40, 260
		}
	}
	return th
}

// ChartTitles are the catalog keys of the charts' titles.
var ChartTitles = map[string]string{"values": "chart.values", "rewards": "chart.rewards", "advantages": "chart.adv", "ribbon": "chart.ribbon"}

// charts are the charts and the ribbon this view shows, inline, drawn in
// parallel.
func (v View) charts() []templates.Chart {
	names := v.ChartNames()
	out := make([]templates.Chart, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			svg, err := v.renderInline(name)
			c := templates.Chart{
				ID: "chart-" + name, Title: v.T(ChartTitles[name]), Download: v.T("chart.download"),
				URL: v.link("/play/chart/" + name + ".svg"),
				SVG: page.SVGBytes(svg),
			}
			if err != nil {
				c.SVG = templ.Raw("")
				c.Title += " — " + v.T("chart.error")
			}
			out[i] = c
		})
	}
	wg.Wait()
	return out
}

// HandleChart handles the "GET /play/chart/{name}.svg" route: one chart of a
// scenario as a standalone SVG, for export.
func (s *Room) HandleChart(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	valid := false
	for _, n := range ChartNames {
		valid = valid || n == name
	}
	if !valid {
		page.ChartNotFound(w, r)
		return
	}
	v := NewView(s.Read(r))
	svg, err := v.RenderChart(name, "")
	page.WriteSVG(w, r, page.Chart{SVG: svg, Err: err}, v.T("chart.error"))
}

// ChartTokens are the chart inputs of the scenario's tokens: their text
// and their kind (valid, padding, observation).
func ChartTokens(s scenario.Scenario) ([]string, []chart.Kind) {
	texts, kinds := make([]string, s.Len()), make([]chart.Kind, s.Len())
	for t, tok := range s.Tokens {
		texts[t], kinds[t] = tok.Text, chart.Kind(tok.Kind)
	}
	return texts, kinds
}
