package class

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/store"
)

// classFrame is the frame of the class pages (no presentation toggle, no
// QR of the page itself: the console shows the join link's).
func classFrame(lang i18n.Lang, title, path string) templates.Page {
	p := page.Frame(page.FrameSpec{Self: page.Link{Path: path, Lang: lang}, Title: title + " — " + lang.T("brand")})
	p.QR = templates.Link{}
	return p
}

// phoneFrame is classFrame for a student's pages: the class alone, without
// the site's navigation or its "Start a class" button.
func phoneFrame(lang i18n.Lang, title, path string) templates.Page {
	p := classFrame(lang, title, path)
	p.Bare, p.Nav, p.StartClass, p.Presenter = true, nil, templates.StartClass{}, templates.Link{}
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
	csrf := cr.csrfToken(w, r)
	vm := templates.ClassStart{
		Page:    classFrame(lang, t("class.title"), "/class"),
		Heading: t("class.start.heading"), Intro: t("class.start.intro", cr.ttl.String()),
		Form:  templates.ClassForm{Action: "/class", CSRF: csrf, Lang: string(lang), Submit: t("class.start.button")},
		From:  templates.Field{ID: "class-from", Name: "from", Label: t("class.start.from"), Value: r.URL.Query().Get("from"), Kind: "text"},
		Enter: cr.enterForm(lang, csrf),
	}
	page.Render(w, r, templates.ClassStartPage(vm))
}

// createClass makes a class with a fresh code (retrying a taken one) and
// key, within the per-address hourly limit.
func (cr *Room) createClass(w http.ResponseWriter, r *http.Request) (code, key string, ok bool) {
	b := cr.quotas.Starts
	ok, wait, err := cr.st.TakeQuota(r.Context(), store.QuotaClassStart, cr.addrKey(store.QuotaClassStart, r), b, time.Now())
	if err != nil {
		cr.failWith(w, r, err)
		return "", "", false
	}
	if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(wait)))
		cr.fail(w, r, "rate_limited", "", "class.err.rate", b.Burst)
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

// teachURL is the teacher's controls; no key: the teacher cookie opens
// them.
func teachURL(code string, lang i18n.Lang, from string) string {
	q := url.Values{"lang": {string(lang)}}
	if from != "" {
		q.Set("from", from)
	}
	return classPath(code) + "/teach?" + q.Encode()
}

// handleClassCreate handles the "POST /class" route: the teacher cookie,
// then 303 to the controls.
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
	cr.enter(w, r, store.Class{Code: code}, key, teachURL(code, i18n.Of(r), from))
}

// joinCard is how students join c, as the wall (with the QR code) or the
// controls show it.
func (cr *Room) joinCard(r *http.Request, lang i18n.Lang, c store.Class, qr bool) templates.ClassJoinCard {
	t := lang.T
	j := templates.ClassJoinCard{
		Summary: t("class.wall.join"), CodeLabel: t("class.code"), Code: c.Code,
		JoinAt:   t("class.join.at", strings.TrimPrefix(strings.TrimPrefix(cr.baseURL(r), "https://"), "http://")+"/join"),
		JoinURL:  cr.baseURL(r) + "/join/" + c.Code,
		Loopback: cr.loopbackWarning(r),
	}
	if qr {
		j.QR, j.QRAlt = "/qr.svg?u="+url.QueryEscape("/join/"+c.Code), t("class.qr.alt")
	}
	return j
}

// handleClassTeach handles the "GET /class/{code}/teach" route: the
// teacher's controls (teacherPage: the cookie, or an old ?k= link once).
func (cr *Room) handleClassTeach(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherPage(w, r)
	if !ok {
		return
	}
	lang := i18n.Of(r)
	t := lang.T
	noStore(w)
	csrf := cr.csrfToken(w, r)
	live, err := cr.live(r.Context(), lang, c, csrf)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	form := templates.ClassForm{Action: classPath(c.Code) + "/ask", CSRF: csrf, Lang: string(lang), Submit: t("class.ask.button")}
	from := r.URL.Query().Get("from")
	frame := classFrame(lang, t("class.controls.heading", c.Code), "/class")
	view := page.ReadView(r.URL.Query(), &scenario.Report{})
	frame.Present, frame.Dark = view.Present, view.Dark
	key, _ := cr.cookieTeacher(r, c)
	opts := cr.pickedOptions(r.Context(), lang, c)
	vm := templates.ClassTeach{
		Page:      frame,
		Heading:   t("class.controls.heading", c.Code),
		Wall:      templates.Link{Label: t("class.wall.open"), URL: wallURL(c.Code, lang)},
		Join:      cr.joinCard(r, lang, c, false),
		Keep:      t("class.controls.keep"),
		Stream:    classPath(c.Code) + "/teach/events?" + url.Values{"lang": {string(lang)}}.Encode(),
		SSEScript: static.Path("htmx-ext-sse.min.js"),
		Live:      live,
		Ask: templates.ClassAsk{
			Heading: t("class.ask.heading"), Form: form,
			BlockTitle: t("class.ask.block"),
			Block:      templates.Select{ID: "ask-block", Name: "block", Label: t("class.ask.block.label"), Options: opts},
			CellTitle:  t("class.ask.cell"),
			Link:       templates.Field{ID: "ask-link", Name: "link", Label: t("class.ask.link"), Value: from, Kind: "text"},
			Cell:       templates.Field{ID: "ask-cell", Name: "cell", Label: t("class.ask.cellid"), Kind: "text"},
			Queue:      queueControls(lang, c, opts, flowForm(c.Code, lang, csrf)),
		},
		CSV:  templates.Link{Label: t("class.csv"), URL: classPath(c.Code) + "/results.csv"},
		Pair: cr.pairOffer(lang, c, csrf, key),
	}
	if vm.Flow, err = cr.flowControls(r.Context(), lang, c, csrf); err != nil {
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
		sp, ae = blockSpec(lesson, block)
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
	c, ok := cr.teacherForm(w, r)
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
	http.Redirect(w, r, teachURL(c.Code, i18n.Of(r), f.Get("link")), http.StatusSeeOther)
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
	c, ok := cr.teacherForm(w, r)
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
	http.Redirect(w, r, teachURL(c.Code, i18n.Of(r), ""), http.StatusSeeOther)
}
