package class

import (
	"context"
	"strconv"
	"time"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// questionTitle is "Question 2", or "Question 2, round 2" for the second
// round of question 2.
func questionTitle(lang i18n.Lang, q store.Question) string {
	if q.RoundOf != 0 {
		return lang.T("class.flow.round.title", asked(q))
	}
	return lang.T("class.question", asked(q))
}

// asked is a question's number as the class counts them (store's Number;
// its id for a question not read through the store).
func asked(q store.Question) int {
	if q.Number > 0 {
		return q.Number
	}
	return q.ID
}

// flowForm makes the controls' flow forms of class code: one action, one
// button.
func flowForm(code string, lang i18n.Lang, csrf string) func(action, submit string) templates.ClassForm {
	return func(action, submit string) templates.ClassForm {
		return templates.ClassForm{Action: "/class/" + code + "/flow/" + action, CSRF: csrf, Lang: string(lang), Submit: submit}
	}
}

// flowControls are the console's flow forms for the class's state: voting,
// spread, timer and second round for the current question when there is
// one, and always the teacher's own question, nicknames and the end.
func (cr *Room) flowControls(ctx context.Context, lang i18n.Lang, c store.Class, csrf string) (templates.ClassFlow, error) {
	t := lang.T
	form := flowForm(c.Code, lang, csrf)
	f := templates.ClassFlow{
		Heading: t("class.flow.heading"),
		Nick:    form("nicknames", t("class.flow.nick.on")), NickOn: "1", NickHint: t("class.flow.nick.hint"),
		Word: form("joinword", t("class.flow.word.on")), WordOn: "1", WordHint: t("class.flow.word.hint"),
		Lock: form("lock", t("class.flow.lock.on")), LockOn: "1",
		Prune: form("prune", t("class.flow.prune")),
		Own: templates.ClassOwn{
			Heading: t("class.flow.own.heading"), Form: form("own", t("class.ask.button")),
			Text: templates.Field{ID: "own-text", Name: "text", Label: t("class.flow.own.text", maxOwnText), Max: strconv.Itoa(maxOwnText)},
			Kind: templates.Select{ID: "own-kind", Name: "kind", Label: t("class.flow.own.kind"), Options: []templates.Option{
				{Value: "number", Label: t("class.flow.own.number")}, {Value: "sign", Label: t("class.flow.own.sign")},
				{Value: "choice", Label: t("class.flow.own.choice")}}},
			Answer:  templates.Field{ID: "own-answer", Name: "answer", Label: t("class.flow.own.answer")},
			Tol:     templates.Field{ID: "own-tol", Name: "tolerance", Label: t("class.flow.own.tol")},
			Options: templates.Field{ID: "own-options", Name: "options", Label: t("class.flow.own.options", maxOwnOptions)},
		},
		End: form("end", t("class.flow.end")), Confirm: t("class.flow.end.confirm"),
	}
	if c.Nicknames {
		f.Nick.Submit, f.NickOn = t("class.flow.nick.off"), "0"
	}
	if c.JoinWord {
		f.Word.Submit, f.WordOn = t("class.flow.word.off"), "0"
	}
	if c.Locked {
		f.Lock.Submit, f.LockOn = t("class.flow.lock.off"), "0"
	}
	if err := cr.seated(ctx, lang, c, &f, form); err != nil {
		return f, err
	}
	if c.Question == 0 {
		return f, nil
	}
	q, err := cr.st.Question(ctx, c.Code, c.Question)
	if err != nil {
		return f, err
	}
	if !q.Revealed {
		if q.Open(time.Now()) {
			f.Voting = form("close", t("class.flow.close"))
		} else {
			f.Voting = form("reopen", t("class.flow.reopen"))
		}
		f.Spread, f.SpreadOn = form("show", t("class.flow.show")), "1"
		if q.Shown {
			f.Spread.Submit, f.SpreadOn = t("class.flow.hide"), "0"
		}
		f.Timer = form("timer", t("class.flow.timer.start"))
		f.Seconds = templates.Field{ID: "flow-seconds", Name: "seconds", Label: t("class.flow.timer", maxTimer), Value: "60",
			Min: "0", Max: strconv.Itoa(maxTimer)}
	}
	if q.RoundOf == 0 {
		f.Round, f.RoundHint = form("round", t("class.flow.round")), t("class.flow.round.hint")
	}
	return f, nil
}

// votingState is the status of a question's voting at now, its countdown
// while open with a deadline, and the deadline.
func votingState(lang i18n.Lang, q store.Question, now time.Time, closed, timeup string) (status, left, at string, deadline time.Time) {
	t := lang.T
	switch {
	case q.Revealed:
		return "", "", "", time.Time{}
	case q.Open(now):
		if q.Deadline.IsZero() {
			return t("class.flow.status.open"), "", "", time.Time{}
		}
		return t("class.flow.status.open"), timeLeft(lang, q.Deadline.Sub(now)), t("class.flow.at", q.Deadline.UTC().Format("15:04:05")), q.Deadline
	case q.Closed:
		return t(closed), "", "", time.Time{}
	}
	return t(timeup), "", "", time.Time{}
}

// liveFlow is the flow's part of the console's live panel for the current
// question: its voting and, when shown, its answers without the right one.
func (cr *Room) liveFlow(ctx context.Context, lang i18n.Lang, q store.Question, sp Spec, res Results, fit chartFit) (templates.ClassFlowState, error) {
	var s templates.ClassFlowState
	s.Status, s.Left, s.At, s.Deadline = votingState(lang, q, time.Now(), "class.flow.status.closed", "class.flow.status.timeup")
	if q.Shown && !q.Revealed {
		chart, err := cr.histogram(ctx, lang, q, sp, res, fit)
		if err != nil {
			return s, err
		}
		s.Spread, s.Legend = chart, lang.T("class.flow.spread")
	}
	return s, nil
}

// histogram draws a question's answers: one histogram, or for a second
// round both rounds side by side, with at most fit's bars. The right
// answer is marked only once the question is revealed; a sign question's
// bars are −, 0 and + in that order.
func (cr *Room) histogram(ctx context.Context, lang i18n.Lang, q store.Question, sp Spec, res Results, fit chartFit) (templ.Component, error) {
	t := lang.T
	if q.RoundOf == 0 {
		if !q.Revealed {
			res = hideRight(res)
		}
		if sp.Answer == "sign" {
			var right func(string) bool
			if q.Revealed {
				right = sp.Right
			}
			res.Histogram = signBins(res.Histogram, right)
		}
		return templ.Raw(histogramSVG(res, t("class.histogram", asked(q)), fit)), nil
	}
	fq, err := cr.st.Question(ctx, q.Class, q.RoundOf)
	if err != nil {
		return nil, err
	}
	_, first, _, err := results(ctx, cr.st, fq)
	if err != nil {
		return nil, err
	}
	var right func(string) bool
	if q.Revealed {
		right = sp.Right
	}
	return templ.Raw(RoundsSVG(first, res, right, RoundsText{
		Title: t("class.flow.rounds.title", asked(q)), Round1: t("class.flow.round1"), Round2: t("class.flow.round2"),
		Bin: func(v string, n1, n2 int) string { return t("class.flow.rounds.bin", shownValue(v), n1, n2) },
		Fit: fit, Signs: sp.Answer == "sign",
	})), nil
}

// hideRight is results without the right answer marked.
func hideRight(res Results) Results {
	bins := make([]Bin, len(res.Histogram))
	for i, b := range res.Histogram {
		bins[i] = Bin{Value: b.Value, Count: b.Count}
	}
	res.Histogram = bins
	return res
}

// phoneNickname is the nickname part of a phone's panel: the form while
// the class asks for a nickname the device has not given (holding the
// answer form back), or the nickname given.
func phoneNickname(lang i18n.Lang, c store.Class, st store.Student, csrf string) templates.PhoneFlow {
	var f templates.PhoneFlow
	if !c.Nicknames {
		return f
	}
	t := lang.T
	form := templates.ClassForm{Action: "/class/" + c.Code + "/nickname", CSRF: csrf, Lang: string(lang)}
	f.Field = templates.Field{ID: "class-nick", Name: "nick", Label: t("class.flow.nick.label", maxNickname), Max: strconv.Itoa(maxNickname)}
	if st.Nickname != "" {
		f.Yours = t("class.flow.nick.yours", st.Nickname)
		if st.Corrections < maxNickCorrections {
			f.Fix, f.Fix.Submit = form, t("class.flow.nick.fix")
			f.Field.Label, f.Field.Value = t("class.flow.nick.fix.label"), st.Nickname
		}
		return f
	}
	f.Nick, f.Nick.Submit = form, t("class.flow.nick.send")
	f.Closed, f.Hold = t("class.flow.nick.first"), true
	return f
}

// phoneVoting adds a question's voting to a phone's flow: closed (no
// form), or the countdown.
func phoneVoting(lang i18n.Lang, q store.Question, f *templates.PhoneFlow, now time.Time) {
	status, left, _, deadline := votingState(lang, q, now, "class.flow.phone.closed", "class.flow.phone.timeup")
	if status == "" || q.Open(now) {
		// No closing time in UTC on a phone: the countdown says it.
		f.Left, f.Deadline = left, deadline
		return
	}
	f.Closed, f.Hold = status, true
}

// seated lists the class's students on the controls, each removable: the
// seats a script took are visible and go in one action.
func (cr *Room) seated(ctx context.Context, lang i18n.Lang, c store.Class, f *templates.ClassFlow, form func(action, submit string) templates.ClassForm) error {
	if c.Students == 0 {
		return nil
	}
	sts, err := cr.st.Students(ctx, c.Code)
	if err != nil {
		return err
	}
	secret, err := cr.st.ClassSecret(ctx, c.Code)
	if err != nil {
		return err
	}
	t := lang.T
	f.SeatedTitle = lang.Plural("class.flow.seated", len(sts))
	for _, st := range sts {
		id := pseudonym(secret, st.Device)
		label := id
		if st.Nickname != "" {
			label = t("class.flow.seat.nick", id, st.Nickname)
		}
		f.Seated = append(f.Seated, templates.ClassSeat{ID: id, Label: label, Remove: form("remove", t("class.flow.remove"))})
	}
	return nil
}
