package mw

import (
	"net/http"

	"gaelab/web/i18n"
)

// WithLang resolves the request's language from its cookie and
// Accept-Language header once (i18n.WithCookieOrHeader), for everything
// below to read.
func WithLang(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, i18n.WithCookieOrHeader(r))
	})
}
