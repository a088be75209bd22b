package web

import (
	"io"
	"net/http"
	"time"

	"gaelab/web/httperr"
)

// handleHealthz handles the "GET /healthz" route: 200 "ok" while the process
// can serve requests at all (liveness: a proxy or orchestrator restarts the
// process when it fails).
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok")
}

// handleReadyz handles the "GET /readyz" route: 200 "ready" while the
// database takes writes (a heartbeat row, within 2 s, the answer kept for
// 1 s: store.Readiness), else 503 "not ready" with Retry-After, and the
// reason in the server's log (a full disk, a read-only file, PostgreSQL
// down). A Store-Fingerprint header names the database (the same on every
// replica of one). A proxy sends traffic to the replicas that are ready. Without a
// database (classes and uploads off) the server is ready for its pages.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if s.ready != nil {
		err := s.ready.Check(r.Context(), time.Now())
		if fp := s.ready.Fingerprint(); fp != "" {
			// Which database this replica uses: every replica behind one
			// balancer must say the same (store.Fingerprint).
			w.Header().Set("Store-Fingerprint", fp)
		}
		if err != nil {
			s.opts.Logger.Warn("not ready: the database does not take writes", "err", err)
			w.Header().Set("Retry-After", "1")
			httperr.WriteStatus(w, http.StatusServiceUnavailable)
			io.WriteString(w, "not ready")
			return
		}
	}
	io.WriteString(w, "ready")
}
