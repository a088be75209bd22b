package web

import (
	"gaelab/templates"
	"gaelab/web/chart"
)

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
