package web

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/scenario"
)

// blockView computes a lesson block's playground state: the block's link,
// with the controls the learner changed (parameters "<id>-<control>").
func (lr lessonRequest) blockView(id, link string, controls []string) playView {
	q, _ := url.ParseQuery(link)
	for _, c := range controls {
		if vs, ok := lr.q[id+"-"+c]; ok {
			q[c] = vs
		}
	}
	pr := playRequest{lang: lr.lang, langSet: lr.langSet, view: viewParams{dark: lr.view.dark}}
	pr.s, pr.rep = scenario.Decode(q)
	return newPlayView(pr)
}

// hiddenLang keeps lang= and the view through a block's form.
func (lr lessonRequest) hiddenLang() []templates.Option {
	return lr.self("").hidden()
}

// widget is a scenario block: the controls it names, the table rows it
// names and one chart.
func (lr lessonRequest) widget(path string, i int, b *lessons.Scenario) templates.Widget {
	id := "w" + strconv.Itoa(i)
	v := lr.blockView(id, b.Link, b.Controls)
	t := lr.lang.T
	w := templates.Widget{
		ID: id, Action: lr.url(path) + "#" + id, Fragment: path + "/widget/" + strconv.Itoa(i),
		Hidden: lr.hiddenLang(), Submit: t("form.submit"),
		Open: templates.Link{Label: t("lessons.open"), URL: v.pr.link("/play", v.s)},
	}
	form := v.form()
	for _, c := range b.Controls {
		name := id + "-" + c
		switch c {
		case "gamma", "lam", "beta":
			f := map[string]templates.Field{"gamma": form.Gamma, "lam": form.Lam, "beta": form.Beta}[c]
			f.ID, f.Name = name, name
			if f.Kind != "range" { // β has no slider: a plain number in [−10, 10]
				f.Min, f.Max, f.Step = "-10", "10", "0.01"
			}
			w.Fields = append(w.Fields, f)
		case "kl", "ver", "num":
			s := map[string]templates.Select{"kl": form.KL, "ver": form.Version, "num": form.Numbering}[c]
			s.ID, s.Name = name, name
			w.Selects = append(w.Selects, s)
		case "rw":
			w.Check = &templates.Field{ID: name, Name: name, Label: form.Direct.Label}
			w.CheckOn = v.s.DirectRewards
		}
	}
	for _, view := range b.Views {
		key := "views." + map[string]string{
			"compare/lambda": "lambda", "compare/estimators": "estimators", "compare/versions": "versions",
			"compare/bugs": "bugs", "update/critic": "critic", "update/actor": "actor",
		}[view]
		w.Views = append(w.Views, templates.Link{Label: t(key), URL: v.pr.link("/"+view, v.s)})
	}
	w.Errors = v.messages(v.pr.rep.Problems)
	w.Table = v.table()
	if b.Rows != nil {
		var rows []templates.Row
		for _, r := range w.Table.Rows {
			if slices.Contains(b.Rows, r.ID) {
				rows = append(rows, r)
			}
		}
		w.Table.Rows = rows
	}
	for ri := range w.Table.Rows { // cells pick nothing here: the formulas live in predict boxes
		for ci := range w.Table.Rows[ri].Cells {
			w.Table.Rows[ri].Cells[ci].Pick = ""
		}
	}
	if slices.Contains(v.chartNames(), b.Chart) {
		svg, err := v.renderChart(b.Chart, id+"-"+b.Chart)
		if err == nil {
			w.Chart = &templates.Chart{
				ID: id + "-chart", Title: v.t(chartTitles[b.Chart]), SVG: templ.Raw(string(svg)),
				URL: v.pr.link("/play/chart/"+b.Chart+".svg", v.s), Download: v.t("chart.download"),
			}
		}
	}
	return w
}

// predict is a predict block: the question, the learner's answer and, once
// answered rightly or given up on, the engine's value and its derivation.
func (lr lessonRequest) predict(path string, b *lessons.Predict) templates.PredictBox {
	id := "predict-" + strconv.Itoa(b.Index)
	v := lr.blockView(id, b.Link, nil)
	t := lr.lang.T
	p := templates.PredictBox{
		ID: id, Action: lr.url(path) + "#" + id, Fragment: path + "/predict/" + strconv.Itoa(b.Index),
		Hidden: lr.hiddenLang(), Question: templ.Raw(b.Question), Kind: b.Kind,
		Answer: templates.Field{ID: id + "-answer", Name: id, Label: t("predict.answer"), Value: lr.q.Get(id)},
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
		Open: templates.Link{Label: t("lessons.open"), URL: v.pr.link("/play", v.s)},
	}
	for _, o := range []struct{ value, key string }{{"+", "predict.positive"}, {"-", "predict.negative"}, {"0", "predict.zero"}} {
		p.Signs = append(p.Signs, templates.Option{Value: o.value, Label: t(o.key), Selected: lr.q.Get(id) == o.value})
	}
	want, ok := v.cellValue(b.Ask)
	if !ok {
		p.Verdict = t("predict.unavailable")
		return p
	}
	answer := strings.TrimSpace(lr.q.Get(id))
	switch {
	case answer == "":
	case b.Kind == "sign":
		p.Correct = answer == signOf(want)
	default:
		x, problem := scenario.ParseNumber(strings.ReplaceAll(answer, ",", ".")) // a decimal comma is fine here
		if problem != "" {
			p.Verdict = t("err.number", answer)
			break
		}
		p.Correct = math.Abs(x-want) <= b.Tolerance
	}
	if answer != "" && p.Verdict == "" {
		p.Verdict = t("predict.wrong")
		if p.Correct {
			p.Verdict = t("predict.right")
		}
	}
	p.Revealed = p.Correct || lr.q.Get(id+"-reveal") == "1"
	if p.Revealed {
		p.Value = t("predict.value", v.cellLabel(b.Ask), num(want))
		v.s.Select = b.Ask
		p.Formula = v.formula()
	}
	return p
}

// signOf is "+", "-" or "0" as a predict box's radio buttons say it; values
// within 5e-5 of 0 show as 0.0000 and count as zero.
func signOf(x float64) string {
	switch {
	case x > 5e-5:
		return "+"
	case x < -5e-5:
		return "-"
	}
	return "0"
}

// cellValue is the engine's value of a table cell "<row>.<t>".
func (v playView) cellValue(cell string) (float64, bool) {
	row, ts, _ := strings.Cut(cell, ".")
	t, err := strconv.Atoi(ts)
	q := v.quantityByID(row)
	if err != nil || q == nil || t < 0 || t >= len(q.values) {
		return 0, false
	}
	return q.values[t], true
}

// cellLabel names a cell in the page's numbering: "A_t (raw) at t = 0".
func (v playView) cellLabel(cell string) string {
	row, ts, _ := strings.Cut(cell, ".")
	t, _ := strconv.Atoi(ts)
	q := v.quantityByID(row)
	if q == nil {
		return cell
	}
	return v.t("formula.heading", v.t(q.label), "t = "+v.idx(t))
}
