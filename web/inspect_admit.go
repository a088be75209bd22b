package web

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/clientip"
)

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

// withInspectQuota spends one of the client's inspections, or answers 429
// with Retry-After (whole seconds) and the limit, in the request's language
// (the JSON API's error under /api/).
func withInspectQuota(q *quota, perHour, burst int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, wait := q.take(clientip.Addr(r), time.Now())
			if !ok {
				secs := int(math.Ceil(wait.Seconds()))
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				guardAnswer(w, r, "rate_limited", "limit.inspect_quota", perHour, burst, secs)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
