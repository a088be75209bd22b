package course

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// BlockView computes a lesson block's playground state: the block's link,
// with the controls the learner changed (parameters "<id>-<control>").
func (lr LessonRequest) BlockView(id, link string, controls []string) play.View {
	q, _ := url.ParseQuery(link)
	for _, c := range controls {
		if vs, ok := lr.Q[id+"-"+c]; ok {
			q[c] = vs
		}
	}
	pr := play.Request{Lang: lr.Lang, LangSet: lr.LangSet, View: page.View{Dark: lr.View.Dark}, Charts: lr.Charts}
	pr.S, pr.Rep = scenario.Decode(q)
	return play.NewView(pr)
}

// hiddenLang keeps lang= and the view through a block's form.
func (lr LessonRequest) hiddenLang() []templates.Option {
	return lr.self("").Hidden()
}

// Widget is a scenario block: the controls it names, the table rows it
// names and one chart. hide are the questions (HidersOf: the one just above
// or below, and those its hides: names; nil ones skipped) whose asked cells
// (and what gives them away) the widget leaves out until each is answered
// or revealed.
func (lr LessonRequest) Widget(path string, b *lessons.Scenario, hide ...*lessons.Predict) templates.Widget {
	id := b.ID
	v := lr.BlockView(id, b.Link, b.Controls)
	t := lr.Lang.T
	w := templates.Widget{
		ID: id, Action: lr.url(path) + "#" + id, Fragment: path + "/widget/" + id,
		Hidden: lr.hiddenLang(), Submit: t("form.submit"),
		Open: templates.Link{Label: t("lessons.open"), URL: v.Req.Link("/play", v.S)},
	}
	form := v.Form()
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
			w.CheckOn = v.S.DirectRewards
		case "step":
			w.Selects = append(w.Selects, stepSelect(v, name, t))
		}
	}
	for _, view := range b.Views {
		key := "views." + map[string]string{
			"compare/lambda": "lambda", "compare/estimators": "estimators", "compare/versions": "versions",
			"compare/bugs": "bugs", "update/critic": "critic", "update/actor": "actor",
		}[view]
		url := v.Req.Link("/"+view, v.S)
		if view == "update/critic" {
			url = v.CriticLink()
		}
		w.Views = append(w.Views, templates.Link{Label: t(key), URL: url})
	}
	w.Errors = v.Messages(v.Req.Rep.Problems)
	w.Table = v.Table()
	if b.Rows != nil {
		var rows []templates.Row
		for _, r := range w.Table.Rows {
			if slices.Contains(b.Rows, r.ID) {
				rows = append(rows, r)
			}
		}
		w.Table.Rows = rows
	}
	addMaskRow(&w.Table, v, lr.Lang)
	for ri := range w.Table.Rows { // cells pick nothing here: the formulas live in predict boxes
		for ci := range w.Table.Rows[ri].Cells {
			w.Table.Rows[ri].Cells[ci].Pick = ""
		}
	}
	var cells, answered []string
	for _, q := range hide {
		switch {
		case q == nil:
		case !lr.PredictState(q).Revealed:
			cells = append(cells, strictGiveaways(q)...)
		default:
			// The widget's own form keeps the question revealed when its controls change.
			w.Hidden = append(w.Hidden, templates.Option{Value: predictParam(q) + "-reveal", Label: "1"})
			answered = append(answered, q.Ask)
		}
	}
	// A revealed question's asked cell shows, though a later question on the
	// widget hides it too (kl-returns: R₀ once returns-kl is answered, before
	// a0-seed-b, which builds on it); a whole row a later question hides
	// ("white.*") stays hidden.
	cells = slices.DeleteFunc(cells, func(c string) bool { return slices.Contains(answered, c) })
	hiding := len(cells) > 0
	if hiding {
		hideCells(&w.Table, cells, t("predict.hidden_cell"))
		w.HiddenNote = t("predict.hidden_note")
	}
	w.Later = laterRows(&w.Table, b.Later, t("lessons.later_rows"))
	name, stepped := b.Chart, false
	if hiding { // the chart stays, drawn without the hidden cells' numbers
		name, stepped = hiddenChart(b.Chart, v.ChartNames(), cells)
	}
	if slices.Contains(v.ChartNames(), name) {
		svg, err := drawHidden(v, name, id+"-"+name, stepped, t("predict.unmarked"))
		if err == nil {
			w.Chart = &templates.Chart{
				ID: id + "-chart", Title: v.T(play.ChartTitles[name]), SVG: templ.Raw(string(svg)),
				URL: v.Req.Link("/play/chart/"+name+".svg", v.S), Download: v.T("chart.download"),
			}
		}
	}
	return w
}

// stepSelect is a widget's step-through of the backward loop (issue 36,
// "the GAE lesson teaches in place"): the whole table, the table before the
// loop, or after its k-th step, which writes t = T−k (T time steps, the
// playground's step= of the same state).
func stepSelect(v play.View, name string, t func(string, ...any) string) templates.Select {
	T := v.S.Len()
	sel := templates.Select{ID: name, Name: name, Label: t("step.heading")}
	sel.Options = append(sel.Options,
		templates.Option{Value: "", Label: t("lessons.step.all"), Selected: v.S.Step < 0},
		templates.Option{Value: "0", Label: t("lessons.step.before"), Selected: v.S.Step == 0})
	for k := 1; k <= T; k++ {
		sel.Options = append(sel.Options, templates.Option{Value: strconv.Itoa(k), Label: t("step.at", k, T, v.Idx(T-k)), Selected: v.S.Step == k})
	}
	return sel
}

// laterRows moves the rows a later lesson teaches out of a widget's table
// into a second one, which the page keeps collapsed under label: the widget
// shows the rows taught so far, and the page keeps every number. It is nil
// when no row is later.
func laterRows(tab *templates.Table, later []string, label string) *templates.Later {
	if len(later) == 0 {
		return nil
	}
	rest := *tab
	rest.Rows, rest.Window, rest.Caption = nil, templates.TableWindow{}, label
	var now []templates.Row
	for _, r := range tab.Rows {
		if slices.Contains(later, r.ID) {
			rest.Rows = append(rest.Rows, r)
		} else {
			now = append(now, r)
		}
	}
	if len(rest.Rows) == 0 {
		return nil
	}
	tab.Rows = now
	return &templates.Later{Label: label, Table: rest}
}

// giveaways are the cells a widget hides while a question about cell asks:
// the cell itself and the ones at the same token that show it at a glance
// (R_t = A_t + V(s_t), the whitened A_t, A_t = δ_t at the last token or
// λ = 0, the next value of token t−1 that is V(s_t), r_t = −β·KL_t).
func giveaways(cell string) []string {
	row, ts, _ := strings.Cut(cell, ".")
	t, _ := strconv.Atoi(ts)
	at := func(rows ...string) []string {
		var out []string
		for _, r := range rows {
			out = append(out, r+"."+strconv.Itoa(t))
		}
		return out
	}
	switch row {
	case "adv", "ret":
		return at("adv", "ret", "white")
	case "white":
		return at("white")
	case "delta":
		return at("delta", "adv", "ret", "white")
	case "value":
		return append(at("value"), "next."+strconv.Itoa(t-1))
	case "next":
		return at("next")
	case "kld", "score", "reward":
		return at(row, "reward")
	}
	return at(row)
}

// rowGiveaways are the cells the final test hides from bank 2 on while
// question p asks (issue 36): giveaways, and the whole whitened row when a
// whitened cell is asked (one response's whitened advantages sum to 0, so
// the others give the asked one away). Bank 1, whose links are out, keeps
// giveaways alone.
func rowGiveaways(p *lessons.Predict) []string {
	cells := giveaways(p.Ask)
	if row, _, _ := strings.Cut(p.Ask, "."); row == "white" {
		cells = append(cells, "white.*")
	}
	return cells
}

// strictGiveaways are the cells a lesson's widget hides while question p
// asks: rowGiveaways and the cells the block names under hide: (the test
// shows those: its table shows every cell a worked answer reads, and its
// question gives what the lesson's widget would).
func strictGiveaways(p *lessons.Predict) []string {
	return append(rowGiveaways(p), p.Hide...)
}

// hideCells blanks the listed cells of a table ("row.t", or "row.*" for a
// whole row): no number of theirs stays in the page.
func hideCells(tab *templates.Table, cells []string, mark string) {
	for ri, r := range tab.Rows {
		for ci, c := range r.Cells {
			if slices.Contains(cells, r.ID+"."+strconv.Itoa(c.T)) || slices.Contains(cells, r.ID+".*") {
				tab.Rows[ri].Cells[ci] = templates.Cell{T: c.T, Text: mark, Class: "hidden-cell"}
			}
		}
	}
}
