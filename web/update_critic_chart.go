package web

import (
	"gaelab/web/page"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/chart"
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

// handleUpdateCriticChart handles the "GET /update/critic/chart/{name}.svg"
// route: one of the critic's charts as a standalone SVG.
func (s *Server) handleUpdateCriticChart(w http.ResponseWriter, r *http.Request) {
	i := slices.Index(criticChartNames, chi.URLParam(r, "name"))
	if i < 0 {
		page.ChartNotFound(w, r)
		return
	}
	v := s.newCriticView(r)
	page.WriteSVG(w, v.criticChart(v.compute(), i), v.t("chart.error"))
}

// criticCharts are the charts as the page shows them, each linked to its
// file.
func (v criticView) criticCharts(c criticLoss) []templates.Chart {
	out := make([]templates.Chart, len(criticChartNames))
	for i, name := range criticChartNames {
		u := v.updateView
		u.path = "/update/critic/chart/" + name + ".svg"
		d := v.criticChart(c, i)
		out[i] = d.Figure(v.t, u.link(v.pr), d.Title+" — "+v.t("chart.error"))
	}
	return out
}

// criticChart draws chart i of criticChartNames, with the element id the
// page gives it.
func (v criticView) criticChart(c criticLoss, i int) page.Chart {
	tokens, kinds := chartTokens(v.s)
	in := chart.CriticInput{
		Tokens: tokens, Base: v.s.Base, Mask: kinds,
		Values: c.values, VPreds: v.vpreds, Returns: c.returns,
		VPredClipped: c.terms.VPredClipped[0], Losses1: c.terms.Losses1[0], Losses2: c.terms.Losses2[0],
		Clipped: make([]bool, len(c.values)), Cliprange: v.cv,
		Theme: v.chartTheme(), Text: v.criticChartText(),
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
		BandTitle: v.t("critic.chart.band.title"), ErrorsTitle: v.t("critic.chart.errors.title"),
		BandDesc: v.t("critic.chart.band.desc"), ErrorsDesc: v.t("critic.chart.errors.desc"),
		TokenAxis: v.t("critic.chart.token_axis"), ValueAxis: v.t("critic.chart.value_axis"), ErrorAxis: v.t("critic.chart.error_axis"),
		Band: v.t("critic.chart.band"), Value: v.t("critic.chart.value"), VPred: v.t("critic.chart.vpred"),
		VPredClipped: v.t("critic.chart.vclip"), Return: v.t("critic.chart.return"),
		Error1: v.t("critic.chart.error1"), Error2: v.t("critic.chart.error2"), Taken: v.t("critic.chart.taken"),
		Losses1: v.t("critic.chart.losses1"), Losses2: v.t("critic.chart.losses2"),
		ClippedMark: v.t("critic.chart.clipped_mark"), ClippedLegend: v.t("critic.chart.clipped_legend"),
		Padding: v.t("mask.pad"), Observation: v.t("mask.obs"),
	}
}
