package mw

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
)

// AddrQuota is one kind of costly request's quota per client address
// (clientip.Addr: an IPv6 client by its /64), in this replica's memory: a
// deployment of n replicas allows n times as much.
type AddrQuota struct {
	PerMinute, Burst int
	// Key is the catalog key of the refusal's message, formatted with the
	// quota (PerMinute, Burst) and the seconds until a request is allowed.
	Key string
}

// DefaultComputeQuota, DefaultViewsQuota and DefaultPreviewsQuota are the
// compute API's, the stored uploads' views' and the link previews' quotas:
// a compute costs up to about 1.75 CPU-s (api.MaxCost) but most cost
// milliseconds, and a script posting the 24 golden cases in a row fits the
// burst; a view of an upload may cost an analysis; a preview a drawing.
var (
	DefaultComputeQuota  = AddrQuota{PerMinute: 60, Burst: 30, Key: "limit.compute_quota"}
	DefaultViewsQuota    = AddrQuota{PerMinute: 120, Burst: 60, Key: "limit.views_quota"}
	DefaultPreviewsQuota = AddrQuota{PerMinute: 30, Burst: 10, Key: "limit.previews_quota"}
)

// WithAddrQuota spends one of the client's tokens of q, or answers 429
// with Retry-After (whole seconds) and the quota in the request's language
// (the JSON API's error under /api/).
func WithAddrQuota(q AddrQuota) func(http.Handler) http.Handler {
	buckets := NewQuota(q.Burst, time.Minute/time.Duration(q.PerMinute))
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, wait := buckets.Take(clientip.Addr(r), time.Now())
			if !ok {
				secs := max(1, int(math.Ceil(wait.Seconds())))
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				httperr.Write(w, r, httperr.New("rate_limited", q.Key, q.PerMinute, q.Burst, secs))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
