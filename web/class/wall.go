package class

import (
	"net/http"
	"net/url"

	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// wallURL is the projected view of a class, in a language.
func wallURL(code string, lang i18n.Lang) string {
	return classPath(code) + "/wall?" + url.Values{"lang": {string(lang)}}.Encode()
}

// wallStream is the wall's live panel stream: the controls' stream without
// a form (wallView).
func wallStream(code string, lang i18n.Lang) string {
	return classPath(code) + "/teach/events?" + url.Values{"lang": {string(lang)}, "view": {"wall"}}.Encode()
}

// wallView reports whether a live-panel request is the wall's.
func wallView(r *http.Request) bool { return r.URL.Query().Get("view") == "wall" }

// handleClassWall handles the "GET /class/{code}/wall" route: the view
// the teacher projects (teacherPage lets the teacher in). Presentation
// mode always, the dark theme unless theme=light, no site navigation; the
// join banner, the live panel without its forms, the QR code behind a
// toggle; no key, token, pairing code or CSRF token in its URL or its HTML.
func (cr *Room) handleClassWall(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacherPage(w, r)
	if !ok {
		return
	}
	lang := i18n.Of(r)
	t := lang.T
	noStore(w)
	live, err := cr.live(r.Context(), lang, c, "")
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	heading := t("class.teach.heading", c.Code)
	view := page.View{Present: true, Dark: r.URL.Query().Get("theme") != "light"}
	frame := page.Frame(page.FrameSpec{Self: page.Link{Path: classPath(c.Code) + "/wall", Lang: lang, View: view}, Title: heading + " — " + t("brand")})
	// The class alone: no site navigation, no presenter or class buttons.
	frame.QR, frame.Bare, frame.Nav, frame.StartClass, frame.Presenter = templates.Link{}, true, nil, templates.StartClass{}, templates.Link{}
	word := ""
	if c.JoinWord {
		jw, err := cr.joinWord(r.Context(), c.Code)
		if err != nil {
			cr.failWith(w, r, err)
			return
		}
		word = t("class.wall.word", jw)
	}
	page.Render(w, r, templates.ClassWallPage(templates.ClassWall{
		Word:      word,
		Hide:      t("class.wall.hide"),
		Page:      frame,
		Heading:   heading,
		Join:      cr.joinCard(r, lang, c, true),
		Stream:    wallStream(c.Code, lang),
		SSEScript: static.Path("htmx-ext-sse.min.js"),
		Live:      live,
	}))
}
