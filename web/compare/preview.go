package compare

import (
	"net/http"
	"net/url"

	"gaelab/engine/explain"
	"gaelab/web/chart"
	"gaelab/web/play"
	"gaelab/web/preview"
)

// Each compare page's link preview draws the page's own first chart as a
// 1200×630 PNG (issue 35), at <page>/preview.png with the page's query; the
// page's og:image names it (play.View.cardOf). The index's is its first
// picture's, the λ sweep.

// HandleIndexPreview handles the "GET /compare/preview.png" route: the
// index's link preview, the λ sweep's lines.
func (s *Room) HandleIndexPreview(w http.ResponseWriter, r *http.Request) {
	s.HandleLambdaPreview(w, r)
}

// HandleLambdaPreview handles the "GET /compare/lambda/preview.png" route:
// the λ sweep's lines, the link's λ highlighted.
func (s *Room) HandleLambdaPreview(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r, LambdaKeys...)
	v := newLambdaView(pr, readSweepToken(r, &pr))
	in := v.linesInput()
	preview.WriteLines(w, r, preview.FromSweep(in.Text.Title, v.PreviewSubtitle(), in), v.T)
}

// HandleEstimatorsPreview handles the "GET /compare/estimators/preview.png"
// route: Monte Carlo, TD(0) and GAE per token.
func (s *Room) HandleEstimatorsPreview(w http.ResponseWriter, r *http.Request) {
	v := newEstimatorsView(s.Read(r))
	in := v.chartInput()
	preview.WriteLines(w, r, preview.FromSweep(in.Text.Title, v.PreviewSubtitle(), in), v.T)
}

// HandleVersionsPreview handles the "GET /compare/versions/preview.png"
// route: the raw advantages of v0.2 and of the newest verl, or with from=
// and to= (the upgrade view) those of the two releases.
func (s *Room) HandleVersionsPreview(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r, append(VersionsKeys, upgradeKeys...)...)
	q, _ := url.ParseQuery(r.URL.RawQuery) // Room.Read has reported a malformed query
	c := compareView{View: play.NewView(pr), path: "/compare/versions"}
	if from, to, ok := readUpgrade(q, &pr.Rep); ok {
		in := c.upgradeInput(from, to)
		preview.WriteLines(w, r, preview.FromCompare(in.Text.Title, c.PreviewSubtitle(), in), c.T)
		return
	}
	run := c.versionChain()
	_, _, differs, _ := run.Marks(explain.Advantages)
	in := c.compareInput("chart-compare-versions", c.T("compare.versions.chart"), chart.Advantage, run.Newest.Advantages[0], run.Early.Advantages[0],
		c.T("compare.legend.newest"), c.T("compare.legend.early"), "chart.axis.adv", differs)
	preview.WriteLines(w, r, preview.FromCompare(in.Text.Title, c.PreviewSubtitle(), in), c.T)
}

// HandleBugsPreview handles the "GET /compare/bugs/preview.png" route: the
// first bug's chart (correct beside buggy), or without a bug the correct
// raw and whitened advantages, as the page draws first.
func (s *Room) HandleBugsPreview(w http.ResponseWriter, r *http.Request) {
	b := s.readBugs(r)
	if len(b.bugs) == 0 {
		in := b.ChartInput()
		lines := preview.LinesInput{Title: b.T("compare.bugs.correct_caption") + " — " + b.T("chart.adv"), Subtitle: b.PreviewSubtitle(),
			Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, XAxis: b.T("chart.axis.token"), YAxis: b.T("chart.axis.adv"),
			Series: []preview.Line{{Label: b.T("row.adv"), Y: b.correct.Advantages[0], Style: chart.Styles[chart.Advantage]}}}
		if len(b.correct.Whitened) > 0 {
			lines.Series = append(lines.Series, preview.Line{Label: b.T("row.white"), Y: b.correct.Whitened[0], Style: chart.Styles[chart.Whitened]})
		}
		preview.WriteLines(w, r, lines, b.T)
		return
	}
	in := b.sectionInput(b.bugs[0], 0)
	preview.WriteLines(w, r, preview.FromCompare(in.Text.Title, b.PreviewSubtitle(), in), b.T)
}

// HandleVariancePreview handles the "GET /compare/variance/preview.png"
// route: the exact MSE of A₀'s estimates against λ, one line per critic
// (the page's table, as a curve).
func (s *Room) HandleVariancePreview(w http.ResponseWriter, r *http.Request) {
	v := s.newVarianceView(r)
	if v.Err != nil {
		preview.WriteNotice(w, r, v.T("var.preview.title"), v.PreviewSubtitle(), "", v.T)
		return
	}
	in := preview.LinesInput{Title: v.T("var.preview.title"), Subtitle: v.PreviewSubtitle(), X: v.Lab.Lams,
		XAxis: v.T("var.chart.lam"), YAxis: v.T("var.preview.axis")}
	for c, runs := range v.Lab.Runs {
		l := preview.Line{Label: v.Critic(c), Style: chart.SeriesStyles[(3*c)%len(chart.SeriesStyles)]}
		for _, run := range runs {
			l.Y = append(l.Y, run.Exact.MSE)
		}
		in.Series = append(in.Series, l)
	}
	preview.WriteLines(w, r, in, v.T)
}
