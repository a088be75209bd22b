package play

import (
	"net/http"

	"gaelab/web/httperr"
	"gaelab/web/mw"
	"gaelab/web/page"
	"gaelab/web/qr"
)

// HandleQR handles the "GET /qr.svg?u=<link>" route: a QR code of a link on
// this site, so that students open on their phones the page the teacher
// projects. u must be site-relative ("/play?v=1&p=seed-b"); the scheme and
// host are -public-url's, else the request's when its Host is known
// (SiteHosts; else 400), so a code can never point at another site. A code
// drawn from the request's Host is cached by the browser only.
func (s *Room) HandleQR(w http.ResponseWriter, r *http.Request) {
	u := r.URL.Query().Get("u")
	if err := checkQRLink(u); err != nil {
		httperr.Write(w, r, err)
		return
	}
	base, ok := s.Hosts.Base(r)
	if !ok {
		httperr.Write(w, r, httperr.New("bad_request", "qr.err.host"))
		return
	}
	link := base + u
	if len(link) > qr.MaxLen {
		httperr.Write(w, r, &httperr.Error{Code: "bad_request", Field: "u", Key: "link.err.long", Args: []any{len(link), qr.MaxLen}})
		return
	}
	svg, err := qr.SVG(link, qr.Options{Title: link})
	if err != nil {
		httperr.Logger(r.Context()).Error("qr", "path", r.URL.Path, "bytes", len(link), "err", err)
		httperr.Write(w, r, httperr.New("internal", "error.internal", mw.RequestID(r)))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	if s.Hosts.PublicURL != "" {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	} else {
		w.Header().Set("Cache-Control", "private, max-age=86400") // the code holds the request's Host
		w.Header().Set("Vary", "X-Forwarded-Proto")               // and scheme
	}
	if _, err := w.Write(svg); err != nil {
		httperr.LogFailure(r, "render", err)
	}
}

// checkQRLink accepts a link on this site (page.SiteTarget's rule).
func checkQRLink(u string) *httperr.Error {
	_, err := page.SiteTarget(u)
	return err
}
