package web

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
)

// handleCompareBugsChart handles the "GET /compare/bugs/chart/{name}.svg"
// route: one section's chart as a standalone SVG, for export. The name is
// a bug of bug= and the sequence, "{bug}-{i}" (i 0-based: 0, or 1 with
// rows=2), as the page links it, or "correct": the correct result's chart
// the page shows without a bug.
func (s *Server) handleCompareBugsChart(w http.ResponseWriter, r *http.Request) {
	b := s.readBugs(r)
	if chi.URLParam(r, "name") == correctChartName {
		writeSVG(w, b.correctChart(), b.t("chart.error"))
		return
	}
	bug, i, ok := b.chartOf(chi.URLParam(r, "name"))
	if !ok {
		chartNotFound(w, r)
		return
	}
	buggy, _ := engine.GAEWithBug(bug, b.in) // the result holds what could be computed; the page says what failed
	writeSVG(w, b.sectionChart(bug, buggy, i), b.t("chart.error"))
}

// bugChartName is the name of bug's chart of sequence i in its route.
func bugChartName(bug engine.Bug, i int) string { return string(bug) + "-" + strconv.Itoa(i) }

// chartOf finds the bug and sequence of a chart name; false for a chart
// the page does not draw (a bug not in bug=, a sequence beyond rows).
func (b bugsView) chartOf(name string) (engine.Bug, int, bool) {
	for _, bug := range b.bugs {
		for i := range b.rows {
			if name == bugChartName(bug, i) {
				return bug, i, true
			}
		}
	}
	return "", 0, false
}

// correctChartName is the correct result's chart in the route
// /compare/bugs/chart/{name}.svg.
const correctChartName = "correct"

// correctChart draws the correct advantages (and returns) of the first
// sequence, so that the page opened without a bug still has its picture
// (issue 26); each bug is then one tick away.
func (b bugsView) correctChart() drawnChart {
	in := b.chartInput()
	in.Returns, in.Advantages, in.Whitened = b.correct.Returns[0], b.correct.Advantages[0], nil
	if len(b.correct.Whitened) > 0 {
		in.Whitened = b.correct.Whitened[0]
	}
	in.ID, in.Theme = "bugs-correct", b.chartTheme()
	svg, err := chart.Advantages(in)
	return drawnChart{id: "bugs-correct-chart", title: b.t("compare.bugs.correct_caption") + " — " + b.t("chart.adv"), svg: svg, err: err}
}

// correctFigure is correctChart as the page shows it.
func (b bugsView) correctFigure() templates.Chart {
	return b.figure(b.correctChart(), "/compare/bugs/chart/"+correctChartName+".svg")
}
