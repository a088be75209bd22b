package course

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/answer"
	"gaelab/web/page"
	"gaelab/web/play"
)

// predictParam is the query parameter of a predict box's answer; "-reveal"
// and "-tries" follow it for the other fields.
func predictParam(b *lessons.Predict) string { return "predict-" + b.ID }

// param reads a predict box's field: the one named by its id, else the one
// v1 links named by its place (?predict-1=…), so that old links keep
// answering the same question.
func (lr LessonRequest) param(b *lessons.Predict, suffix string) string {
	if vs, ok := lr.Q[predictParam(b)+suffix]; ok && len(vs) > 0 {
		return vs[0]
	}
	if b.Legacy >= 0 {
		return lr.Q.Get("predict-" + strconv.Itoa(b.Legacy) + suffix)
	}
	return ""
}

// predictOutcome is what the learner's answer to a predict box came to.
type predictOutcome struct {
	v         play.View  // the playground state, for a question on one (On "")
	src       cellSource // the state asked about: v, or the batch
	open      templates.Link
	want      float64
	OK        bool    // the cell exists in this state
	answer    string  // trimmed
	parsed    bool    // a number answer that reads as a number
	x         float64 // the number answered, when parsed
	correct   bool
	diagnosis string // the matched diagnosis's HTML, "" for none
	Revealed  bool
	tries     int // wrong tries so far, this one included
}

// PredictState checks the learner's answer against the engine's value and
// the block's anticipated wrong answers.
func (lr LessonRequest) PredictState(b *lessons.Predict) predictOutcome {
	if o, ok := lr.Outcomes[b]; ok { // the box and the widget under it ask once per request
		return o
	}
	o := lr.checkPredict(b)
	if lr.Outcomes != nil {
		lr.Outcomes[b] = o
	}
	return o
}

func (lr LessonRequest) checkPredict(b *lessons.Predict) predictOutcome {
	var o predictOutcome
	switch b.On {
	case lessons.OnBatch:
		bv := lr.BatchState(b.Link)
		o.src, o.open = bv, templates.Link{Label: lr.Lang.T("lessons.batch.open"), URL: bv.URL("/batch", bv.B.Focus)}
	case lessons.OnVariance:
		lab := lr.LabState(b.Link)
		o.src, o.open = lab, templates.Link{Label: lr.Lang.T("var.open"), URL: lab.V.Link()}
	default:
		o.v = lr.BlockView(predictParam(b), b.Link, nil)
		o.src, o.open = o.v, templates.Link{Label: lr.Lang.T("lessons.open"), URL: o.v.Req.Link("/play", o.v.S)}
	}
	o.want, o.OK = o.src.CellValue(b.Ask)
	o.answer = strings.TrimSpace(lr.param(b, ""))
	if n, err := strconv.Atoi(lr.param(b, "-tries")); err == nil && n > 0 && n < 100 {
		o.tries = n
	}
	if !o.OK {
		return o
	}
	var x float64
	switch {
	case o.answer == "":
	case b.Kind == "sign":
		o.parsed = true
		o.correct = o.answer == page.SignOf(o.want)
	default:
		var verdict answer.Verdict
		verdict, x = answer.Judge(o.answer, o.want, b.Tolerance)
		o.parsed, o.x = verdict == answer.Right || verdict == answer.Wrong, x
		o.correct = verdict == answer.Right
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
	o.Revealed = o.correct || lr.param(b, "-reveal") == "1"
	return o
}

// matches reports whether a learner's answer is the anticipated wrong
// answer a: a sign, or a number within the block's tolerance (a literal or
// the engine's value of a cell).
func (lr LessonRequest) matches(b *lessons.Predict, a, typed string, x float64) bool {
	if cell, query, ok := lessons.ParseRefOn(b.On, a); ok {
		w, ok := lr.BlockCells(b, query).CellValue(cell)
		if !ok {
			return false
		}
		if b.Kind == "sign" {
			return typed == page.SignOf(w)
		}
		return answer.Within(x, w, b.Tolerance)
	}
	if b.Kind == "sign" {
		return typed == a
	}
	w, err := strconv.ParseFloat(a, 64)
	return err == nil && answer.Within(x, w, b.Tolerance)
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

// Predict is a predict block: the question, the learner's answer and, once
// answered rightly or given up on, the engine's value and its derivation.
func (lr LessonRequest) Predict(path string, b *lessons.Predict) templates.PredictBox {
	name := predictParam(b)
	o := lr.PredictState(b)
	t := lr.Lang.T
	p := templates.PredictBox{
		ID: name, QuestionID: b.ID, Action: lr.url(path) + "#" + name, Fragment: path + "/predict/" + b.ID,
		ProgressBit: progressBit(QuestionKey(strings.TrimPrefix(path, "/lessons/"), b.ID)),
		Hidden:      lr.hiddenLang(), Question: templ.Raw(b.Question), Kind: b.Kind,
		Answer: templates.Field{ID: name + "-answer", Name: name, Label: t("predict.answer"), Value: lr.param(b, "")},
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
		Open: o.open,
	}
	if o.tries > 0 {
		p.Hidden = append(p.Hidden, templates.Option{Value: name + "-tries", Label: strconv.Itoa(o.tries)})
	}
	p.Signs = page.SignOptions(lr.Lang, o.answer)
	if !o.OK {
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
		p.Diagnosis = templ.Raw(fillCells(o.src, o.diagnosis))
	default: // a wrong answer no block anticipated: the engine's reason, or an honest "not one we know"
		reason, known := lr.wrongReason(strings.TrimPrefix(path, "/lessons/"), b, o)
		p.Verdict, p.Diagnosis = t("predict.wrong"), templ.Raw(reason)
		if known {
			p.Verdict = t("predict.diagnosed")
		}
	}
	if !o.correct && o.tries >= 2 {
		hint := b.Hint
		if hint == "" {
			hint = lr.Lang.HTML(hintKey(b)) // its formulas typeset, as the lesson's
		}
		p.HintLabel, p.Hint = labelSpace(t("predict.hint")), templ.Raw(hint)
	}
	p.Revealed = o.Revealed
	if p.Revealed {
		p.Value = t("predict.value", revealLabel(o.src, b), page.Num(o.want))
		if b.On == "" {
			v := o.v
			v.S.Select = b.Ask
			p.Formula = v.Formula()
		}
		if b.Derivation != "" {
			p.Derivation = templ.Raw(fillCells(o.src, b.Derivation))
			if p.Formula != nil {
				p.Formula.Lines = nil
			}
		}
	}
	return p
}

// labelSpace is a label followed by the space before its text ("Hint: "),
// none after a full-width colon, which carries its own ("提示：").
func labelSpace(label string) string {
	if strings.HasSuffix(label, "：") {
		return label
	}
	return label + " "
}

// hintKey is the message of a predict block's generic hint: the formula of
// the asked row in words ("hint.adv", on a batch "hint.batch.grpo").
func hintKey(b *lessons.Predict) string {
	row := strings.SplitN(b.Ask, ".", 2)[0]
	switch b.On {
	case lessons.OnBatch:
		return "hint.batch." + row
	case lessons.OnVariance:
		return "hint.lab." + strings.TrimPrefix(row, "x")
	}
	return "hint." + row
}

// fillCells replaces each "{row.t}" (on a batch also "{row.i.t}") of a
// rendered derivation with the engine's value of that cell.
func fillCells(v cellSource, s string) string {
	for _, ref := range lessons.Placeholders(s) {
		x, ok := v.CellValue(ref)
		text := "?"
		if ok {
			text = page.Num(x)
		}
		s = strings.Replace(s, "{"+ref+"}", text, 1)
	}
	return s
}

// FillBlockCells is fillCells on a block's own state, as its lesson page
// first shows it: a live class, which has no learner's state, shows the
// block's texts so.
func (lr LessonRequest) FillBlockCells(b *lessons.Predict, s string) string {
	if len(lessons.Placeholders(s)) == 0 {
		return s
	}
	return fillCells(lr.BlockCells(b, ""), s)
}

// revealLabel names a question's asked quantity in its reveal: the block's
// own label when it has one (lesson 1 says "the return G₀", not the table's
// "return Rₜ"), else the cell's label.
func revealLabel(src cellSource, b *lessons.Predict) string {
	if b.Label != "" {
		return b.Label
	}
	return src.CellLabel(b.Ask)
}
