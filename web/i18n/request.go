package i18n

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The one language resolver: every page, fragment, guard and error of the
// server asks it which language a request is in. It lives with the catalog,
// below every package that writes a message, so that web/httperr, which
// every other room uses, can answer in the learner's language too.

// Cookie remembers a learner's explicit choice of language (the language
// switch), so that a bare / or a link without lang= opens in it; CookieAge
// is how long.
const (
	Cookie    = "lang"
	CookieAge = 365 * 24 * time.Hour
)

// OfLink is the language of a request whose query is q: the link's lang= if
// it names one (inLink), else the lang cookie, else the best match of
// Accept-Language (golang.org/x/text/language, which respects q=0).
func OfLink(r *http.Request, q url.Values) (l Lang, inLink bool) {
	if l, ok := Parse(q.Get("lang")); ok {
		return l, true
	}
	return CookieOrHeader(r), false
}

// CookieOrHeader is the language of a request without lang=: as
// WithCookieOrHeader resolved it for the request, else resolved now.
func CookieOrHeader(r *http.Request) Lang {
	if l, ok := r.Context().Value(cookieOrHeaderKey{}).(Lang); ok {
		return l
	}
	return cookieOrHeader(r)
}

type cookieOrHeaderKey struct{}

// WithCookieOrHeader is r with its CookieOrHeader language resolved once,
// for every later question about the request's language (the guards, the
// ETag, the page) to read instead of parsing the cookies and the
// Accept-Language header again.
func WithCookieOrHeader(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), cookieOrHeaderKey{}, cookieOrHeader(r)))
}

func cookieOrHeader(r *http.Request) Lang {
	if c, err := r.Cookie(Cookie); err == nil {
		if l, ok := Parse(c.Value); ok {
			return l
		}
	}
	return Negotiate(r.Header.Get("Accept-Language"))
}

// Of is the language of any request: lang= in the link, else in a posted
// form already parsed (a class's forms carry it), else CookieOrHeader. It
// runs for every request (the guards' messages, the ETag), so a long query
// is parsed only when it holds lang=.
func Of(r *http.Request) Lang {
	if strings.Contains(r.URL.RawQuery, "lang=") {
		if l, ok := Parse(r.URL.Query().Get("lang")); ok {
			return l
		}
	}
	if r.Method == http.MethodPost && r.PostForm != nil {
		if l, ok := Parse(r.PostForm.Get("lang")); ok {
			return l
		}
	}
	return CookieOrHeader(r)
}
