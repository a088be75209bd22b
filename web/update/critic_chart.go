package update

import (
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
)

// The critic's clipping charts, drawn inline on /update/critic and served
// alone for download, on the page's query:
//
//	/update/critic/chart/band.svg    the clip band on the value scale
//	/update/critic/chart/errors.svg  the two squared errors, the taken one marked
//
// Index convention: t is the 0-based response-token index; values[t] =
// V(s_t), vpreds[t] (its current prediction) and R_t all sit on token t's
// column, as the loss pairs them.

// criticChartNames are the charts' names, in the order the page shows them.
var criticChartNames = []string{"band", "errors"}

// HandleCriticChart handles the "GET /update/critic/chart/{name}.svg"
// route: one of the critic's charts as a standalone SVG.
func (s *Room) HandleCriticChart(w http.ResponseWriter, r *http.Request) {
	i := slices.Index(criticChartNames, chi.URLParam(r, "name"))
	if i < 0 {
		page.ChartNotFound(w, r)
		return
	}
	v := s.NewCriticView(r)
	page.WriteSVG(w, r, v.criticChart(v.Compute(), i), v.T("chart.error"))
}

// criticCharts are the charts as the page shows them, each linked to its
// file.
func (v criticView) criticCharts(c criticLoss) []templates.Chart {
	out := make([]templates.Chart, len(criticChartNames))
	for i, name := range criticChartNames {
		u := v.updateView
		u.path = "/update/critic/chart/" + name + ".svg"
		d := v.criticChart(c, i)
		out[i] = d.Figure(v.T, u.link(v.Req), d.Title+" — "+v.T("chart.error"))
	}
	return out
}

// criticChart draws chart i of criticChartNames, with the element id the
// page gives it.
func (v criticView) criticChart(c criticLoss, i int) page.Chart {
	tokens, kinds := play.ChartTokens(v.S)
	in := chart.CriticInput{
		Tokens: tokens, Base: v.S.Base, Mask: kinds,
		Values: c.values, VPreds: v.vpreds, Returns: c.returns,
		VPredClipped: c.terms.VPredClipped[0], Losses1: c.terms.Losses1[0], Losses2: c.terms.Losses2[0],
		Clipped: make([]bool, len(c.values)), Cliprange: v.CV,
		Theme: v.ChartTheme(), Text: v.criticChartText(),
	}
	for t, x := range c.terms.Clipped[0] {
		in.Clipped[t] = x == 1
	}
	d := page.Chart{ID: "chart-critic-" + criticChartNames[i]}
	in.ID = d.ID
	if i == 0 {
		d.Title = in.Text.BandTitle
		d.SVG, d.Err = chart.CriticBand(in)
	} else {
		d.Title = in.Text.ErrorsTitle
		d.SVG, d.Err = chart.CriticErrors(in)
	}
	return d
}

// criticChartText is the charts' strings in the page's language.
func (v criticView) criticChartText() chart.CriticText {
	return chart.CriticText{
		BandTitle: v.T("critic.chart.band.title"), ErrorsTitle: v.T("critic.chart.errors.title"),
		BandDesc: v.T("critic.chart.band.desc"), ErrorsDesc: v.T("critic.chart.errors.desc"),
		TokenAxis: v.T("critic.chart.token_axis"), ValueAxis: v.T("critic.chart.value_axis"), ErrorAxis: v.T("critic.chart.error_axis"),
		Band: v.T("critic.chart.band"), Value: v.T("critic.chart.value"), VPred: v.T("critic.chart.vpred"),
		VPredClipped: v.T("critic.chart.vclip"), Return: v.T("critic.chart.return"),
		Error1: v.T("critic.chart.error1"), Error2: v.T("critic.chart.error2"), Taken: v.T("critic.chart.taken"),
		Losses1: v.T("critic.chart.losses1"), Losses2: v.T("critic.chart.losses2"),
		ClippedMark: v.T("critic.chart.clipped_mark"), ClippedLegend: v.T("critic.chart.clipped_legend"),
		Padding: v.T("mask.pad"), Observation: v.T("mask.obs"),
	}
}
