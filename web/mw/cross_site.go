package mw

import (
	"net/http"
	"net/url"

	"gaelab/web/httperr"
)

// WithCrossSiteRefusal refuses, 403, every state-changing request (POST and
// the other unsafe methods) that a browser sent from another site: a forged
// form or fetch (CSRF). net/http's CrossOriginProtection decides by Fetch
// Metadata (Sec-Fetch-Site: only same-origin or none pass), else by Origin
// against the Host; a request with neither falls back to its Referer. A
// client that sends none of them (curl, a script with an API key) is no
// browser and passes, as do -public-url's origin (behind a proxy that
// rewrites Host) and every GET. The live class's forms check their token
// after this.
func WithCrossSiteRefusal(publicURL string) func(http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	trusted := ""
	if u, err := url.Parse(publicURL); err == nil && u.Scheme != "" && u.Host != "" {
		trusted = u.Scheme + "://" + u.Host
		cop.AddTrustedOrigin(trusted)
	}
	refuse := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httperr.Write(w, r, httperr.New("csrf", "error.cross_site"))
	})
	cop.SetDenyHandler(refuse)
	return func(next http.Handler) http.Handler {
		guarded := cop.Handler(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if crossSiteReferer(r, trusted) {
				refuse(w, r)
				return
			}
			guarded.ServeHTTP(w, r)
		})
	}
}

// crossSiteReferer is the fallback for a browser that sends neither
// Sec-Fetch-Site nor Origin with an unsafe request: its Referer names
// another host (than the request's, or than trusted's).
func crossSiteReferer(r *http.Request, trusted string) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	h := r.Header
	if h.Get("Sec-Fetch-Site") != "" || h.Get("Origin") != "" || h.Get("Referer") == "" {
		return false
	}
	u, err := url.Parse(h.Get("Referer"))
	if err != nil {
		return true
	}
	return u.Host != r.Host && (trusted == "" || u.Scheme+"://"+u.Host != trusted)
}
