package web

import (
	"gaelab/web/page"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/scenario"
)

// quantity is one row of the token table.
type quantity struct {
	id, label, code, swatch string
	values                  []float64
}

// rows are the table's quantities, in the order of the computation. Rows
// that do not apply (scores and KL when rewards are typed) are left out.
func (v playView) rows() []quantity {
	g := v.res.GAE
	var qs []quantity
	if !v.s.DirectRewards {
		qs = append(qs,
			quantity{"score", "row.score", "token_level_scores", "q-score", v.res.Scores},
			quantity{"kld", "row.kld", "kld", "q-kl", v.res.KLD})
	}
	qs = append(qs,
		quantity{"reward", "row.reward", "token_level_rewards", "q-reward", v.res.Rewards},
		quantity{"value", "row.value", "values", "q-value", values(v.s)},
		quantity{"next", "row.next", "nextvalues", "q-value", g.NextValues[0]},
		quantity{"delta", "row.delta", "delta", "", g.Deltas[0]},
		quantity{"adv", "row.adv", "lastgaelam", "q-advantage", g.Advantages[0]},
		quantity{"ret", "row.ret", "returns", "q-return", g.Returns[0]})
	if g.Whitened != nil {
		qs = append(qs, quantity{"white", "row.white", "advantages", "q-whitened", g.Whitened[0]})
	}
	return qs
}

func values(s scenario.Scenario) []float64 {
	out := make([]float64, s.Len())
	for t, tok := range s.Tokens {
		out[t] = tok.Value
	}
	return out
}

// maskClass is the CSS class of a token's mask kind.
func maskClass(k scenario.Kind) string {
	switch k {
	case scenario.Padding:
		return "mask-pad"
	case scenario.Observation:
		return "mask-obs"
	}
	return ""
}

func (v playView) results() templates.Results {
	r := templates.Results{
		ID:      "results",
		Heading: v.t("results.heading", v.s.VersionLabel()),
		Table:   v.table(),
		Cells:   v.cellForm(),
		Step:    v.step(),
		Invite:  v.invite(),
		Export: []templates.Link{
			{Label: v.t("export.csv"), URL: v.link("/play/table.csv")},
			{Label: v.t("export.json"), URL: v.link("/play/table.json")},
			{Label: v.t("export.verify"), URL: v.link("/play/verify.py")},
		},
	}
	if !v.s.DirectRewards {
		if v.res.KLErr != nil {
			r.Errors = append(r.Errors, v.t("err.kl_metric"))
		} else {
			r.Summary = append(r.Summary, v.t("summary.kl_metric", page.Num(v.res.KLMetric)))
		}
	}
	g := v.res.GAE
	switch key := page.LearnerKey(g.WhitenErr); {
	case key != "":
		r.Errors = append(r.Errors, v.t("summary.whiten_none", v.t(key)))
	default:
		r.Summary = append(r.Summary, v.t("summary.whiten", g.Whitening.N, page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	r.ViewsLabel = v.t("views.label")
	for _, view := range viewLinks(v.s.Len(), v.pr.view) {
		url := v.link(view.path)
		if view.path == "/update/critic" {
			url = v.criticLink()
		}
		r.Views = append(r.Views, templates.Link{Label: v.t(view.key), URL: url})
	}
	r.Print = templates.Link{Label: v.self("/play").Learner().String(), URL: page.QRURL(v.self("/play")), Title: v.t("qr.alt")}
	view := v.pr.view
	if !view.Hidden("formula") {
		r.Formula = v.formula()
	}
	if view.Hidden("step") {
		r.Step = templates.Step{}
	}
	r.Charts = v.charts()
	if next := view.NextHidden(); next != "" {
		pr := v.pr
		pr.view.Reveal++
		r.Reveal = templates.Link{Label: v.t("reveal.next", v.partName(next)), URL: pr.linkTo("/play", v.state)}
	}
	return r
}

// partName names a hidden part for the Reveal button.
func (v playView) partName(part string) string {
	if q := v.quantityByID(part); q != nil {
		return v.t(q.label)
	}
	if key, ok := chartTitles[part]; ok {
		return v.t(key)
	}
	return v.t("part." + part)
}

// table is the token table with its selection and step marks.
func (v playView) table() templates.Table {
	win := v.window()
	tb := templates.Table{Caption: v.t("table.caption"), Corner: v.t("table.corner"), Window: v.arrows(win), Legend: v.t("table.legend")}
	// wide is the class of a column only the wide window shows.
	wide := func(t int) string {
		if _, only := win.shows(t); only {
			return " w-wide"
		}
		return ""
	}
	format := page.Num
	if v.pr.view.Present {
		format = page.Num3 // the formula panel keeps the exact value
	}
	tb.Columns = make([]templates.Column, 0, len(v.s.Tokens))
	for t, tok := range v.s.Tokens {
		if shown, _ := win.shows(t); shown {
			tb.Columns = append(tb.Columns, templates.Column{Index: v.idx(t), Text: tok.Text, Class: strings.TrimSpace(maskClass(tok.Kind) + wide(t)), T: t})
		}
	}
	marks := v.stepMarks()
	rows := v.rows()
	tb.Rows = make([]templates.Row, 0, len(rows))
	for _, q := range rows {
		row := templates.Row{ID: q.id, Label: v.t(q.label), Code: q.code, Swatch: q.swatch, Sym: v.t("row.sym." + q.id)}
		row.Edit, row.EditLabel = v.cellEditor(q.id)
		row.Cells = make([]templates.Cell, 0, len(tb.Columns))
		for t, x := range q.values {
			if shown, _ := win.shows(t); !shown {
				continue
			}
			sel := q.id + "." + strconv.Itoa(t)
			c := templates.Cell{T: t, Text: format(x), Pick: sel, Class: maskClass(v.s.Tokens[t].Kind) + wide(t)}
			if exact, _ := strconv.ParseFloat(c.Text, 64); exact != x {
				c.Full = page.Full(x) // else the decimals shown already say it all
			}
			if marks.hidden(q.id, t) {
				c.Text, c.Full, c.Pick = "·", "", ""
			}
			if v.pr.view.Hidden(q.id) { // the class predicts it: no number in the page
				c.Text, c.Full, c.Pick, c.Class = "?", "", "", c.Class+" covered"
			}
			if v.s.Select == sel {
				c.Class += " selected"
				c.Closes = c.Pick != "" // picking it again closes the formula
			}
			c.Class += marks.class(q.id, t)
			row.Cells = append(row.Cells, c)
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}

// viewLink is a view that shows the playground's scenario another way.
type viewLink struct{ path, key string }

// viewLinks are the views a playground state of n tokens links to. A long
// response (edited as lists) gets none: each link repeats the whole state,
// and the page would outgrow its size budget; the views take the same
// query. Nor does a page while a teacher still hides something for the
// class to predict: the other views show every number.
func viewLinks(n int, view page.View) []viewLink {
	if n > gridMaxTokens || view.NextHidden() != "" {
		return nil
	}
	return []viewLink{
		{"/compare/lambda", "views.lambda"}, {"/compare/estimators", "views.estimators"}, {"/compare/variance", "views.variance"},
		{"/compare/versions", "views.versions"}, {"/compare/bugs", "views.bugs"},
		{"/update/critic", "views.critic"}, {"/update/actor", "views.actor"},
	}
}
