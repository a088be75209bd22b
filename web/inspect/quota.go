package inspect

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/httperr"
	"gaelab/web/mw"
)

// WithQuota spends one of the client's inspections, or answers 429
// with Retry-After (whole seconds) and the limit, in the request's language
// (the JSON API's error under /api/).
func WithQuota(q *mw.Quota, perHour, burst int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, wait := q.Take(clientip.Addr(r), time.Now())
			if !ok {
				secs := int(math.Ceil(wait.Seconds()))
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				httperr.Write(w, r, httperr.New("rate_limited", "limit.inspect_quota", perHour, burst, secs))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
