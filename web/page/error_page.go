package page

import (
	"io"
	"net/http"
	"strings"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
)

// ErrorPage is the site's one HTML error answer (httperr.Page), which the
// server gives httperr through each request's context
// (httperr.WithPage(page.ErrorPage)): the status, the message and, for a
// failure of ours (5xx), the request id in the site's frame, in the request's language, its links
// carrying it; an htmx request (not one restoring history) gets the panel
// alone. httperr writes the status and the headers (Cache-Control:
// no-store); this only renders.
func ErrorPage(w io.Writer, r *http.Request, s httperr.Shown) error {
	lang := i18n.Of(r)
	t := lang.T
	vm := templates.ErrorView{Heading: t("error.heading", s.Status), Message: s.Message}
	// A failure of ours names the request id, to report; a refusal (4xx)
	// does not, so that its answer stays the same for the same link (the
	// answer cache, the corpus's answer sums): X-Request-Id carries it.
	if s.Status >= http.StatusInternalServerError && s.RequestID != "" && !strings.Contains(s.Message, s.RequestID) {
		vm.RequestID = t("error.request_id", s.RequestID)
	}
	if r.Header.Get("HX-Request") == "true" && r.Header.Get("HX-History-Restore-Request") != "true" {
		return templates.ErrorPanel(vm).Render(r.Context(), w)
	}
	vm.Page = Frame(FrameSpec{Self: Link{Path: r.URL.Path, Lang: lang}, Title: vm.Heading + " — " + t("brand")})
	return templates.ErrorPage(vm).Render(r.Context(), w)
}
