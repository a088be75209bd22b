package web

import (
	"net/url"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/scenario"
)

// variance is a lesson's variance block: the lab of the block's link (a
// playground query plus n, seed and bias), its toy, table and the biased
// critic's chart, and a link that opens the lab with the same state.
func (lr lessonRequest) variance(b *lessons.Variance) templates.VarianceBlock {
	q, _ := url.ParseQuery(b.Link)
	pr := playRequest{lang: lr.lang, langSet: lr.langSet, view: viewParams{dark: lr.view.dark}, charts: lr.charts}
	pr.s, pr.rep = scenario.Decode(q, varianceKeys...)
	v := newVarianceView(pr, q)
	id := "var-" + b.ID
	v.chartPrefix = id + "-"
	vb := templates.VarianceBlock{
		ID: id, Errors: append(v.messages(v.pr.rep.Problems), v.messages(v.pr.rep.Warnings)...),
		Open: templates.Link{Label: v.t("var.open"), URL: v.link()},
	}
	if v.err != nil {
		vb.Errors = append(vb.Errors, v.t("var.error"))
		return vb
	}
	vb.Toy = v.toyLines()
	vb.Table = v.table()
	vb.Table.ID = id
	c := v.chart(1).figure(v.playView, sweepLink(v.pr, "/compare/variance/chart/biased.svg", v.state, v.extra), v.t("sweep.chart.error", v.chartTitle(1)))
	vb.Chart = &c
	return vb
}
