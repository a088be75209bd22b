package class

import (
	"context"
	"errors"
	"fmt"
	"html"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/store"
)

// cellTolerance is how far a right "predict this cell" answer may be from
// the engine's value: right to two decimals.
const cellTolerance = 0.005

// askError is a refused question: the field, the message key and its args.
type askError struct {
	field, Key string
	args       []any
}

// specView is the playground view of a question's scenario link (its query)
// in a language, with the given table rows hidden.
func specView(lang i18n.Lang, link string, hide []string) play.View {
	q, _ := url.ParseQuery(link)
	pr := play.Request{Lang: lang, LangSet: true, View: page.View{Hide: hide}}
	pr.S, pr.Rep = scenario.Decode(q)
	return play.NewView(pr)
}

// tableCells are every cell of a view's table, in table order.
func tableCells(v play.View) []Cell {
	var cells []Cell
	for _, q := range v.Rows() {
		for t, x := range q.Values {
			cells = append(cells, Cell{ID: q.ID + "." + strconv.Itoa(t), Value: x})
		}
	}
	return cells
}

// cellSpec asks "predict this cell": link is a playground link (/play?…,
// absolute or not) and cell "<row>.<t>".
func cellSpec(link, cell string) (Spec, *askError) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || (u.Path != "/play" && u.Path != "/") {
		return Spec{}, &askError{field: "link", Key: "class.err.link"}
	}
	q := u.Query()
	for _, k := range page.ViewKeys { // the view (present, hide, …) is the console's, not the question's
		q.Del(k)
	}
	q.Del("lang")
	q.Del("step")
	q.Del("sel")
	state := q.Encode()
	v := specView(i18n.En, state, nil)
	if len(v.Req.Rep.Problems) > 0 {
		return Spec{}, &askError{field: "link", Key: "class.err.link"}
	}
	want, ok := v.CellValue(cell)
	if !ok {
		return Spec{}, &askError{field: "cell", Key: "class.err.cell", args: []any{cell}}
	}
	return Spec{Kind: "cell", Link: scenario.Encode(v.S), Cell: cell, Answer: "number",
		Value: want, Tol: cellTolerance, Cells: tableCells(v)}, nil
}

// blockSpec asks a lesson's predict or choice block, by its id on the
// lesson page: "predict-<id>" (or v1's "predict-<place>") or "choice-<id>".
func blockSpec(slug, block string) (Spec, *askError) {
	bad := &askError{field: "block", Key: "class.err.lesson", args: []any{slug, block}}
	p, c := findBlock(i18n.En, slug, block)
	switch {
	case c != nil:
		// Phones answer with the letters the lesson page displays
		// (Choice.Shown), so that the projected lesson and the phones agree.
		sp := Spec{Kind: "block", Lesson: slug, Block: block, Answer: "choice", Choices: len(c.Options)}
		for k, i := range c.Shown() {
			if c.Options[i].Right {
				sp.Value = float64(k)
			}
		}
		return sp, nil
	case p == nil:
		return Spec{}, bad
	}
	if p.On != "" {
		return stateBlockSpec(slug, block, p, bad)
	}
	v := specView(i18n.En, p.Link, nil)
	want, ok := v.CellValue(p.Ask)
	if !ok {
		return Spec{}, bad
	}
	kind := p.Kind
	if kind != "sign" {
		kind = "number"
	}
	sp := Spec{Kind: "block", Lesson: slug, Block: block, Link: p.Link, Cell: p.Ask, Answer: kind,
		Value: want, Tol: p.Tolerance, Cells: tableCells(v)}
	sp.Wrong = blockWrongs(p, func(cell, query string) (float64, bool) {
		link := p.Link
		if query != "" {
			link += "&" + query
		}
		return specView(i18n.En, link, nil).CellValue(cell)
	})
	return sp, nil
}

// blockWrongs are a predict block's anticipated wrong answers as a live
// question checks them; value is the engine's value of a cell in the
// block's state changed by a query.
func blockWrongs(p *lessons.Predict, value func(cell, query string) (float64, bool)) []Wrong {
	var out []Wrong
	for i, d := range p.Wrong {
		w := Wrong{Index: i}
		if cell, query, ok := lessons.ParseRefOn(p.On, d.Answer); ok {
			x, ok := value(cell, query)
			if !ok {
				continue
			}
			w.Value = x
			if p.Kind == "sign" {
				w.Sign = page.SignOf(x)
			}
		} else if p.Kind == "sign" {
			w.Sign = d.Answer
		} else if x, err := strconv.ParseFloat(d.Answer, 64); err == nil {
			w.Value = x
		} else {
			continue
		}
		out = append(out, w)
	}
	return out
}

// findBlock is a lesson's predict or choice block by its page id, in a
// language.
func findBlock(lang i18n.Lang, slug, block string) (*lessons.Predict, *lessons.Choice) {
	l, _, _ := lessons.Embedded().Lesson(string(lang), slug)
	if l == nil {
		return nil, nil
	}
	for _, part := range l.Parts {
		if p := part.Predict; p != nil && (block == "predict-"+p.ID || (p.Legacy >= 0 && block == "predict-"+strconv.Itoa(p.Legacy))) {
			return p, nil
		}
		if c := part.Choice; c != nil && block == "choice-"+c.ID {
			return nil, c
		}
	}
	return nil, nil
}

// pickedOptions are blockOptions with the lesson block the class asked
// last selected: the picker keeps its place in a list of 70 after an ask.
// A store error only loses the choice.
func (cr *Room) pickedOptions(ctx context.Context, lang i18n.Lang, c store.Class) []templates.Option {
	opts := blockOptions(lang)
	if c.Question == 0 {
		return opts
	}
	qs, err := cr.st.Questions(ctx, c.Code)
	if err != nil {
		cr.logger.Warn("class picker", "err", err)
		return opts
	}
	for i := len(qs) - 1; i >= 0; i-- {
		sp, err := cr.spec(ctx, c.Code, qs[i].ID)
		if err != nil || sp.Lesson == "" {
			continue
		}
		for k := range opts {
			opts[k].Selected = opts[k].Value == sp.Lesson+"#"+sp.Block
		}
		break
	}
	return opts
}

// blockOptions lists every lesson's predict and choice blocks for the
// console, "slug#predict-<id>".
func blockOptions(lang i18n.Lang) []templates.Option {
	var opts []templates.Option
	for _, l := range lessons.Embedded().Lessons(string(lang)) {
		n := 0
		for _, part := range l.Parts {
			id := ""
			switch {
			case part.Predict != nil:
				id = "predict-" + part.Predict.ID
			case part.Choice != nil:
				id = "choice-" + part.Choice.ID
			default:
				continue
			}
			n++
			opts = append(opts, templates.Option{Value: l.Slug + "#" + id,
				Label: fmt.Sprintf("%d. %s — %s", l.Order, l.Title, lang.T("class.question", n))})
		}
	}
	return opts
}

// hiddenRows are the rows a cell question hides: its own and those
// computed from it.
func hiddenRows(cell string) []string {
	row, _, _ := strings.Cut(cell, ".")
	i := slices.Index(lessons.Rows, row)
	if i < 0 {
		return nil
	}
	return slices.Clone(lessons.Rows[i:])
}

// prompt is the question in a language: the lesson block's own text, or
// "Predict <cell>." for a cell.
func prompt(lang i18n.Lang, sp Spec) templ.Component {
	if sp.Kind == "own" {
		return ownText(sp.Text)
	}
	if sp.Kind == "block" {
		p, c := findBlock(lang, sp.Lesson, sp.Block)
		if p != nil { // trusted HTML rendered from the lessons
			return templ.Raw(course.LessonRequest{Lang: lang}.FillBlockCells(p, p.Question))
		}
		if c != nil {
			return templ.Raw(c.Question)
		}
	}
	v := specView(lang, sp.Link, nil)
	return templ.Raw(html.EscapeString(lang.T("class.predict.cell", v.CellLabel(sp.Cell))))
}

// groupLabel names a group of wrong answers in a language: the block's
// diagnosis (trusted HTML from the lessons), or the cell the answers equal.
func groupLabel(lang i18n.Lang, sp Spec, g Group) templ.Component {
	text := func(s string) templ.Component { return templ.Raw(html.EscapeString(s)) }
	if cell, ok := strings.CutPrefix(g.Diagnosis, "cell:"); ok {
		v := specView(lang, sp.Link, nil)
		return text(lang.T("class.group.cell", g.Count, v.CellLabel(cell)))
	}
	if i, err := strconv.Atoi(strings.TrimPrefix(g.Diagnosis, "diag:")); err == nil && i >= 0 {
		p, c := findBlock(lang, sp.Lesson, sp.Block)
		diag := ""
		switch {
		case p != nil && i < len(p.Wrong):
			diag = course.LessonRequest{Lang: lang}.FillBlockCells(p, p.Wrong[i].Text)
		case c != nil && i < len(c.Options):
			diag = c.Options[c.Shown()[i]].Diagnosis
		case sp.Kind == "own" && i < len(sp.Options):
			diag = string(rune('a'+i)) + ". " + html.EscapeString(sp.Options[i])
		}
		if diag != "" {
			return templ.Raw(html.EscapeString(lang.T("class.group.diag", g.Count)) + " " + diag)
		}
	}
	return text(lang.T("class.group.other", g.Count))
}

// live is the live panel of a class, for the controls and the wall; csrf
// is the controls' form token, "" for the wall, whose panel has no form.
func (cr *Room) live(ctx context.Context, lang i18n.Lang, c store.Class, csrf string) (templates.ClassLive, error) {
	t := lang.T
	l := templates.ClassLive{None: t("class.none"), Students: lang.Plural("class.students", c.Students), Live: t("class.live")}
	// Connected phones hold a stream; one without JavaScript holds none, and
	// counts once it answers.
	connected := cr.connected(ctx, c.Code)
	l.Connected = lang.Plural("class.connected", connected)
	if c.Question == 0 {
		return l, nil
	}
	q, err := cr.st.Question(ctx, c.Code, c.Question)
	if err != nil {
		return l, err
	}
	sp, res, as, err := results(ctx, cr.st, q)
	if err != nil {
		return l, err
	}
	l.Question, l.Prompt = questionTitle(lang, q), prompt(lang, sp)
	l.Count = t("class.answers.connected", res.Answers, max(connected, res.Answers))
	l.Revealed = q.Revealed
	wall := csrf == ""
	fit := chartFit{Bars: histogramBars, Others: t("class.others")}
	if wall { // the projected screen: fewer bars, the table asked about, no UTC time
		fit.Bars = wallBars
		if sp.Kind == "cell" && !q.Revealed { // revealed, the histogram takes the room
			l.Prompt, l.Table = cr.phoneCell(lang, sp)
		}
	}
	if l.Flow, err = cr.liveFlow(ctx, lang, q, sp, res, fit); err != nil {
		return l, err
	}
	if wall {
		l.Flow.At = ""
	}
	if !q.Revealed {
		if csrf != "" {
			l.Reveal = templates.ClassForm{Action: "/class/" + c.Code + "/reveal", CSRF: csrf, Lang: string(lang), Submit: t("class.reveal")}
			if l.Private, err = cr.private(ctx, lang, q, sp, res, fit); err != nil {
				return l, err
			}
		}
		return l, nil
	}
	l.Engine = t("class.answer.engine", shownValue(sp.Correct()))
	l.Share = rightShare(lang, res)
	if l.Histogram, err = cr.histogram(ctx, lang, q, sp, res, fit); err != nil {
		return l, err
	}
	if q.RoundOf != 0 {
		if l.Switched, err = cr.switched(ctx, lang, q, sp, as); err != nil {
			return l, err
		}
	}
	l.GroupsHead = t("class.groups")
	for _, g := range res.Groups {
		l.Groups = append(l.Groups, groupLabel(lang, sp, g))
	}
	return l, nil
}

// rightShare is "45% right (9 of 20)" for a question's answers.
func rightShare(lang i18n.Lang, res Results) string {
	share := 0
	if res.Answers > 0 {
		share = int(math.Round(100 * float64(res.Correct) / float64(res.Answers)))
	}
	return lang.T("class.right.share", share, res.Correct, res.Answers)
}

// private is the controls' view of a question's answers before the reveal
// (Mazur's decision: explain again, pair the students, or move on): the
// share right and, unless the answers are shown to the room, their
// histogram with the right one marked. Nothing before the first answer.
func (cr *Room) private(ctx context.Context, lang i18n.Lang, q store.Question, sp Spec, res Results, fit chartFit) (templates.ClassPrivate, error) {
	t := lang.T
	if res.Answers == 0 {
		return templates.ClassPrivate{}, nil
	}
	p := templates.ClassPrivate{Heading: t("class.private.heading"), Share: rightShare(lang, res), Hint: t("class.private.hint")}
	if q.Shown {
		return p, nil
	}
	marked := q
	marked.Revealed = true // the right answer marked, as after the reveal
	var err error
	p.Spread, err = cr.histogram(ctx, lang, marked, sp, res, fit)
	p.Legend = t("class.private.legend")
	return p, err
}

// switched is a second round's summary once revealed: of the students who
// answered both rounds, how many went from a wrong answer to the right one
// and from the right one to a wrong one (second holds round 2's answers).
func (cr *Room) switched(ctx context.Context, lang i18n.Lang, q store.Question, sp Spec, second []store.Answer) (string, error) {
	fq, err := cr.st.Question(ctx, q.Class, q.RoundOf)
	if err != nil {
		return "", err
	}
	sp1, _, first, err := results(ctx, cr.st, fq)
	if err != nil {
		return "", err
	}
	right1 := make(map[string]bool, len(first))
	for _, a := range first {
		right1[a.Device] = sp1.Right(a.Value)
	}
	both, toRight, toWrong := 0, 0, 0
	for _, a := range second {
		was, ok := right1[a.Device]
		if !ok {
			continue
		}
		both++
		switch now := sp.Right(a.Value); {
		case now && !was:
			toRight++
		case was && !now:
			toWrong++
		}
	}
	return lang.T("class.flow.switched", toRight, toWrong, both), nil
}

// phoneQuestion is the current question as one student sees it.
func (cr *Room) phoneQuestion(ctx context.Context, lang i18n.Lang, c store.Class, q store.Question, device, csrf, problem string) (templates.PhoneQuestion, error) {
	t := lang.T
	pq := templates.PhoneQuestion{Wait: t("class.wait"), Error: problem}
	var st store.Student
	var err error
	if c.Nicknames || c.JoinWord || c.Locked { // the device's one read of its seat
		st, err = cr.st.Student(ctx, c.Code, device)
		if err != nil && !errors.Is(err, store.ErrNotStudent) {
			return pq, err
		}
	}
	pq.Flow = phoneNickname(lang, c, st, csrf)
	phoneAdmission(lang, c, !errors.Is(err, store.ErrNotStudent), csrf, &pq.Flow)
	if c.Question == 0 {
		return pq, nil
	}
	sp, err := DecodeSpec(q.Spec)
	if err != nil {
		return pq, err
	}
	pq.Title, pq.Kind = questionTitle(lang, q), sp.Answer
	pq.Prompt = prompt(lang, sp)
	if sp.Kind == "cell" {
		pq.Prompt, pq.Table = cr.phoneCell(lang, sp)
	}
	mine, err := cr.st.AnswerOf(ctx, c.Code, q.ID, device)
	if err != nil && err != store.ErrNotFound {
		return pq, err
	}
	pq.Revealed = q.Revealed
	phoneVoting(lang, q, &pq.Flow, time.Now())
	if q.Revealed {
		switch {
		case mine.Value == "":
			pq.Result = t("class.answer.missed", sp.Correct())
		case sp.Right(mine.Value):
			pq.Result, pq.Right = t("class.answer.right", sp.Correct()), true
		default:
			pq.Result = t("class.answer.wrong", sp.Correct(), mine.Value)
		}
		return pq, nil
	}
	pq.Form = templates.ClassForm{Action: "/class/" + c.Code + "/answer", CSRF: csrf, Lang: string(lang), Submit: t("class.answer.send")}
	pq.QID = strconv.Itoa(q.ID)
	pq.Send = templates.SendStatus{ID: cr.newSendID(time.Now()), Sending: t("class.send.sending"), Unsent: t("class.send.unsent"), Sent: t("class.send.sent")}
	pq.Answer = templates.Field{ID: "class-a", Name: "a", Label: t("class.answer.label"), Value: mine.Value}
	pq.Signs = page.SignOptions(lang, mine.Value)
	for k, o := range sp.Options { // the teacher's own choice
		v := string(rune('a' + k))
		pq.Options = append(pq.Options, templates.PhoneOption{Value: v, Text: templ.Join(templ.Raw(v+". "), ownText(o)), Selected: mine.Value == v})
	}
	if _, c := findBlock(lang, sp.Lesson, sp.Block); c != nil && sp.Answer == "choice" {
		for k, i := range c.Shown() {
			v := string(rune('a' + k))
			pq.Options = append(pq.Options, templates.PhoneOption{Value: v, Text: templ.Raw(v + ". " + c.Options[i].Text), Selected: mine.Value == v})
		}
	}
	if mine.Value != "" {
		pq.Yours = t("class.answer.yours", mine.Value)
	}
	return pq, nil
}

// currentQuestion is class c's current question (zero when none).
func (cr *Room) currentQuestion(ctx context.Context, c store.Class) (store.Question, error) {
	if c.Question == 0 {
		return store.Question{}, nil
	}
	return cr.st.Question(ctx, c.Code, c.Question)
}

// phoneCell is a cell question's prompt and table with the asked rows
// covered, computed once per question and language: when the teacher asks,
// every phone's stream needs them at the same moment.
func (cr *Room) phoneCell(lang i18n.Lang, sp Spec) (templ.Component, *templates.Table) {
	key := string(lang) + " " + sp.Cell + " " + sp.Link
	cr.tablesMu.Lock()
	defer cr.tablesMu.Unlock()
	if c, ok := cr.tables.Get(key); ok {
		return templ.Raw(c.prompt), c.Table
	}
	v := specView(lang, sp.Link, hiddenRows(sp.Cell))
	p := html.EscapeString(lang.T("class.predict.cell", v.CellLabel(sp.Cell)))
	tb := v.Table()
	for ri := range tb.Rows {
		for ci := range tb.Rows[ri].Cells {
			tb.Rows[ri].Cells[ci].Pick = ""
		}
	}
	cr.tables.Put(key, drawnCell{p, &tb})
	return templ.Raw(p), &tb
}

// drawnCell is what phoneCell draws once: the prompt's HTML and the table.
type drawnCell struct {
	prompt string
	Table  *templates.Table
}
