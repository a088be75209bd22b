package class

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/clientip"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// classFrame is the frame of the class pages (no presentation toggle, no
// QR of the page itself: the console shows the join link's).
func classFrame(lang i18n.Lang, title, path string) templates.Page {
	p := page.Frame(page.FrameSpec{Self: page.Link{Path: path, Lang: lang}, Title: title + " — " + lang.T("brand")})
	p.QR = templates.Link{}
	return p
}

// handleClassStart handles the "GET /class" route: the form that starts a
// class (it holds a CSRF token, so it is never cached).
func (cr *Room) handleClassStart(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	lang := i18n.Of(r)
	t := lang.T
	noStore(w)
	vm := templates.ClassStart{
		Page:    classFrame(lang, t("class.title"), "/class"),
		Heading: t("class.start.heading"), Intro: t("class.start.intro", cr.ttl.String()),
		Form: templates.ClassForm{Action: "/class", CSRF: cr.csrfToken(w, r), Lang: string(lang), Submit: t("class.start.button")},
		From: templates.Field{ID: "class-from", Name: "from", Label: t("class.start.from"), Value: r.URL.Query().Get("from"), Kind: "text"},
	}
	page.Render(w, r, templates.ClassStartPage(vm))
}

// createClass makes a class with a fresh code (retrying a taken one) and
// key, within the per-address hourly limit.
func (cr *Room) createClass(w http.ResponseWriter, r *http.Request) (code, key string, ok bool) {
	if ok, _ := cr.starts.Take(clientip.Addr(r), time.Now()); !ok {
		w.Header().Set("Retry-After", "3600")
		cr.fail(w, r, "rate_limited", "", "class.err.rate", classesPerHour)
		return "", "", false
	}
	key = NewKey()
	now := time.Now()
	for range 8 {
		code = NewCode()
		err := cr.st.CreateClass(r.Context(), store.Class{Code: code, KeyHash: HashKey(key), Created: now, Expires: now.Add(cr.ttl)})
		if err == nil {
			return code, key, true
		}
		if !errors.Is(err, store.ErrExists) {
			cr.failWith(w, r, err)
			return "", "", false
		}
	}
	cr.failWith(w, r, errors.New("no free class code after 8 tries"))
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
func (cr *Room) handleClassCreate(w http.ResponseWriter, r *http.Request) {
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
	http.Redirect(w, r, teachURL(code, key, i18n.Of(r), from), http.StatusSeeOther)
}

// handleClassTeach handles the "GET /class/{code}/teach" route: the
// console, for the holder of the key only.
func (cr *Room) handleClassTeach(w http.ResponseWriter, r *http.Request) {
	c, key, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	lang := i18n.Of(r)
	t := lang.T
	noStore(w)
	csrf := cr.csrfToken(w, r)
	live, err := cr.live(r.Context(), lang, c, key, csrf)
	if err != nil {
		cr.failWith(w, r, err)
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
	if vm.Flow, err = cr.flowControls(r.Context(), lang, c, csrf, key); err != nil {
		cr.failWith(w, r, err)
		return
	}
	page.Render(w, r, templates.ClassTeachPage(vm))
}

// ask adds a question from form or JSON fields: a lesson block ("slug" and
// "predict-i", or "slug#predict-i" in block alone) or a link and a cell.
func (cr *Room) ask(ctx context.Context, code, lesson, block, link, cell string) (store.Question, *askError, error) {
	if lesson == "" && strings.Contains(block, "#") {
		lesson, block, _ = strings.Cut(block, "#")
	}
	var sp Spec
	var ae *askError
	switch {
	case lesson != "" && block != "":
		sp, ae = BlockSpec(lesson, block)
	case link != "" && cell != "":
		sp, ae = cellSpec(link, cell)
	default:
		ae = &askError{field: "block", Key: "class.err.ask"}
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
func (cr *Room) handleClassAsk(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, key, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	f := r.PostForm
	_, ae, err := cr.ask(r.Context(), c.Code, "", f.Get("block"), f.Get("link"), f.Get("cell"))
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	if ae != nil {
		cr.fail(w, r, "invalid", ae.field, ae.Key, ae.args...)
		return
	}
	http.Redirect(w, r, teachURL(c.Code, key, i18n.Of(r), f.Get("link")), http.StatusSeeOther)
}

// reveal closes the current question.
func (cr *Room) reveal(ctx context.Context, c store.Class) (bool, error) {
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
func (cr *Room) handleClassReveal(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	c, key, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	if done, err := cr.reveal(r.Context(), c); err != nil {
		cr.failWith(w, r, err)
		return
	} else if !done {
		cr.fail(w, r, "no_question", "", "class.err.noquestion")
		return
	}
	http.Redirect(w, r, teachURL(c.Code, key, i18n.Of(r), ""), http.StatusSeeOther)
}
