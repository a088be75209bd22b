package course

import (
	"bytes"
	"context"
	"net/url"
	"strconv"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// variance is a lesson's variance block: the lab of the block's link (a
// playground query plus n, seed and bias), its toy, table and the biased
// critic's chart, and a link that opens the lab with the same state.
func (lr LessonRequest) variance(b *lessons.Variance) templates.VarianceBlock {
	q, _ := url.ParseQuery(b.Link)
	pr := play.Request{Lang: lr.Lang, LangSet: lr.LangSet, View: page.View{Dark: lr.View.Dark}, Charts: lr.Charts}
	pr.S, pr.Rep = scenario.Decode(q, compare.VarianceKeys...)
	v := compare.NewVarianceView(pr, q)
	id := "var-" + b.ID
	v.ChartPrefix = id + "-"
	vb := templates.VarianceBlock{
		ID: id, Errors: append(v.Messages(v.Req.Rep.Problems), v.Messages(v.Req.Rep.Warnings)...),
		Open: templates.Link{Label: v.T("var.open"), URL: v.Link()},
	}
	if b.Horizon > 0 {
		lines, c := v.HorizonBlock(id, b.Horizon)
		vb.Toy, vb.Chart, vb.Open = lines, &c, templates.Link{}
		return vb
	}
	if v.Err != nil {
		vb.Errors = append(vb.Errors, v.T("var.error"))
		return vb
	}
	vb.Toy = v.ToyLines()
	vb.Table = v.Table()
	vb.Table.ID = id
	c := v.Chart(1).Figure(v.T, compare.SweepLink(v.Req, "/compare/variance/chart/biased.svg", v.State, v.Extra), v.T("sweep.chart.error", v.ChartTitle(1)))
	vb.Chart = &c
	return vb
}

// varianceHTML is the variance block rendered, from the server's chart memo
// when it was rendered before: a block depends only on its source, the
// language (and whether the link names it) and the theme, never on the
// learner's answers, and the lab's N rollouts cost more than the rest of a
// lesson page.
func (lr LessonRequest) varianceHTML(b *lessons.Variance) templ.Component {
	key := "lesson-variance\x00" + b.ID + "\x00" + b.Link + "\x00" + strconv.Itoa(b.Horizon) + "\x00" + string(lr.Lang) +
		strconv.FormatBool(lr.LangSet) + strconv.FormatBool(lr.View.Dark) + strconv.FormatBool(lr.View.Present)
	if lr.Charts != nil {
		if html, ok := lr.Charts.Get(key); ok {
			return templ.Raw(string(html))
		}
	}
	var buf bytes.Buffer
	if err := templates.LessonVariance(lr.variance(b)).Render(context.Background(), &buf); err != nil {
		return templ.Raw("")
	}
	if lr.Charts != nil {
		lr.Charts.Put(key, buf.Bytes())
	}
	return templ.Raw(buf.String())
}
