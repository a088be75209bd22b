package update

import (
	"math"
	"net/http"

	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/preview"
)

// Each update page's link preview draws the page's own first chart as a
// 1200×630 PNG (issue 35), at <page>/preview.png with the page's query; the
// page's og:image names it (play.View.cardOf). The index's is its first
// picture's, the critic's clip band.

// HandleIndexPreview handles the "GET /update/preview.png" route: the
// index's link preview, the critic's clip band.
func (s *Room) HandleIndexPreview(w http.ResponseWriter, r *http.Request) {
	s.HandleCriticPreview(w, r)
}

// HandleCriticPreview handles the "GET /update/critic/preview.png" route:
// the clip band V(s_t) ± ε with vpreds, vpredclipped and R_t per token.
func (s *Room) HandleCriticPreview(w http.ResponseWriter, r *http.Request) {
	v := s.NewCriticView(r)
	c := v.Compute()
	tx := v.criticChartText()
	tokens, kinds := play.ChartTokens(v.S)
	lo, hi := make([]float64, len(c.values)), make([]float64, len(c.values))
	for t, x := range c.values {
		lo[t], hi[t] = x-v.CV, x+v.CV
	}
	band := chart.Style{Color: chart.Styles[chart.Value].Color, Dash: []float64{1, 1.5}}
	in := preview.LinesInput{Title: tx.BandTitle, Subtitle: v.PreviewSubtitle(), Tokens: tokens, Base: v.S.Base, Mask: kinds,
		XAxis: tx.TokenAxis, YAxis: tx.ValueAxis, Series: []preview.Line{
			{Label: v.T("card.band.lo"), Y: lo, Style: band},
			{Label: v.T("card.band.hi"), Y: hi, Style: band},
			{Label: tx.VPred, Y: v.vpreds, Style: chart.SeriesStyles[3]},
			{Label: tx.VPredClipped, Y: c.terms.VPredClipped[0], Style: chart.SeriesStyles[0]},
			{Label: tx.Return, Y: c.returns, Style: chart.Styles[chart.Return]},
		}}
	preview.WriteLines(w, r, in, v.T)
}

// HandleActorPreview handles the "GET /update/actor/preview.png" route: the
// clipped objective per unit |A| against the ratio, for A > 0 and A < 0,
// and each valid token with A ≠ 0 at its ratio.
func (s *Room) HandleActorPreview(w http.ResponseWriter, r *http.Request) {
	v := s.NewActorView(r)
	a := v.Compute()
	if a.err != nil {
		// No objective to draw the tokens on: say why, as the page does.
		reason := v.T("update.actor.no_loss")
		if page.LearnerKnows(a.err) {
			reason = v.T("update.actor.no_adv", v.T(page.LearnerKey(a.err)))
		}
		preview.WriteNotice(w, r, v.T("update.chart.title"), v.PreviewSubtitle(), reason, v.T)
		return
	}
	obj := chart.ObjectiveInput{Low: v.clip.Low, High: v.clip.High, C: v.clip.C}
	xs, pos, neg := obj.Curves()
	in := preview.LinesInput{Title: v.T("update.chart.title"), Subtitle: v.PreviewSubtitle(), X: xs,
		XAxis: v.T("update.chart.ratio"), YAxis: v.T("update.chart.objective"), Series: []preview.Line{
			{Label: v.T("update.chart.positive"), Y: pos, Style: chart.SeriesStyles[3]},
			{Label: v.T("update.chart.negative"), Y: neg, Style: chart.SeriesStyles[0]},
		}}
	tokens := preview.Line{Label: v.T("update.chart.legend.tokens"), Style: chart.Style{Marker: chart.MarkerCircle}, NoLine: true}
	points, _ := v.objectivePoints(a)
	for _, pt := range points {
		if !math.IsNaN(pt.Ratio) {
			tokens.X, tokens.Y = append(tokens.X, pt.Ratio), append(tokens.Y, pt.Objective)
		}
	}
	if len(tokens.X) > 0 {
		in.Series = append(in.Series, tokens)
	}
	preview.WriteLines(w, r, in, v.T)
}
