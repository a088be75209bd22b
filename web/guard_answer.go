package web

import (
	"net/http"
	"strings"

	"gaelab/web/api"
	"gaelab/web/i18n"
)

// guardAnswer is how the middleware refuses a request: the JSON API's error
// object under /api/, elsewhere a plain-text message in the learner's
// language (lang= if given, else Accept-Language).
func guardAnswer(w http.ResponseWriter, r *http.Request, code, key string, args ...any) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		api.WriteError(w, &api.Error{Code: code, Message: i18n.En.T(key, args...)})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(api.StatusOf(&api.Error{Code: code}))
	w.Write([]byte(requestLang(r).T(key, args...) + "\n"))
}
