package class

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// One-time tickets (store.Tickets) let a browser into a class's controls
// without the key in a URL: the API's open token, redeemed by following
// its "teach" link, and the pairing code a teacher shows on the controls
// and types on a phone. Each works once, on any replica, before it
// expires; the store keeps only its hash.
const (
	openTicket  = "open"
	pairTicket  = "pair"
	openTTL     = 60 * time.Second
	pairTTL     = 5 * time.Minute
	pairCodeLen = 8 // 29^8 ≈ 5e11 codes for one live code per class
)

// putTicket stores a fresh ticket of a kind for a class (replacing the
// one it held) and returns it.
func (cr *Room) putTicket(ctx context.Context, code, kind, secret string, ttl time.Duration) (string, error) {
	return secret, cr.st.PutTicket(ctx, code, kind, HashKey(secret), time.Now().Add(ttl))
}

// openToken is a class's fresh open token: 128 random bits.
func (cr *Room) openToken(ctx context.Context, code string) (string, error) {
	return cr.putTicket(ctx, code, openTicket, randomToken(16), openTTL)
}

// openURL is the link that redeems an open token.
func openURL(code, token string, lang i18n.Lang) string {
	return classPath(code) + "/open?" + url.Values{"t": {token}, "lang": {string(lang)}}.Encode()
}

// redeem uses up a ticket of the route's class and lets this browser in
// (enter) to the controls; false when the ticket is not a live one.
func (cr *Room) redeem(w http.ResponseWriter, r *http.Request, kind, secret string) bool {
	code := chi.URLParam(r, "code")
	err := cr.st.UseTicket(r.Context(), code, kind, HashKey(secret), time.Now())
	var c store.Class
	if err == nil {
		c, err = cr.st.Class(r.Context(), code, time.Now())
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		cr.failWith(w, r, err)
		return true
	}
	if err != nil {
		return false
	}
	cr.enter(w, r, c, "", teachURL(c.Code, i18n.Of(r), ""))
	return true
}

// handleClassOpen handles the "GET /class/{code}/open" route: the API's
// "teach" link. Its token (t=) works once, within openTTL: it sets the
// teacher cookie and sends the browser to the key-less controls.
func (cr *Room) handleClassOpen(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	tok := r.URL.Query().Get("t")
	if tok == "" || len(tok) > 64 || !cr.redeem(w, r, openTicket, tok) {
		cr.fail(w, r, "forbidden", "t", "class.err.open", int(openTTL.Seconds()))
	}
}

// pairOffer is the controls' part for another device; key is the key
// this browser's cookie holds ("" when paired).
func (cr *Room) pairOffer(lang i18n.Lang, c store.Class, csrf, key string) templates.ClassPairOffer {
	t := lang.T
	p := templates.ClassPairOffer{
		Heading: t("class.pair.heading"),
		Form:    templates.ClassForm{Action: classPath(c.Code) + "/pair/new", CSRF: csrf, Lang: string(lang), Submit: t("class.pair.button")},
		Note:    t("class.pair.note", int(pairTTL.Minutes())),
	}
	if key != "" {
		p.KeyLabel, p.Key, p.KeyNote = t("class.key.label"), key, t("class.key.note")
	}
	return p
}

// pairPath is the page where a phone types the pairing code.
func pairPath(code string) string { return classPath(code) + "/pair" }

// handleClassPairNew handles the "POST /class/{code}/pair/new" route (the
// controls' "Pair a phone"): a fresh pairing code, shown once, on this
// answer only. It replaces the class's previous one.
func (cr *Room) handleClassPairNew(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherForm(w, r)
	if !ok {
		return
	}
	pc, err := cr.putTicket(r.Context(), c.Code, pairTicket, randomCode(pairCodeLen), pairTTL)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	lang := i18n.Of(r)
	t := lang.T
	noStore(w)
	link := cr.baseURL(r) + pairPath(c.Code) // a path when the host is unknown, as the join link
	page.Render(w, r, templates.ClassPairCodePage(templates.ClassPairCode{
		Page:    classFrame(lang, t("class.pair.button"), classPath(c.Code)),
		Heading: t("class.pair.button"),
		Steps:   t("class.pair.steps", link, int(pairTTL.Minutes())),
		URL:     link, QR: "/qr.svg?u=" + url.QueryEscape(pairPath(c.Code)), QRAlt: t("class.pair.form", c.Code),
		Code: pc[:4] + "-" + pc[4:],
		Back: templates.Link{Label: t("class.pair.back"), URL: teachURL(c.Code, lang, "")},
	}))
}

// pairForm is the phone's form for the pairing code.
func (cr *Room) pairForm(lang i18n.Lang, code, csrf, problem string) templates.ClassKeyForm {
	t := lang.T
	return templates.ClassKeyForm{
		Heading: t("class.pair.form", code), Intro: t("class.pair.intro"),
		Form:   templates.ClassForm{Action: pairPath(code), CSRF: csrf, Lang: string(lang), Submit: t("class.pair.submit")},
		Secret: templates.Field{ID: "pair-code", Name: "pair", Label: t("class.pair.label"), Kind: "text", Error: problem},
	}
}

// handleClassPairForm handles the "GET /class/{code}/pair" route: where a
// phone types the pairing code shown on the controls.
func (cr *Room) handleClassPairForm(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) {
		return
	}
	c, ok := cr.loadClass(w, r, chi.URLParam(r, "code"))
	if !ok {
		return
	}
	lang := i18n.Of(r)
	noStore(w)
	page.Render(w, r, templates.ClassKeyPage(templates.ClassKeyView{
		Page: classFrame(lang, lang.T("class.pair.form", c.Code), pairPath(c.Code)),
		K:    cr.pairForm(lang, c.Code, cr.csrfToken(w, r), ""),
	}))
}

// handleClassPair handles the "POST /class/{code}/pair" route: a live
// pairing code lets this phone into the controls (the teacher cookie),
// once.
//
// Pairing codes typed are counted per address and per class (quotas.go:
// 429 past either), and a class's code is voided after pairMisses wrong
// ones.
func (cr *Room) handleClassPair(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	if !cr.quotaLeft(w, r, "pair", "class.err.pair_guesses", cr.pairChecks(r)...) {
		return
	}
	pc := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.ToUpper(r.PostForm.Get("pair")))
	if len(pc) != pairCodeLen || !cr.redeem(w, r, pairTicket, pc) {
		cr.missedPair(r)
		cr.fail(w, r, "forbidden", "pair", "class.err.pair")
	}
}
