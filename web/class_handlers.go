package web

import (
	"context"
	"encoding/csv"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/class"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// classFrame is the frame of the class pages (no presentation toggle, no
// QR of the page itself: the console shows the join link's).
func classFrame(lang i18n.Lang, title, path string) templates.Page {
	p := frame(frameSpec{self: pageLink{path: path, lang: lang}, title: title + " — " + lang.T("brand")})
	p.QR = templates.Link{}
	return p
}

// handleClassStart handles the "GET /class" route: the form that starts a
// class (it holds a CSRF token, so it is never cached).
func (cr *classRoom) handleClassStart(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	lang := classLang(r)
	t := lang.T
	noStore(w)
	vm := templates.ClassStart{
		Page:    classFrame(lang, t("class.title"), "/class"),
		Heading: t("class.start.heading"), Intro: t("class.start.intro", cr.ttl.String()),
		Form: templates.ClassForm{Action: "/class", CSRF: cr.csrfToken(w, r), Lang: string(lang), Submit: t("class.start.button")},
		From: templates.Field{ID: "class-from", Name: "from", Label: t("class.start.from"), Value: r.URL.Query().Get("from"), Kind: "text"},
	}
	render(w, r, templates.ClassStartPage(vm))
}

// createClass makes a class with a fresh code (retrying a taken one) and
// key, within the per-address hourly limit.
func (cr *classRoom) createClass(w http.ResponseWriter, r *http.Request) (code, key string, ok bool) {
	if !cr.starts.allow(r, time.Now()) {
		w.Header().Set("Retry-After", "3600")
		cr.fail(w, r, classLang(r), http.StatusTooManyRequests, "rate_limited", "", "class.err.rate", classesPerHour)
		return "", "", false
	}
	key = class.NewKey()
	now := time.Now()
	for range 8 {
		code = class.NewCode()
		err := cr.st.CreateClass(r.Context(), store.Class{Code: code, KeyHash: class.HashKey(key), Created: now, Expires: now.Add(cr.ttl)})
		if err == nil {
			return code, key, true
		}
		if !errors.Is(err, store.ErrExists) {
			cr.internal(w, r, err)
			return "", "", false
		}
	}
	cr.internal(w, r, errors.New("no free class code after 8 tries"))
	return "", "", false
}

// teachURL is the console's address; the key rides in the query (logs keep
// the route pattern only).
func teachURL(code, key string, lang i18n.Lang, from string) string {
	q := url.Values{"k": {key}, "lang": {string(lang)}}
	if from != "" {
		q.Set("from", from)
	}
	return "/class/" + code + "/teach?" + q.Encode()
}

// handleClassCreate handles the "POST /class" route: 303 to the console.
func (cr *classRoom) handleClassCreate(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	code, key, ok := cr.createClass(w, r)
	if !ok {
		return
	}
	from := r.PostForm.Get("from")
	if len(from) > 8<<10 {
		from = ""
	}
	http.Redirect(w, r, teachURL(code, key, classLang(r), from), http.StatusSeeOther)
}

// handleClassTeach handles the "GET /class/{code}/teach" route: the
// console, for the holder of the key only.
func (cr *classRoom) handleClassTeach(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	c, key, ok := cr.teacher(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	lang := classLang(r)
	t := lang.T
	noStore(w)
	csrf := cr.csrfToken(w, r)
	live, err := cr.live(r.Context(), lang, c, key, csrf)
	if err != nil {
		cr.internal(w, r, err)
		return
	}
	join := cr.baseURL(r) + "/join/" + c.Code
	form := templates.ClassForm{Action: "/class/" + c.Code + "/ask", CSRF: csrf, Key: key, Lang: string(lang), Submit: t("class.ask.button")}
	from := r.URL.Query().Get("from")
	vm := templates.ClassTeach{
		Page:      classFrame(lang, t("class.teach.heading", c.Code), "/class"),
		Heading:   t("class.teach.heading", c.Code),
		CodeLabel: t("class.code"), Code: c.Code,
		JoinAt:  t("class.join.at", strings.TrimPrefix(strings.TrimPrefix(cr.baseURL(r), "https://"), "http://")+"/join"),
		JoinURL: join, QR: "/qr.svg?u=" + url.QueryEscape("/join/"+c.Code), QRAlt: t("class.qr.alt"),
		Keep:      t("class.teach.keep"),
		Loopback:  cr.loopbackWarning(r),
		Stream:    "/class/" + c.Code + "/teach/events?" + url.Values{"k": {key}, "lang": {string(lang)}}.Encode(),
		SSEScript: static.Path("htmx-ext-sse.min.js"),
		Live:      live,
		Ask: templates.ClassAsk{
			Heading: t("class.ask.heading"), Form: form,
			BlockTitle: t("class.ask.block"),
			Block:      templates.Select{ID: "ask-block", Name: "block", Label: t("class.ask.block.label"), Options: blockOptions(lang)},
			CellTitle:  t("class.ask.cell"),
			Link:       templates.Field{ID: "ask-link", Name: "link", Label: t("class.ask.link"), Value: from, Kind: "text"},
			Cell:       templates.Field{ID: "ask-cell", Name: "cell", Label: t("class.ask.cellid"), Kind: "text"},
		},
		CSV: templates.Link{Label: t("class.csv"), URL: "/class/" + c.Code + "/results.csv?" + url.Values{"k": {key}}.Encode()},
	}
	render(w, r, templates.ClassTeachPage(vm))
}

// ask adds a question from form or JSON fields: a lesson block ("slug" and
// "predict-i", or "slug#predict-i" in block alone) or a link and a cell.
func (cr *classRoom) ask(ctx context.Context, code, lesson, block, link, cell string) (store.Question, *askError, error) {
	if lesson == "" && strings.Contains(block, "#") {
		lesson, block, _ = strings.Cut(block, "#")
	}
	var sp class.Spec
	var ae *askError
	switch {
	case lesson != "" && block != "":
		sp, ae = blockSpec(lesson, block)
	case link != "" && cell != "":
		sp, ae = cellSpec(link, cell)
	default:
		ae = &askError{field: "block", key: "class.err.ask"}
	}
	if ae != nil {
		return store.Question{}, ae, nil
	}
	q, err := cr.st.Ask(ctx, code, sp.Encode(), time.Now())
	if err != nil {
		return q, nil, err
	}
	cr.publish(ctx, code, "ask")
	return q, nil, nil
}

// handleClassAsk handles the "POST /class/{code}/ask" route (the console's
// forms): 303 back to the console.
func (cr *classRoom) handleClassAsk(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, key, ok := cr.teacher(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	f := r.PostForm
	_, ae, err := cr.ask(r.Context(), c.Code, "", f.Get("block"), f.Get("link"), f.Get("cell"))
	if err != nil {
		cr.internal(w, r, err)
		return
	}
	if ae != nil {
		cr.fail(w, r, classLang(r), http.StatusUnprocessableEntity, "invalid", ae.field, ae.key, ae.args...)
		return
	}
	http.Redirect(w, r, teachURL(c.Code, key, classLang(r), f.Get("link")), http.StatusSeeOther)
}

// reveal closes the current question.
func (cr *classRoom) reveal(ctx context.Context, c store.Class) (bool, error) {
	if c.Question == 0 {
		return false, nil
	}
	if err := cr.st.Reveal(ctx, c.Code, c.Question); err != nil {
		return false, err
	}
	cr.publish(ctx, c.Code, "reveal")
	return true, nil
}

// handleClassReveal handles the "POST /class/{code}/reveal" route.
func (cr *classRoom) handleClassReveal(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, key, ok := cr.teacher(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	if done, err := cr.reveal(r.Context(), c); err != nil {
		cr.internal(w, r, err)
		return
	} else if !done {
		cr.fail(w, r, classLang(r), http.StatusConflict, "no_question", "", "class.err.noquestion")
		return
	}
	http.Redirect(w, r, teachURL(c.Code, key, classLang(r), ""), http.StatusSeeOther)
}

// handleClassCSV handles the "GET /class/{code}/results.csv" route: every
// answer of every question, one row each.
func (cr *classRoom) handleClassCSV(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	c, _, ok := cr.teacher(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	qs, err := cr.st.Questions(r.Context(), c.Code)
	if err != nil {
		cr.internal(w, r, err)
		return
	}
	noStore(w)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="class-`+c.Code+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"question", "kind", "lesson", "block", "link", "cell", "correct", "student", "answer", "changes", "right", "diagnosis", "updated"})
	for _, q := range qs {
		sp, _, as, err := results(r.Context(), cr.st, q)
		if err != nil {
			cr.logger.Error("class csv", "err", err)
			break
		}
		for i, a := range as {
			diag := ""
			right := sp.Right(a.Value)
			if !right {
				diag = sp.Diagnosis(a.Value)
			}
			cw.Write([]string{strconv.Itoa(q.ID), sp.Kind, sp.Lesson, sp.Block, sp.Link, sp.Cell, sp.Correct(),
				strconv.Itoa(i + 1), csvSafe(a.Value), strconv.Itoa(a.Changes), strconv.FormatBool(right), diag,
				a.Updated.UTC().Format(time.RFC3339)})
		}
	}
	cw.Flush()
}

// csvSafe keeps a spreadsheet from reading an answer as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return "'" + s
		}
	}
	return s
}

// handleJoinForm handles the "GET /join" route: type the code; ?code=
// goes on to the class.
func (cr *classRoom) handleJoinForm(w http.ResponseWriter, r *http.Request) {
	lang := classLang(r)
	t := lang.T
	f := templates.Field{ID: "join-code", Name: "code", Label: t("class.join.label"), Kind: "text"}
	if raw := r.URL.Query().Get("code"); raw != "" {
		if code, ok := class.NormalizeCode(raw); ok {
			http.Redirect(w, r, "/join/"+code+langSuffix(r), http.StatusSeeOther)
			return
		}
		f.Value, f.Error = raw, t("class.join.bad", raw)
		w.WriteHeader(http.StatusUnprocessableEntity)
	}
	vm := templates.ClassJoin{Page: classFrame(lang, t("class.join.heading"), "/join"), Heading: t("class.join.heading"),
		Code: f, Submit: t("class.join.button")}
	if _, ok := i18n.Parse(r.URL.Query().Get("lang")); ok {
		vm.Lang = string(lang)
	}
	render(w, r, templates.ClassJoinPage(vm))
}

// langSuffix keeps lang= of a request on a redirect.
func langSuffix(r *http.Request) string {
	if l, ok := i18n.Parse(r.URL.Query().Get("lang")); ok {
		return "?lang=" + string(l)
	}
	return ""
}

// handleClassPhone handles the "GET /join/{code}" route: a student's page.
// The first visit joins the class (a device cookie, no name).
func (cr *classRoom) handleClassPhone(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	raw := chi.URLParam(r, "code")
	code, ok := class.NormalizeCode(raw)
	if !ok {
		cr.fail(w, r, classLang(r), http.StatusNotFound, "not_found", "code", "class.join.bad", raw)
		return
	}
	if code != raw {
		http.Redirect(w, r, "/join/"+code+langSuffix(r), http.StatusSeeOther)
		return
	}
	cr.phonePage(w, r, code, http.StatusOK, "")
}

// phonePage renders a student's page with an optional problem and status.
func (cr *classRoom) phonePage(w http.ResponseWriter, r *http.Request, code string, status int, problem string) {
	c, ok := cr.loadClass(w, r, code)
	if !ok {
		return
	}
	lang := classLang(r)
	device, fresh := cr.deviceID(w, r)
	if err := cr.st.Join(r.Context(), c.Code, device, cr.maxStudents, time.Now()); err != nil {
		if errors.Is(err, store.ErrFull) {
			cr.fail(w, r, lang, http.StatusServiceUnavailable, "class_full", "", "class.err.full", cr.maxStudents)
			return
		}
		cr.internal(w, r, err)
		return
	}
	if fresh {
		cr.publish(r.Context(), c.Code, "join")
	}
	noStore(w)
	pq, err := cr.phoneQuestion(r.Context(), lang, c, device, cr.csrfToken(w, r), problem)
	if err != nil {
		cr.internal(w, r, err)
		return
	}
	t := lang.T
	vm := templates.ClassPhone{
		Page:    classFrame(lang, t("class.teach.heading", c.Code), "/join/"+c.Code),
		Heading: t("class.teach.heading", c.Code),
		Stream:  "/class/" + c.Code + "/events?lang=" + string(lang), SSEScript: static.Path("htmx-ext-sse.min.js"),
		Q: pq,
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	render(w, r, templates.ClassPhonePage(vm))
}

// handleClassAnswer handles the "POST /class/{code}/answer" route: field a
// is the answer to question q. 303 back to the phone page; a refused
// answer shows the page again with the reason and a 4xx.
func (cr *classRoom) handleClassAnswer(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	code := chi.URLParam(r, "code")
	lang := classLang(r)
	t := lang.T
	device, _ := cr.deviceID(w, r)
	qid, _ := strconv.Atoi(r.PostForm.Get("q"))
	sp, err := cr.spec(r.Context(), code, qid)
	if errors.Is(err, store.ErrNotFound) {
		cr.answerClosed(w, r, code, qid)
		return
	}
	if err != nil {
		cr.internal(w, r, err)
		return
	}
	raw := r.PostForm.Get("a")
	value, verr := sp.Normalize(raw)
	if verr != nil {
		msg := map[error]string{class.ErrEmpty: t("class.err.empty"), class.ErrTooLong: t("class.err.long", class.MaxAnswerLen),
			class.ErrNotSign: t("class.err.sign"), class.ErrNotOpt: t("class.err.option")}[verr]
		if msg == "" {
			msg = t("class.err.number", truncate(raw, class.MaxAnswerLen))
		}
		cr.phonePage(w, r, code, http.StatusUnprocessableEntity, msg)
		return
	}
	// One statement in the usual case; a device that has not joined yet
	// (its first request is this answer) joins, within the class's cap.
	err = cr.st.Answer(r.Context(), code, qid, device, value, maxAnswerChanges, time.Now())
	if errors.Is(err, store.ErrNotStudent) {
		if err = cr.st.Join(r.Context(), code, device, cr.maxStudents, time.Now()); err == nil {
			err = cr.st.Answer(r.Context(), code, qid, device, value, maxAnswerChanges, time.Now())
		}
	}
	switch {
	case errors.Is(err, store.ErrFull):
		cr.fail(w, r, lang, http.StatusServiceUnavailable, "class_full", "", "class.err.full", cr.maxStudents)
		return
	case errors.Is(err, store.ErrClosed), errors.Is(err, store.ErrNotFound):
		cr.answerClosed(w, r, code, qid)
		return
	case errors.Is(err, store.ErrTooMany):
		cr.phonePage(w, r, code, http.StatusTooManyRequests, t("class.err.changes", maxAnswerChanges))
		return
	case err != nil:
		cr.internal(w, r, err)
		return
	}
	c := store.Class{Code: code}
	// The answer is stored; telling the projectors need not hold the phone.
	go cr.publish(context.WithoutCancel(r.Context()), c.Code, "answer")
	http.Redirect(w, r, "/join/"+c.Code+"?lang="+string(lang), http.StatusSeeOther)
}

// answerClosed explains a refused answer on the phone's page: the question
// was revealed (409), or the teacher has asked another (409), or the class
// is gone (404).
func (cr *classRoom) answerClosed(w http.ResponseWriter, r *http.Request, code string, qid int) {
	c, ok := cr.loadClass(w, r, code)
	if !ok {
		return
	}
	key := "class.err.closed"
	if qid != c.Question {
		key = "class.err.stale"
	}
	cr.phonePage(w, r, c.Code, http.StatusConflict, classLang(r).T(key))
}

// spec is a question's spec, from memory after the first read: a question
// never changes once asked.
func (cr *classRoom) spec(ctx context.Context, code string, qid int) (class.Spec, error) {
	key := code + "/" + strconv.Itoa(qid)
	cr.specsMu.Lock()
	sp, ok := cr.specs[key]
	cr.specsMu.Unlock()
	if ok {
		return sp, nil
	}
	if qid <= 0 {
		return class.Spec{}, store.ErrNotFound
	}
	q, err := cr.st.Question(ctx, code, qid)
	if err != nil {
		return class.Spec{}, err
	}
	if sp, err = class.DecodeSpec(q.Spec); err != nil {
		return sp, err
	}
	cr.specsMu.Lock()
	if len(cr.specs) >= 4096 {
		clear(cr.specs)
	}
	cr.specs[key] = sp
	cr.specsMu.Unlock()
	return sp, nil
}

// truncate cuts s to n runes.
func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
