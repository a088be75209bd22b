package web

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/web/i18n"
)

// langCookie remembers a learner's explicit choice of language (the
// language switch), so that a bare / or a link without lang= opens in it.
const langCookie = "lang"

// langCookieAge is how long the choice is remembered.
const langCookieAge = 365 * 24 * time.Hour

// pageLang is the language of a request whose query is q: the link's lang=
// if it names one (inLink), else the lang cookie, else the best match of
// Accept-Language (golang.org/x/text/language, which respects q=0).
func pageLang(r *http.Request, q url.Values) (l i18n.Lang, inLink bool) {
	if l, ok := i18n.Parse(q.Get("lang")); ok {
		return l, true
	}
	return cookieOrHeaderLang(r), false
}

// cookieOrHeaderLang is the language of a request without lang=.
func cookieOrHeaderLang(r *http.Request) i18n.Lang {
	if c, err := r.Cookie(langCookie); err == nil {
		if l, ok := i18n.Parse(c.Value); ok {
			return l
		}
	}
	return i18n.Negotiate(r.Header.Get("Accept-Language"))
}

// requestLang is pageLang for any request. It runs for every request (the
// guards' messages, the ETag), so a long query is parsed only when it
// holds lang=.
func requestLang(r *http.Request) i18n.Lang {
	if strings.Contains(r.URL.RawQuery, "lang=") {
		if l, ok := i18n.Parse(r.URL.Query().Get("lang")); ok {
			return l
		}
	}
	return cookieOrHeaderLang(r)
}

// handleSetLang handles the "GET /lang/{lang}?to=<link>" route, the
// language switch: it remembers the choice in the lang cookie (SameSite=Lax,
// a year) and redirects to the link, which must be on this site
// (siteTarget). The answer is a redirect, so no cached page ever carries the
// cookie.
func (s *Server) handleSetLang(w http.ResponseWriter, r *http.Request) {
	l, ok := i18n.Parse(chi.URLParam(r, "lang"))
	to := r.URL.Query().Get("to")
	if to == "" {
		to = "/"
	}
	loc, err := siteTarget(to)
	if !ok || err != nil {
		guardAnswer(w, r, "bad_request", "error.not_found")
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: langCookie, Value: string(l), Path: "/",
		MaxAge: int(langCookieAge / time.Second), SameSite: http.SameSiteLaxMode, HttpOnly: true,
	})
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Location", loc) // not http.Redirect, which cleans it again
	w.WriteHeader(http.StatusSeeOther)
}
