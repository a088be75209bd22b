package web

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"gaelab/web/qr"
)

// handleQR handles the "GET /qr.svg?u=<link>" route: a QR code of a link on
// this site, so that students open on their phones the page the teacher
// projects. u must be site-relative ("/play?v=1&p=seed-b"); the scheme and
// host come from the request, so a code can never point at another site.
func (s *Server) handleQR(w http.ResponseWriter, r *http.Request) {
	serveQR(w, r, strings.TrimSuffix(s.opts.PublicURL, "/"))
}

// qrHandler is handleQR with the address phones use (-public-url) instead
// of the request's scheme and host when publicURL is set.
func qrHandler(publicURL string) http.HandlerFunc {
	publicURL = strings.TrimSuffix(publicURL, "/")
	return func(w http.ResponseWriter, r *http.Request) { serveQR(w, r, publicURL) }
}

func serveQR(w http.ResponseWriter, r *http.Request, publicURL string) {
	u := r.URL.Query().Get("u")
	if err := checkQRLink(u); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if r.Host == "" {
		http.Error(w, "no Host header to build the link from", http.StatusBadRequest)
		return
	}
	link := requestScheme(r) + "://" + r.Host + u
	if publicURL != "" {
		link = publicURL + u
	}
	if len(link) > qr.MaxLen {
		http.Error(w, fmt.Sprintf("u: link is %d bytes, at most %d fit a QR code (链接过长)", len(link), qr.MaxLen),
			http.StatusBadRequest)
		return
	}
	svg, err := qr.SVG(link, qr.Options{Title: link})
	if err != nil {
		slog.Error("qr", "path", r.URL.Path, "bytes", len(link), "err", err)
		http.Error(w, "could not draw the QR code", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Vary", "X-Forwarded-Proto") // the scheme in the code comes from it
	if _, err := w.Write(svg); err != nil {
		logRenderError(r, err)
	}
}

// checkQRLink accepts a link on this site (siteTarget's rule).
func checkQRLink(u string) error {
	_, err := siteTarget(u)
	return err
}

// requestScheme is "https" when the request came over TLS or a proxy in
// front says so in X-Forwarded-Proto (its first value, for a chain of
// proxies), else "http".
func requestScheme(r *http.Request) string {
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	if r.TLS != nil || strings.EqualFold(strings.TrimSpace(proto), "https") {
		return "https"
	}
	return "http"
}
