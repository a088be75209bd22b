package web

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"gaelab/web/inspect"
	"gaelab/web/mw"
	"gaelab/web/store"
)

// The uploads route group: routes whose body is a user's file (a verl
// batch of up to 512 × 8,192 tokens). They get a larger body limit and a
// longer read deadline than the other routes (Options.UploadBodyBytes,
// Options.UploadReadTimeout), slots of their own and a minimum transfer
// rate (mw/upload_body.go), a per-address quota and one analysis at a time
// (inspect/admit.go: the quotas and admission, before the body is read), and no 10 s handler timeout: reading the body is
// bounded by the read deadline and the rate, and the work on it by the
// body limit and the analysis slots.
const (
	defaultUploadBodyBytes   = 128 << 20
	defaultUploadReadTimeout = 120 * time.Second
	// uploadWriteSlack is how long the answer may take to write after the
	// read deadline.
	uploadWriteSlack = 60 * time.Second
)

// newInspectRoom is /inspect's room for o: its uploads metered by o's
// Inspect* and Upload* limits, in o.Store.
func newInspectRoom(o Options) *inspect.Room {
	analyses := mw.NewSlotPool(o.InspectConcurrent, o.InspectWait)
	lim := inspect.UploadLimits{PerHour: o.InspectPerHour, Burst: o.InspectBurst, SharesPerDay: o.Quotas.SharesPerDay,
		DailyBytes: o.UploadDailyBytes, StoreBytes: o.UploadStoreBytes, ShareBytes: o.Quotas.ShareStoreBytes,
		Memory: o.UploadMemory, MaxBody: o.UploadBodyBytes}
	return &inspect.Room{MaxBody: o.UploadBodyBytes, Uploads: inspect.NewUploads(o.Store, lim, analyses)}
}

// mountInspectRoutes mounts /inspect: the uploads in the uploads group, and
// the views of an upload, which are private (no shared answer cache), in
// the limited group, gzipped.
func mountInspectRoutes(rt *router, s *inspect.Room) {
	rt.uploads.Post("/api/v1/inspect", s.HandleAPI)
	rt.uploads.Post("/inspect", s.HandleUpload)
	views := rt.limited.With(middleware.Compress(gzipLevel, compressible...))
	views.Get("/inspect", s.HandleForm)
	stored := views.With(rt.viewsQuota) // each may analyse the stored upload
	stored.Get("/inspect/{id}", s.HandleView)
	stored.Get("/inspect/{id}/row/{i}", s.HandleRow)
	stored.Get("/inspect/{id}/row/{i}/{name}.svg", s.HandleRowChart)
	stored.Get("/inspect/{id}/heat/{name}.png", s.HandleHeat)
	stored.Get("/inspect/{id}/summary.json", s.HandleExport)
	stored.Get("/inspect/{id}/check.csv", s.HandleExport)
	stored.Get("/inspect/{id}/verify.py", s.HandleVerify)
	views.Post("/inspect/{id}/share", s.HandleShare)
	views.Post("/inspect/example", s.HandleExample)
}

// withUploadDeadlines moves the connection's read deadline to d from now
// (the server's own is 30 s) and its write deadline to d + uploadWriteSlack.
func withUploadDeadlines(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rc := http.NewResponseController(w)
			now := time.Now()
			rc.SetReadDeadline(now.Add(d))
			rc.SetWriteDeadline(now.Add(d + uploadWriteSlack))
			next.ServeHTTP(w, r)
		})
	}
}

// Inspections are the server's costly requests: one analysis of a 512 ×
// 8,192 batch takes seconds of CPU and hundreds of MB. They are metered
// three ways: a quota per client address on the uploads (POST
// /api/v1/inspect and POST /inspect: Options.InspectPerHour, in bursts of
// up to Options.InspectBurst), charged before the body is read; a bound on
// the analyses running at once on this replica (Options.InspectConcurrent,
// each waiting up to Options.InspectWait for a slot, then 503), which the
// views' analyses share; and the reader's own limits (package inspect:
// at most 512 × 8,192 per tensor, 256 MiB inflated, checked before
// anything is inflated or computed).
const (
	defaultInspectPerHour    = 60
	defaultInspectBurst      = 10
	defaultInspectConcurrent = 1
	defaultInspectWait       = 5 * time.Second
)

// Defaults of what /inspect's uploads may hold (Options.UploadDailyBytes,
// UploadStoreBytes), and how often expired ones are deleted.
const (
	defaultUploadDailyBytes = 512 << 20
	defaultUploadStoreBytes = 2 << 30
	defaultUploadMemory     = 256 << 20
	uploadSweepEvery        = 10 * time.Minute
)

// SweepUploads deletes expired uploads now and then every uploadSweepEvery
// until ctx is done.
func SweepUploads(ctx context.Context, st store.Uploads, logger *slog.Logger) {
	for {
		if _, err := st.DeleteExpiredUploads(ctx, time.Now()); err != nil && ctx.Err() == nil {
			logger.Error("upload sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(uploadSweepEvery):
		}
	}
}
