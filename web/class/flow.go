package class

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// maxTimer is the longest countdown, in seconds.
const maxTimer = 3600

// flowInput is what a flow action reads: from the console's form fields or
// the API's JSON object of the same names. Seconds and Tolerance are JSON
// numbers (or the form's text).
type flowInput struct {
	On        *bool       `json:"on"`
	Seconds   json.Number `json:"seconds"`
	Confirm   bool        `json:"confirm"`
	Text      string      `json:"text"`
	Kind      string      `json:"kind"`
	Answer    string      `json:"answer"`
	Tolerance json.Number `json:"tolerance"`
	Options   []string    `json:"options"`
	// Student is a student's pseudonymous id as the CSV and the controls
	// give it ("s-" and 10 hex digits), for remove.
	Student string `json:"student"`
	// Block is a lesson block "slug#predict-…" for the queue.
	Block string `json:"block"`
}

// formInput reads a flowInput from a console form: on is "0" or "1"
// (absent: on), options one a line.
func formInput(f map[string][]string) flowInput {
	get := func(k string) string {
		if v := f[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	on := get("on") != "0"
	return flowInput{On: &on, Seconds: json.Number(strings.TrimSpace(get("seconds"))), Confirm: get("confirm") == "1",
		Text: get("text"), Kind: get("kind"), Answer: get("answer"), Tolerance: json.Number(get("tolerance")),
		Options: strings.Split(get("options"), "\n"), Student: get("student"), Block: get("block")}
}

// on is the input's on, true when absent.
func (in flowInput) on() bool { return in.On == nil || *in.On }

// flowAction is one step of the teaching flow: run does it on the class
// and returns the API's answer. Created answers 201 instead of 200.
type flowAction struct {
	run     func(cr *Room, ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error)
	created bool
}

// flowActions are the steps by their name in the routes.
var flowActions = map[string]flowAction{
	"close":     {run: (*Room).flowClose},
	"reopen":    {run: (*Room).flowReopen},
	"show":      {run: (*Room).flowShow},
	"timer":     {run: (*Room).flowTimer},
	"round":     {run: (*Room).flowRound, created: true},
	"own":       {run: (*Room).flowOwn, created: true},
	"nicknames": {run: (*Room).flowNicknames},
	"joinword":  {run: (*Room).flowJoinWord},
	"lock":      {run: (*Room).flowLock},
	"prune":     {run: (*Room).flowPrune},
	"remove":    {run: (*Room).flowRemove},
	"queue":     {run: (*Room).flowQueue},
	"unqueue":   {run: (*Room).flowUnqueue},
	"next":      {run: (*Room).flowNext, created: true},
	"end":       {run: (*Room).flowEnd},
}

// conflict is a flow step the class's state forbids (409).
func conflict(key string, args ...any) *httperr.Error {
	return &httperr.Error{Code: "flow_conflict", Key: key, Args: args}
}

// current is the class's current question, or the refusal to act without
// one.
func (cr *Room) current(ctx context.Context, c store.Class) (store.Question, *httperr.Error, error) {
	if c.Question == 0 {
		return store.Question{}, conflict("class.err.flow.noquestion"), nil
	}
	q, err := cr.st.Question(ctx, c.Code, c.Question)
	return q, nil, err
}

// flowClose closes the current question's voting without revealing.
func (cr *Room) flowClose(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	return cr.setVoting(ctx, c, false)
}

// flowReopen re-opens the current question's voting (not once revealed)
// and clears its timer.
func (cr *Room) flowReopen(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	return cr.setVoting(ctx, c, true)
}

func (cr *Room) setVoting(ctx context.Context, c store.Class, open bool) (map[string]any, *httperr.Error, error) {
	q, refused, err := cr.current(ctx, c)
	if refused != nil || err != nil {
		return nil, refused, err
	}
	if err := cr.st.SetVoting(ctx, c.Code, q.ID, open); errors.Is(err, store.ErrClosed) {
		return nil, conflict("class.err.flow.revealed"), nil
	} else if err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "flow")
	return map[string]any{"question": strconv.Itoa(q.ID), "open": open}, nil, nil
}

// flowShow shows (or with on false hides) the current question's
// distribution on the projector, without its answer.
func (cr *Room) flowShow(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	q, refused, err := cr.current(ctx, c)
	if refused != nil || err != nil {
		return nil, refused, err
	}
	if err := cr.st.SetShown(ctx, c.Code, q.ID, in.on()); err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "show") // the projector's only: phones never see the spread
	return map[string]any{"question": strconv.Itoa(q.ID), "shown": in.on()}, nil, nil
}

// flowTimer sets the current question's countdown: seconds from now
// (0: none), stored so that every replica closes voting at the same time.
func (cr *Room) flowTimer(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	secs, err := strconv.Atoi(string(in.Seconds))
	if err != nil || secs < 0 || secs > maxTimer {
		return nil, &httperr.Error{Code: "invalid", Field: "seconds", Key: "class.err.flow.timer", Args: []any{maxTimer}}, nil
	}
	q, refused, err := cr.current(ctx, c)
	if refused != nil || err != nil {
		return nil, refused, err
	}
	var deadline time.Time
	if secs > 0 {
		deadline = time.Now().Add(time.Duration(secs) * time.Second)
	}
	if err := cr.st.SetDeadline(ctx, c.Code, q.ID, deadline); errors.Is(err, store.ErrClosed) {
		return nil, conflict("class.err.flow.revealed"), nil
	} else if err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "flow")
	out := map[string]any{"question": strconv.Itoa(q.ID), "deadline": nil}
	if secs > 0 {
		out["deadline"] = deadline.UTC().Format(time.RFC3339Nano)
	}
	return out, nil, nil
}

// flowRound asks the current question again as its second round.
func (cr *Room) flowRound(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	q, refused, err := cr.current(ctx, c)
	if refused != nil || err != nil {
		return nil, refused, err
	}
	r, err := cr.st.AskRound(ctx, c.Code, q.ID, time.Now())
	if errors.Is(err, store.ErrExists) {
		return nil, conflict("class.err.flow.round"), nil
	} else if err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "ask")
	return map[string]any{"question": strconv.Itoa(r.ID), "round": 2, "round_of": strconv.Itoa(q.ID)}, nil, nil
}

// flowOwn asks the teacher's own question.
func (cr *Room) flowOwn(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	sp, refused := ownSpec(in.Text, in.Kind, in.Answer, string(in.Tolerance), in.Options)
	if refused != nil {
		return nil, refused, nil
	}
	q, err := cr.st.Ask(ctx, c.Code, sp.Encode(), time.Now())
	if err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "ask")
	return map[string]any{"question": strconv.Itoa(q.ID)}, nil, nil
}

// flowNicknames turns the nickname option on or off.
func (cr *Room) flowNicknames(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	if err := cr.st.SetNicknames(ctx, c.Code, in.on()); err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "flow")
	return map[string]any{"nicknames": in.on()}, nil, nil
}

// flowJoinWord turns the class's join word on or off: with it, a device
// takes a seat only by typing the word the wall shows (joinword.go).
func (cr *Room) flowJoinWord(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	if err := cr.st.SetAdmission(ctx, c.Code, in.on(), c.Locked); err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "flow")
	return map[string]any{"join_word": in.on()}, nil, nil
}

// flowLock locks joining (no new seat) or opens it again.
func (cr *Room) flowLock(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	if err := cr.st.SetAdmission(ctx, c.Code, c.JoinWord, in.on()); err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "flow")
	return map[string]any{"locked": in.on()}, nil, nil
}

// flowPrune removes every student who answered nothing (a script's seats,
// or phones that left), freeing their seats; they may join again.
func (cr *Room) flowPrune(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	n, err := cr.st.RemoveSilent(ctx, c.Code)
	if err != nil {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "join")
	return map[string]any{"removed": n}, nil, nil
}

// flowRemove removes one student, named by its pseudonymous id, with its
// answers: a seat the teacher saw a script take.
func (cr *Room) flowRemove(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	secret, err := cr.st.ClassSecret(ctx, c.Code)
	if err != nil {
		return nil, nil, err
	}
	sts, err := cr.st.Students(ctx, c.Code)
	if err != nil {
		return nil, nil, err
	}
	for _, st := range sts {
		if pseudonym(secret, st.Device) != in.Student {
			continue
		}
		if err := cr.st.RemoveStudent(ctx, c.Code, st.Device); err != nil && !errors.Is(err, store.ErrNotStudent) {
			return nil, nil, err
		}
		cr.publish(ctx, c.Code, "join")
		return map[string]any{"removed": in.Student}, nil, nil
	}
	return nil, &httperr.Error{Code: "invalid", Field: "student", Key: "class.err.student", Args: []any{in.Student}}, nil
}

// flowEnd ends the class: its questions, students and answers are deleted
// now, and every stream following it says so. It needs confirm.
func (cr *Room) flowEnd(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	if !in.Confirm {
		return nil, &httperr.Error{Code: "invalid", Field: "confirm", Key: "class.err.flow.confirm"}, nil
	}
	if err := cr.st.DeleteClass(ctx, c.Code); err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, nil, err
	}
	cr.publish(ctx, c.Code, "end")
	return map[string]any{"deleted": true}, nil, nil
}

// flowStep runs the route's flow action for the teacher's class and
// answers a refusal; ok false once answered.
func (cr *Room) flowStep(w http.ResponseWriter, r *http.Request, c store.Class, in flowInput) (flowAction, map[string]any, bool) {
	name := chi.URLParam(r, "action")
	a, found := flowActions[name]
	if !found {
		cr.fail(w, r, "not_found", "action", "class.err.flow.action", truncate(name, 32))
		return a, nil, false
	}
	out, refused, err := a.run(cr, r.Context(), c, in)
	if err != nil {
		cr.failWith(w, r, err)
		return a, nil, false
	}
	if refused != nil {
		httperr.Write(w, r, refused)
		return a, nil, false
	}
	return a, out, true
}

// handleClassFlow handles the "POST /class/{code}/flow/{action}" route:
// the console's flow forms (CSRF-checked, from the teacher). 303
// back to the console; ending the class answers the page that says so.
func (cr *Room) handleClassFlow(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherForm(w, r)
	if !ok {
		return
	}
	if _, _, ok := cr.flowStep(w, r, c, formInput(r.PostForm)); !ok {
		return
	}
	lang := i18n.Of(r)
	if chi.URLParam(r, "action") == "end" {
		t := lang.T
		noStore(w)
		page.Render(w, r, templates.ClassEndedPage(templates.ClassEnded{
			Page:    classFrame(lang, t("class.flow.ended.heading", c.Code), "/class"),
			Heading: t("class.flow.ended.heading", c.Code), Body: t("class.flow.ended.body"),
			Again: templates.Link{Label: t("class.flow.ended.new"), URL: "/class?lang=" + string(lang)},
		}))
		return
	}
	http.Redirect(w, r, teachURL(c.Code, lang, ""), http.StatusSeeOther)
}

// handleAPIClassFlow handles the "POST /api/v1/classes/{code}/flow/{action}"
// route (Bearer key): a JSON object of flowInput's fields (an empty body is
// an empty object); 200 or 201 with the step's result, or a 4xx naming the
// field.
func (cr *Room) handleAPIClassFlow(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	var in flowInput
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxClassFormBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil && !errors.Is(err, io.EOF) {
		cr.fail(w, r, "bad_json", "body", "class.err.flow.json")
		return
	}
	a, out, ok := cr.flowStep(w, r, c, in)
	if !ok {
		return
	}
	status := http.StatusOK
	if a.created {
		status = http.StatusCreated
	}
	writeJSON(w, status, out)
}

// flowResults adds a question's flow to the API's results: its round (and
// the question it repeats), whether voting is open, whether the spread is
// shown, and its deadline (null: no timer).
func flowResults(out map[string]any, q store.Question, now time.Time) {
	out["round"], out["open"], out["shown"], out["deadline"] = q.Round(), q.Open(now), q.Shown, nil
	if q.RoundOf != 0 {
		out["round_of"] = strconv.Itoa(q.RoundOf)
	}
	if !q.Deadline.IsZero() {
		out["deadline"] = q.Deadline.UTC().Format(time.RFC3339Nano)
	}
}
