package mw

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// hstsMaxAge is a year, without includeSubDomains: the site's neighbours
// under the same domain are not ours to decide for.
const hstsMaxAge = "max-age=31536000"

// WithSecurityHeaders sets the security headers of every response.
//
// The Content-Security-Policy allows scripts only from this origin or with
// this response's nonce (fresh and random per response; every script GAE Lab
// serves is a same-origin file, so no page needs the nonce and page bodies
// stay byte-identical for their ETags), no eval (htmx runs with allowEval
// off), styles only from this origin — no <style> element and no style=""
// attribute anywhere: the inline SVG charts carry presentation attributes
// only — images from here or data: URLs, no plugins, no <base>, forms only
// to here, and framing only by frameAncestors.
//
// Over TLS (the request's own, or publicHTTPS: -public-url is https, a
// proxy in front terminating it), Strict-Transport-Security tells browsers
// to use https only for hstsMaxAge. Browsers ignore it over plain http.
func WithSecurityHeaders(frameAncestors string, publicHTTPS bool) func(http.Handler) http.Handler {
	const policy = "default-src 'none'; script-src 'self' 'nonce-%s'; style-src 'self'; img-src 'self' data:; " +
		"font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; " +
		"frame-ancestors %s"
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var nonce [16]byte
			rand.Read(nonce[:])
			h := w.Header()
			h.Set("Content-Security-Policy", fmt.Sprintf(policy, base64.StdEncoding.EncodeToString(nonce[:]), frameAncestors))
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			if r.TLS != nil || publicHTTPS {
				h.Set("Strict-Transport-Security", hstsMaxAge)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ParseEmbedOrigins turns the -embed-origins flag into the CSP
// frame-ancestors source list: "'self'" (the default: only GAE Lab frames
// its own pages), "'none'", or a comma- or space-separated list of origins
// such as "https://course.example.edu" (scheme and host, optional port, no
// path), to which 'self' is added. Anything else is an error, so the flag
// can never smuggle another directive into the header.
func ParseEmbedOrigins(s string) (string, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	if len(fields) == 0 {
		return "'self'", nil
	}
	if len(fields) == 1 && (fields[0] == "'self'" || fields[0] == "'none'") {
		return fields[0], nil
	}
	sources := []string{"'self'"}
	for _, f := range fields {
		if f == "'self'" {
			continue
		}
		u, err := url.Parse(f)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
			(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil ||
			strings.ContainsAny(f, "';\"\\") {
			return "", fmt.Errorf("embed origin %q: want an origin such as https://course.example.edu, or 'self' or 'none'", f)
		}
		sources = append(sources, u.Scheme+"://"+u.Host)
	}
	return strings.Join(sources, " "), nil
}
