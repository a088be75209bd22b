package mw

import (
	"mime"
	"net/http"
	"slices"
	"strings"

	"gaelab/web/httperr"
)

// WithContentType answers 415 (unsupported_media_type, naming the types
// taken) to a request whose body comes with another Content-Type than
// one of types ("application/json"; parameters such as charset are
// allowed). A request without a body or without a Content-Type passes:
// the handler's own parser judges its bytes.
func WithContentType(types ...string) func(http.Handler) http.Handler {
	want := strings.Join(types, ", ")
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ct := r.Header.Get("Content-Type")
			if ct == "" || r.ContentLength == 0 {
				next.ServeHTTP(w, r)
				return
			}
			mt, _, err := mime.ParseMediaType(ct)
			if err != nil || !slices.Contains(types, mt) {
				e := httperr.New("unsupported_media_type", "limit.content_type", want)
				e.Field = "Content-Type"
				httperr.Write(w, r, e)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
