package page

import (
	"net/http"

	"github.com/a-h/templ"
)

// Render answers with an HTML component, through the page pipeline's last
// step (WriteComponent): rendered whole, then written once.
func Render(w http.ResponseWriter, r *http.Request, c templ.Component) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	WriteComponent(w, r, c)
}

// Clip shortens what a learner typed for an error message, by runes.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
