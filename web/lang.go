package web

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// handleSetLang handles the "GET /lang/{lang}?to=<link>" route, the
// language switch: it remembers the choice in the lang cookie (SameSite=Lax,
// a year) and redirects to the link, which must be on this site
// (page.SiteTarget). The answer is a redirect, so no cached page ever carries the
// cookie.
func (s *Server) handleSetLang(w http.ResponseWriter, r *http.Request) {
	l, ok := i18n.Parse(chi.URLParam(r, "lang"))
	to := r.URL.Query().Get("to")
	if to == "" {
		to = "/"
	}
	loc, err := page.SiteTarget(to)
	if !ok || err != nil {
		httperr.Write(w, r, httperr.New("bad_request", "error.not_found"))
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: i18n.Cookie, Value: string(l), Path: "/",
		MaxAge: int(i18n.CookieAge / time.Second), SameSite: http.SameSiteLaxMode, HttpOnly: true,
	})
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Location", loc) // not http.Redirect, which cleans it again
	w.WriteHeader(http.StatusSeeOther)
}
