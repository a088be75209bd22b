package class

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// handleJoinForm handles the "GET /join" route: type the code; ?code=
// goes on to the class.
func (cr *Room) handleJoinForm(w http.ResponseWriter, r *http.Request) {
	lang := i18n.Of(r)
	t := lang.T
	f := templates.Field{ID: "join-code", Name: "code", Label: t("class.join.label"), Kind: "text"}
	if raw := r.URL.Query().Get("code"); raw != "" {
		if code, ok := NormalizeCode(raw); ok {
			http.Redirect(w, r, "/join/"+code+langSuffix(r), http.StatusSeeOther)
			return
		}
		f.Value, f.Error = raw, t("class.join.bad", raw)
		httperr.WriteStatus(w, http.StatusUnprocessableEntity)
	}
	vm := templates.ClassJoin{Page: phoneFrame(lang, t("class.join.heading"), "/join"), Heading: t("class.join.heading"),
		Code: f, Submit: t("class.join.button")}
	if _, ok := i18n.Parse(r.URL.Query().Get("lang")); ok {
		vm.Lang = string(lang)
	}
	page.Render(w, r, templates.ClassJoinPage(vm))
}

// langSuffix keeps lang= of a request on a redirect.
func langSuffix(r *http.Request) string {
	if l, ok := i18n.Parse(r.URL.Query().Get("lang")); ok {
		return "?lang=" + string(l)
	}
	return ""
}

// handleClassPhone handles the "GET /join/{code}" route: a student's page.
// It gives a device cookie (no name) but takes no seat: a link preview or
// a reload is not a student; the first answer is (storeAnswer).
func (cr *Room) handleClassPhone(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	raw := chi.URLParam(r, "code")
	code, ok := NormalizeCode(raw)
	if !ok {
		cr.fail(w, r, "not_found", "code", "class.join.bad", raw)
		return
	}
	if code != raw {
		http.Redirect(w, r, "/join/"+code+langSuffix(r), http.StatusSeeOther)
		return
	}
	cr.phonePage(w, r, code, http.StatusOK, "")
}

// phonePage renders a student's page with an optional problem and status.
func (cr *Room) phonePage(w http.ResponseWriter, r *http.Request, code string, status int, problem string) {
	c, ok := cr.loadClass(w, r, code)
	if !ok {
		return
	}
	lang := i18n.Of(r)
	device, _ := cr.deviceID(w, r)
	noStore(w)
	q, err := cr.currentQuestion(r.Context(), c)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	pq, err := cr.phoneQuestion(r.Context(), lang, c, q, device, cr.csrfToken(w, r), problem)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	t := lang.T
	vm := templates.ClassPhone{
		Page:    phoneFrame(lang, t("class.teach.heading", c.Code), "/join/"+c.Code),
		Heading: t("class.teach.heading", c.Code),
		Stream:  "/class/" + c.Code + "/events?lang=" + string(lang), SSEScript: static.Path("htmx-ext-sse.min.js"),
		Q: pq,
	}
	vm.Page.Scripts = append(vm.Page.Scripts, static.Path("class-answer.js"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	httperr.WriteStatus(w, status)
	page.Render(w, r, templates.ClassPhonePage(vm))
}

// handleClassAnswer handles the "POST /class/{code}/answer" route: field a
// is the answer to question q. 303 back to the phone page; a refused
// answer shows the page again with the reason and a 4xx. Without a valid
// device cookie nothing is stored: the page comes back (409) with a fresh
// cookie, asking to send again, so a client that drops its cookies cannot
// be a new student at every answer.
func (cr *Room) handleClassAnswer(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	code, lang := chi.URLParam(r, "code"), i18n.Of(r)
	device, fresh := cr.deviceID(w, r)
	if fresh {
		cr.phonePage(w, r, code, http.StatusConflict, lang.T("class.err.cookie"))
		return
	}
	qid, valid := questionID(r.PostForm.Get("q"))
	if !valid {
		cr.phonePage(w, r, code, http.StatusUnprocessableEntity, lang.T("class.err.badq"))
		return
	}
	send := cr.answerSend(r, code, device)
	sp, err := cr.spec(r.Context(), code, qid)
	if err == nil {
		raw := r.PostForm.Get("a")
		value, verr := sp.Normalize(raw)
		if verr != nil {
			cr.phonePage(w, r, code, http.StatusUnprocessableEntity, answerProblem(lang, verr, raw))
			return
		}
		err = cr.storeAnswer(r.Context(), r, code, qid, device, value, send)
	}
	code2, _, key, args, refused := cr.refusal(err)
	var noSeat *noSeatError
	switch {
	case errors.As(err, &noSeat), errors.Is(err, errLocked), errors.Is(err, errNeedWord):
		cr.enrolRefused(w, r, code, err)
	case err == nil:
		// The answer is stored; telling the projectors need not hold the phone.
		go cr.publish(context.WithoutCancel(r.Context()), code, "answer")
		http.Redirect(w, r, "/join/"+code+"?lang="+string(lang), http.StatusSeeOther)
	case errors.Is(err, store.ErrClosed), errors.Is(err, store.ErrNotFound):
		cr.answerClosed(w, r, code, qid)
	case refused:
		// A full class or a spent answer cap: the phone shows it once (a 4xx
		// is never resent, class-answer.js), on its own page.
		cr.phonePage(w, r, code, httperr.Status(code2), lang.T(key, args...))
	default: // the store failed: the phone sends again, with its stamp
		cr.resendPage(w, r, code, cr.answerWaits(code, qid, device, send), err)
	}
}

// answerProblem is why an answer cannot be read, in the student's language.
func answerProblem(lang i18n.Lang, err error, raw string) string {
	t := lang.T
	msg := map[error]string{ErrEmpty: t("class.err.empty"), ErrTooLong: t("class.err.long", MaxAnswerLen),
		ErrNotSign: t("class.err.sign"), ErrNotOpt: t("class.err.option")}[err]
	if msg == "" {
		msg = t("class.err.number", truncate(raw, MaxAnswerLen))
	}
	return msg
}

// storeAnswer stores a device's answer (a resend of send counts once, a
// late replay of an older send changes nothing), judged against the
// deadline as sent at send.At, once the timers got back what a store
// outage took (recoverStore): one statement in the usual case; a device
// that has not joined yet (its first answer) enrols first.
func (cr *Room) storeAnswer(ctx context.Context, r *http.Request, code string, qid int, device, value string, send store.Send) error {
	if err := cr.recoverStore(ctx); err != nil {
		return err
	}
	err := cr.st.Answer(ctx, code, qid, device, value, send, maxAnswerChanges, time.Now())
	if !errors.Is(err, store.ErrNotStudent) {
		return err
	}
	if err := cr.enrol(ctx, r, code, device, false); err != nil {
		return err
	}
	return cr.st.Answer(ctx, code, qid, device, value, send, maxAnswerChanges, time.Now())
}

// enrol makes device a student of code with its first form (an answer, or
// a nickname when the teacher asks for one): it takes a seat of the
// request's address (takeSeat) and joins, within the class's cap
// (store.ErrFull, and no seat taken, once it is reached). A locked class
// seats nobody (errLocked); a class with its join word seats only a device
// that typed it (withWord; else errNeedWord).
func (cr *Room) enrol(ctx context.Context, r *http.Request, code, device string, withWord bool) error {
	// A refusal comes before the address's seat is spent: phones that are
	// turned away must not use up their network's seats.
	c, err := cr.st.Class(ctx, code, time.Now())
	switch {
	case err != nil:
		return err
	case c.Locked:
		return errLocked
	case c.JoinWord && !withWord:
		return errNeedWord
	case c.Students >= cr.maxStudents:
		return store.ErrFull
	}
	if err := cr.takeSeat(ctx, r); err != nil {
		return err
	}
	if err := cr.st.Join(ctx, code, device, cr.maxStudents, time.Now()); err != nil {
		return err
	}
	// The student is in; telling the projectors need not hold the phone
	// (a NOTIFY a join: 1,000 at once queue on PostgreSQL's one queue).
	go cr.publish(context.WithoutCancel(ctx), code, "join")
	return nil
}

// answerClosed explains a refused answer on the phone's page
// (closedAnswer), or that the class is gone (404).
func (cr *Room) answerClosed(w http.ResponseWriter, r *http.Request, code string, qid int) {
	c, ok := cr.loadClass(w, r, code)
	if !ok {
		return
	}
	status, key := cr.closedAnswer(r.Context(), c, qid)
	cr.phonePage(w, r, c.Code, status, i18n.Of(r).T(key))
}

// spec is a question's spec, from memory after the first read: a question
// never changes once asked.
func (cr *Room) spec(ctx context.Context, code string, qid int) (Spec, error) {
	key := code + "/" + strconv.Itoa(qid)
	if sp, ok := cr.specs.Get(key); ok {
		return sp, nil
	}
	if qid <= 0 {
		return Spec{}, store.ErrNotFound
	}
	q, err := cr.st.Question(ctx, code, qid)
	if err != nil {
		return Spec{}, err
	}
	sp, err := DecodeSpec(q.Spec)
	if err != nil {
		return sp, err
	}
	cr.specs.Put(key, sp)
	return sp, nil
}

// truncate cuts s to n runes.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
