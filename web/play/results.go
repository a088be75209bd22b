package play

import (
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// quantity is one row of the token table.
type quantity struct {
	ID, Label, code, swatch string
	Values                  []float64
}

// Rows are the table's quantities, in the order of the computation. Rows
// that do not apply (scores and KL when rewards are typed) are left out.
func (v View) Rows() []quantity {
	g := v.Res.GAE
	var qs []quantity
	if !v.S.DirectRewards {
		qs = append(qs,
			quantity{"score", "row.score", "token_level_scores", "q-score", v.Res.Scores},
			quantity{"kld", "row.kld", "kld", "q-kl", v.Res.KLD})
	}
	qs = append(qs,
		quantity{"reward", "row.reward", "token_level_rewards", "q-reward", v.Res.Rewards},
		quantity{"value", "row.value", "values", "q-value", Values(v.S)},
		quantity{"next", "row.next", "nextvalues", "q-value", g.NextValues[0]},
		quantity{"delta", "row.delta", "delta", "", g.Deltas[0]},
		quantity{"adv", "row.adv", "lastgaelam", "q-advantage", g.Advantages[0]},
		quantity{"ret", "row.ret", "returns", "q-return", g.Returns[0]})
	if g.Whitened != nil {
		qs = append(qs, quantity{"white", "row.white", "advantages", "q-whitened", g.Whitened[0]})
	}
	return qs
}

func Values(s scenario.Scenario) []float64 {
	out := make([]float64, s.Len())
	for t, tok := range s.Tokens {
		out[t] = tok.Value
	}
	return out
}

// MaskClass is the CSS class of a token's mask kind.
func MaskClass(k scenario.Kind) string {
	switch k {
	case scenario.Padding:
		return "mask-pad"
	case scenario.Observation:
		return "mask-obs"
	}
	return ""
}

func (v View) results() templates.Results {
	r := templates.Results{
		ID:      "results",
		Heading: v.T("results.heading", v.S.VersionLabel()),
		Table:   v.Table(),
		Cells:   v.cellForm(),
		Step:    v.step(),
		Invite:  v.invite(),
		Moved:   v.moved(),
		Export: []templates.Link{
			{Label: v.T("export.csv"), URL: v.link("/play/table.csv")},
			{Label: v.T("export.json"), URL: v.link("/play/table.json")},
			{Label: v.T("export.verify"), URL: v.link("/play/verify.py")},
		},
	}
	if !v.S.DirectRewards {
		if v.Res.KLErr != nil {
			r.Errors = append(r.Errors, v.T("err.kl_metric"))
		} else {
			r.Summary = append(r.Summary, v.T("summary.kl_metric", page.Num(v.Res.KLMetric)))
		}
	}
	g := v.Res.GAE
	switch key := page.LearnerKey(g.WhitenErr); {
	case key != "":
		r.Errors = append(r.Errors, v.T("summary.whiten_none", v.T(key)))
	default:
		r.Summary = append(r.Summary, v.T("summary.whiten", g.Whitening.N, page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	r.ViewsLabel = v.T("views.label")
	for _, view := range viewLinks(v.S.Len(), v.Req.View) {
		url := v.link(view.path)
		if view.path == "/update/critic" {
			url = v.CriticLink()
		}
		r.Views = append(r.Views, templates.Link{Label: v.T(view.key), URL: url})
	}
	r.Print = templates.Link{Label: v.self("/play").Learner().String(), URL: page.QRURL(v.self("/play")), Title: v.T("qr.alt")}
	view := v.Req.View
	if !view.Hidden("formula") {
		r.Formula = v.Formula()
	}
	if view.Hidden("step") {
		r.Step = templates.Step{}
	}
	r.Charts = v.charts()
	if next := view.NextHidden(); next != "" {
		pr := v.Req
		pr.View.Reveal++
		r.Reveal = templates.Link{Label: v.T("reveal.next", v.partName(next)), URL: pr.LinkTo("/play", v.State)}
	}
	return r
}

// partName names a hidden part for the Reveal button.
func (v View) partName(part string) string {
	if q := v.QuantityByID(part); q != nil {
		return v.T(q.Label)
	}
	if key, ok := ChartTitles[part]; ok {
		return v.T(key)
	}
	return v.T("part." + part)
}

// Table is the token table with its selection and step marks.
func (v View) Table() templates.Table {
	win := v.window()
	tb := templates.Table{Caption: v.T("table.caption"), Corner: v.T("table.corner"), Window: v.arrows(win), Legend: v.T("table.legend")}
	// wide is the class of a column only the wide window shows.
	wide := func(t int) string {
		if _, only := win.shows(t); only {
			return " w-wide"
		}
		return ""
	}
	format := page.Num
	if v.Req.View.Present {
		format = page.Num3 // the formula panel keeps the exact value
	}
	tb.Columns = make([]templates.Column, 0, len(v.S.Tokens))
	for t, tok := range v.S.Tokens {
		if shown, _ := win.shows(t); shown {
			tb.Columns = append(tb.Columns, templates.Column{Index: v.Idx(t), Text: tok.Text, Class: strings.TrimSpace(MaskClass(tok.Kind) + wide(t)), T: t})
		}
	}
	marks := v.stepMarks()
	rows := v.Rows()
	tb.Rows = make([]templates.Row, 0, len(rows))
	for _, q := range rows {
		row := templates.Row{ID: q.ID, Label: v.T(q.Label), Code: q.code, Swatch: q.swatch, Sym: v.T("row.sym." + q.ID)}
		row.Edit, row.EditLabel = v.cellEditor(q.ID)
		row.Cells = make([]templates.Cell, 0, len(tb.Columns))
		for t, x := range q.Values {
			if shown, _ := win.shows(t); !shown {
				continue
			}
			sel := q.ID + "." + strconv.Itoa(t)
			c := templates.Cell{T: t, Text: format(x), Pick: sel, Class: MaskClass(v.S.Tokens[t].Kind) + wide(t)}
			if exact, _ := strconv.ParseFloat(c.Text, 64); exact != x {
				c.Full = page.Full(x) // else the decimals shown already say it all
			}
			if marks.hidden(q.ID, t) {
				c.Text, c.Full, c.Pick = "·", "", ""
			}
			if v.Req.View.Hidden(q.ID) { // the class predicts it: no number in the page
				c.Text, c.Full, c.Pick, c.Class = "?", "", "", c.Class+" covered"
			}
			if v.S.Select == sel {
				c.Class += " selected"
				c.Closes = c.Pick != "" // picking it again closes the formula
			}
			c.Class += marks.class(q.ID, t)
			c.ID = marks.id(q.ID, t)
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
	if n > GridMaxTokens || view.NextHidden() != "" {
		return nil
	}
	return []viewLink{
		{"/compare/lambda", "views.lambda"}, {"/compare/estimators", "views.estimators"}, {"/compare/variance", "views.variance"},
		{"/compare/versions", "views.versions"}, {"/compare/bugs", "views.bugs"},
		{"/update/critic", "views.critic"}, {"/update/actor", "views.actor"},
	}
}
