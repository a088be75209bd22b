package httperr

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

// Shown is what an HTML error answer shows: the status, the message in the
// request's language and the request id ("" outside mw.WithRequestID).
type Shown struct {
	Status    int
	Message   string
	RequestID string
}

// Page renders the one HTML error answer into w: the error page in the
// site's frame, or, for an htmx request, its fragment alone. It only
// renders: Write sets the headers and the status, so that no package but
// httperr writes an error status.
//
// The renderer is web/page's ErrorPage, which the server puts in every
// request's context (WithPage, the outermost middleware's neighbour). The
// arrow points down: httperr, which every package may import, imports no
// page, frame or template; page, above it, hands it the renderer.
type Page func(w io.Writer, r *http.Request, s Shown) error

// pageKey is the request context's key of its errorPage.
type pageKey struct{}

// errorPage is a request's error page and its request id.
type errorPage struct {
	render    Page
	requestID string
}

// WithPage is the middleware that gives each request's errors the page p,
// with the request id that mw.WithRequestID, before it, put in the answer's
// X-Request-Id (read here: a handler behind http.TimeoutHandler writes to
// headers of its own).
func WithPage(p Page) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ep := errorPage{render: p, requestID: w.Header().Get("X-Request-Id")}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), pageKey{}, ep)))
		})
	}
}

// writePage answers e as the error page of r's context, if r has one and
// it renders; false leaves the answer to plain text.
func writePage(w http.ResponseWriter, r *http.Request, status int, message string) bool {
	ep, ok := r.Context().Value(pageKey{}).(errorPage)
	if !ok {
		return false
	}
	var buf bytes.Buffer
	if err := ep.render(&buf, r, Shown{Status: status, Message: message, RequestID: ep.requestID}); err != nil {
		LogFailure(r, "render the error page", err)
		return false
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Vary", "HX-Request, Accept-Language, Cookie")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
	return true
}

// WriteStatus begins an answer that is its own refusal with status: a
// form's page shown again with its message (/join, a student's phone
// page, /inspect's page), a retry page, the live class's JSON API, the
// readiness probe. An error status (≥ 400) is never cached. With Write, the
// one way a package writes an error status (web's house rules).
func WriteStatus(w http.ResponseWriter, status int) {
	if status >= http.StatusBadRequest {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
}
