package class

import (
	"errors"
	"net/http"
	"time"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/store"
)

// enterPath is where a teacher POSTs a class code and its key.
const enterPath = "/class/enter"

// enterForm is /class's form that lets a teacher back into a class's
// controls by its code and key (a lost cookie, another browser).
func (cr *Room) enterForm(lang i18n.Lang, csrf string) templates.ClassKeyForm {
	t := lang.T
	return templates.ClassKeyForm{
		Heading: t("class.enter.heading"), Intro: t("class.enter.intro"),
		Form:   templates.ClassForm{Action: enterPath, CSRF: csrf, Lang: string(lang), Submit: t("class.enter.submit")},
		Code:   templates.Field{ID: "enter-code", Name: "code", Label: t("class.code"), Kind: "text"},
		Secret: templates.Field{ID: "enter-key", Name: "k", Label: t("class.key.label"), Kind: "password"},
	}
}

// handleClassEnter handles the "POST /class/enter" route: a class code and
// its teacher's key set the teacher cookie and open the controls. A wrong
// pair is a 403 that does not say which of the two was wrong.
func (cr *Room) handleClassEnter(w http.ResponseWriter, r *http.Request) {
	if !cr.available(w, r) || !cr.checkForm(w, r) {
		return
	}
	key := r.PostForm.Get("k")
	code, ok := NormalizeCode(r.PostForm.Get("code"))
	var c store.Class
	err := store.ErrNotFound
	if ok && key != "" && len(key) <= 128 {
		c, err = cr.st.Class(r.Context(), code, time.Now())
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		cr.failWith(w, r, err)
		return
	}
	if err != nil || !KeyMatches(key, c.KeyHash) {
		cr.fail(w, r, "forbidden", "k", "class.err.enter")
		return
	}
	cr.enter(w, r, c, key, teachURL(c.Code, i18n.Of(r), ""))
}

// renderHop answers the page that sends a browser on to to by a link of
// this site (enter).
func (cr *Room) renderHop(w http.ResponseWriter, r *http.Request, to string) {
	lang := i18n.Of(r)
	t := lang.T
	page.Render(w, r, templates.ClassHopPage(templates.ClassHop{
		Page: classFrame(lang, t("class.title"), "/class"), Heading: t("class.title"),
		Next: templates.Link{Label: t("class.hop.next"), URL: to},
	}))
}
