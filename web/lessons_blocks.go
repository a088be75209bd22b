package web

import (
	"html"
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
	pr := playRequest{lang: lr.lang, langSet: lr.langSet, view: viewParams{dark: lr.view.dark}, charts: lr.charts}
	pr.s, pr.rep = scenario.Decode(q)
	return newPlayView(pr)
}

// hiddenLang keeps lang= and the view through a block's form.
func (lr lessonRequest) hiddenLang() []templates.Option {
	return lr.self("").hidden()
}

// widget is a scenario block: the controls it names, the table rows it
// names and one chart. hide, when not nil, is the question just above whose
// asked cell (and what gives it away) the widget leaves out until the
// question is answered or revealed.
func (lr lessonRequest) widget(path string, b *lessons.Scenario, hide *lessons.Predict) templates.Widget {
	id := b.ID
	v := lr.blockView(id, b.Link, b.Controls)
	t := lr.lang.T
	w := templates.Widget{
		ID: id, Action: lr.url(path) + "#" + id, Fragment: path + "/widget/" + id,
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
	hiding := hide != nil && !lr.predictState(hide).revealed
	if hiding {
		hideCells(&w.Table, giveaways(hide.Ask), t("predict.hidden_cell"))
		w.HiddenNote = t("predict.hidden_note")
	} else if hide != nil {
		// The widget's own form keeps the question revealed when its controls change.
		w.Hidden = append(w.Hidden, templates.Option{Value: predictParam(hide) + "-reveal", Label: "1"})
	}
	if slices.Contains(v.chartNames(), b.Chart) && !hiding {
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

// hideCells blanks the listed cells of a table: no number of theirs stays in the page.
func hideCells(tab *templates.Table, cells []string, mark string) {
	for ri, r := range tab.Rows {
		for ci, c := range r.Cells {
			if slices.Contains(cells, r.ID+"."+strconv.Itoa(c.T)) {
				tab.Rows[ri].Cells[ci] = templates.Cell{T: c.T, Text: mark, Class: "hidden-cell"}
			}
		}
	}
}

// predictParam is the query parameter of a predict box's answer; "-reveal"
// and "-tries" follow it for the other fields.
func predictParam(b *lessons.Predict) string { return "predict-" + b.ID }

// param reads a predict box's field: the one named by its id, else the one
// v1 links named by its place (?predict-1=…), so that old links keep
// answering the same question.
func (lr lessonRequest) param(b *lessons.Predict, suffix string) string {
	if vs, ok := lr.q[predictParam(b)+suffix]; ok && len(vs) > 0 {
		return vs[0]
	}
	if b.Legacy >= 0 {
		return lr.q.Get("predict-" + strconv.Itoa(b.Legacy) + suffix)
	}
	return ""
}

// predictOutcome is what the learner's answer to a predict box came to.
type predictOutcome struct {
	v         playView
	want      float64
	ok        bool   // the cell exists in this state
	answer    string // trimmed
	parsed    bool   // a number answer that reads as a number
	correct   bool
	diagnosis string // the matched diagnosis's HTML, "" for none
	revealed  bool
	tries     int // wrong tries so far, this one included
}

// predictState checks the learner's answer against the engine's value and
// the block's anticipated wrong answers.
func (lr lessonRequest) predictState(b *lessons.Predict) predictOutcome {
	if o, ok := lr.outcomes[b]; ok { // the box and the widget under it ask once per request
		return o
	}
	o := lr.checkPredict(b)
	if lr.outcomes != nil {
		lr.outcomes[b] = o
	}
	return o
}

func (lr lessonRequest) checkPredict(b *lessons.Predict) predictOutcome {
	o := predictOutcome{v: lr.blockView(predictParam(b), b.Link, nil)}
	o.want, o.ok = o.v.cellValue(b.Ask)
	o.answer = strings.TrimSpace(lr.param(b, ""))
	if n, err := strconv.Atoi(lr.param(b, "-tries")); err == nil && n > 0 && n < 100 {
		o.tries = n
	}
	if !o.ok {
		return o
	}
	var x float64
	switch {
	case o.answer == "":
	case b.Kind == "sign":
		o.parsed = true
		o.correct = o.answer == signOf(o.want)
	default:
		var problem string
		x, problem = scenario.ParseNumber(strings.ReplaceAll(o.answer, ",", ".")) // a decimal comma is fine here
		o.parsed = problem == ""
		o.correct = o.parsed && math.Abs(x-o.want) <= b.Tolerance
	}
	if o.parsed && !o.correct {
		o.tries++
		for _, d := range b.Wrong {
			if lr.matches(b, d.Answer, o.answer, x) {
				o.diagnosis = d.Text
				break
			}
		}
	}
	o.revealed = o.correct || lr.param(b, "-reveal") == "1"
	return o
}

// matches reports whether a learner's answer is the anticipated wrong
// answer a: a sign, or a number within the block's tolerance (a literal or
// the engine's value of a cell).
func (lr lessonRequest) matches(b *lessons.Predict, a, answer string, x float64) bool {
	if cell, query, ok := lessons.ParseRef(a); ok {
		w, ok := lr.blockView("", overrideLink(b.Link, query), nil).cellValue(cell)
		if !ok {
			return false
		}
		if b.Kind == "sign" {
			return answer == signOf(w)
		}
		return math.Abs(x-w) <= b.Tolerance
	}
	if b.Kind == "sign" {
		return answer == a
	}
	w, err := strconv.ParseFloat(a, 64)
	return err == nil && math.Abs(x-w) <= b.Tolerance
}

// overrideLink is a block's link with the parameters of query replacing
// its own ("p=lambda-1&gamma=0.9" with "gamma=1" is "gamma=1&p=lambda-1").
func overrideLink(link, query string) string {
	if query == "" {
		return link
	}
	q, _ := url.ParseQuery(link)
	over, _ := url.ParseQuery(query)
	for k, v := range over {
		q[k] = v
	}
	return q.Encode()
}

// predict is a predict block: the question, the learner's answer and, once
// answered rightly or given up on, the engine's value and its derivation.
func (lr lessonRequest) predict(path string, b *lessons.Predict) templates.PredictBox {
	name := predictParam(b)
	o := lr.predictState(b)
	v := o.v
	t := lr.lang.T
	p := templates.PredictBox{
		ID: name, QuestionID: b.ID, Action: lr.url(path) + "#" + name, Fragment: path + "/predict/" + b.ID,
		Hidden: lr.hiddenLang(), Question: templ.Raw(b.Question), Kind: b.Kind,
		Answer: templates.Field{ID: name + "-answer", Name: name, Label: t("predict.answer"), Value: lr.param(b, "")},
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
		Open: templates.Link{Label: t("lessons.open"), URL: v.pr.link("/play", v.s)},
	}
	if o.tries > 0 {
		p.Hidden = append(p.Hidden, templates.Option{Value: name + "-tries", Label: strconv.Itoa(o.tries)})
	}
	for _, opt := range []struct{ value, key string }{{"+", "predict.positive"}, {"-", "predict.negative"}, {"0", "predict.zero"}} {
		p.Signs = append(p.Signs, templates.Option{Value: opt.value, Label: t(opt.key), Selected: o.answer == opt.value})
	}
	if !o.ok {
		p.Verdict = t("predict.unavailable")
		return p
	}
	switch {
	case o.answer == "":
	case !o.parsed:
		p.Verdict = t("err.number", o.answer)
	case o.correct:
		p.Verdict, p.Correct = t("predict.right"), true
	case o.diagnosis != "":
		p.Verdict = t("predict.diagnosed")
		p.Diagnosis = templ.Raw(fillCells(v, o.diagnosis))
	default:
		p.Verdict = t("predict.wrong")
	}
	if !o.correct && o.tries >= 2 {
		hint := b.Hint
		if hint == "" {
			hint = html.EscapeString(t("hint." + strings.SplitN(b.Ask, ".", 2)[0]))
		}
		p.HintLabel, p.Hint = t("predict.hint"), templ.Raw(hint)
	}
	p.Revealed = o.revealed
	if p.Revealed {
		p.Value = t("predict.value", v.cellLabel(b.Ask), num(o.want))
		v.s.Select = b.Ask
		p.Formula = v.formula()
		if b.Derivation != "" {
			p.Derivation = templ.Raw(fillCells(v, b.Derivation))
			if p.Formula != nil {
				p.Formula.Lines = nil
			}
		}
	}
	return p
}

// fillCells replaces each "{row.t}" of a rendered derivation with the
// engine's value of that cell.
func fillCells(v playView, s string) string {
	for _, ref := range lessons.Placeholders(s) {
		x, ok := v.cellValue(ref)
		text := "?"
		if ok {
			text = num(x)
		}
		s = strings.Replace(s, "{"+ref+"}", text, 1)
	}
	return s
}

// choiceLetters name a choice block's options in links: ?choice-<id>=b.
const choiceLetters = "abcdef"

// choice is a choice block: the options, the learner's pick, its diagnosis
// and, once answered rightly or revealed, the explanation.
func (lr lessonRequest) choice(path string, c *lessons.Choice) templates.ChoiceBox {
	name := "choice-" + c.ID
	t := lr.lang.T
	picked := lr.q.Get(name)
	box := templates.ChoiceBox{
		ID: name, QuestionID: c.ID, Action: lr.url(path) + "#" + name, Fragment: path + "/choice/" + c.ID,
		Hidden: lr.hiddenLang(), Question: templ.Raw(c.Question), Legend: t("choice.legend"),
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
	}
	right := -1
	for i, o := range c.Options {
		letter := choiceLetters[i : i+1]
		box.Options = append(box.Options, templates.ChoiceOption{ID: name + "-" + letter, Value: letter, Text: templ.Raw(o.Text), Selected: picked == letter})
		if o.Right {
			right = i
		}
		if picked == letter {
			if o.Right {
				box.Verdict, box.Correct = t("predict.right"), true
			} else {
				box.Verdict, box.Diagnosis = t("predict.diagnosed"), templ.Raw(o.Diagnosis)
			}
		}
	}
	if picked != "" && box.Verdict == "" {
		box.Verdict = t("choice.unknown")
	}
	box.Revealed = box.Correct || lr.q.Get(name+"-reveal") == "1"
	if box.Revealed {
		box.Answer = t("choice.answer", strings.ToUpper(choiceLetters[right:right+1]))
		box.Options[right].Right = true
		if c.Explain != "" {
			box.Explain = templ.Raw(c.Explain)
		}
	}
	return box
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
