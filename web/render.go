package web

import (
	"log/slog"
	"net/http"
)

// logRenderError logs a failure to render or write a response (a failed
// render is aborted, a failed write leaves the client a truncated body; see
// writeComponent). A client that left (closed tab, timeout) is no error of
// ours: Debug.
func logRenderError(r *http.Request, err error) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level = slog.LevelDebug
	}
	slog.Log(r.Context(), level, "render", "path", r.URL.Path, "err", err)
}

// handleHome handles the "GET /" route: the playground is the home page.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	target := "/play"
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusFound)
}
