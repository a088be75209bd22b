package class

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// Fair admission for a class that arrives from one address (a lecture
// hall behind one NAT): an address cannot simply be capped, so
//
//   - a page load never takes a seat: a device becomes a student with its
//     first answer, and only with a valid device cookie (a POST without one
//     is asked to send again);
//   - new students per address come from a token bucket every replica
//     shares (store.Seats): AddrBurst at once, AddrRefill a minute after;
//   - streams are capped per replica, per class (its seats, plus the
//     teacher's two, which phones never take) and per address (Hub);
//   - unknown codes are throttled per address (guesses), and answer as an
//     expired class does; a known code is never refused for them.

// Defaults of the admission flags.
const (
	// DefaultAddrBurst is the seats one address may take at once: a
	// lecture hall of 400 behind one NAT joins in a burst.
	DefaultAddrBurst = 400
	// DefaultAddrRefill is the seats a minute that come back to an
	// address: a full burst is back within 7 minutes (the break between
	// two lectures in the same hall), while a student who drops cookies
	// to fake classmates gets one a second once the burst is spent.
	DefaultAddrRefill = 60
	// DefaultAddrStreams is the live streams one address may hold on one
	// replica: the same hall's phones.
	DefaultAddrStreams = 400
)

const (
	teacherStreams     = 6                // per class: walls, controls and paired phones; a 7th replaces the oldest
	replacedRetry      = time.Hour        // a replaced screen does not come back by itself to replace the newer one
	refusedStreamRetry = 10 * time.Second // a refused stream reconnects after 10–15 s
)

// noSeatError is takeSeat's refusal: the address has no seat left; one is
// back after wait.
type noSeatError struct{ wait time.Duration }

func (e *noSeatError) Error() string { return "class: no seat left for this address" }

// takeSeat spends one new student's seat of the request's address.
func (cr *Room) takeSeat(ctx context.Context, r *http.Request) error {
	ok, wait, err := cr.st.TakeSeat(ctx, cr.seatKey(clientip.Addr(r)), cr.seats, time.Now())
	if err != nil {
		return err
	}
	if !ok {
		return &noSeatError{wait: wait}
	}
	return nil
}

// seatKey is what the store keeps of an address: a hash keyed with the
// replicas' shared device key, never the address.
func (cr *Room) seatKey(addr string) string { return cr.device.sign("seat " + addr) }

// noSeat shows the phone's page again, 429: wait, then send again.
func (cr *Room) noSeat(w http.ResponseWriter, r *http.Request, code string, e *noSeatError) {
	secs := retrySeconds(e.wait)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	cr.phonePage(w, r, code, http.StatusTooManyRequests, i18n.Of(r).T("class.err.seats", secs))
}

// retrySeconds is a wait in whole seconds, at least 1.
func retrySeconds(d time.Duration) int { return max(1, int((d+time.Second-1)/time.Second)) }

// refuseStream answers a stream past a cap the one way EventSource reads:
// 200, an event stream whose retry field sets the reconnect delay (10 to
// 15 s, spread so refused phones do not return together), then the end.
// A 503's Retry-After is never seen by EventSource.
func refuseStream(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	retry := refusedStreamRetry + rand.N(refusedStreamRetry/2)
	fmt.Fprintf(w, "retry: %d\n\n", retry.Milliseconds())
}

// guessesLeft answers 429 when the request's address has tried too many
// unknown codes; loadClass asks it only of a code that is unknown.
// The count is the store's, shared by every replica (quotas.go).
func (cr *Room) guessesLeft(w http.ResponseWriter, r *http.Request) bool {
	return cr.quotaLeft(w, r, "code", "class.err.guesses", cr.guessChecks(r)...)
}

// missedCode spends one of the address's guesses on an unknown code.
func (cr *Room) missedCode(r *http.Request) { cr.spend(r.Context(), cr.guessChecks(r)...) }

// seatBucket is the store's bucket for burst seats and refill a minute.
func seatBucket(burst, refill int) store.Bucket {
	return store.Bucket{Burst: burst, Every: time.Minute / time.Duration(refill)}
}

// orDefault is v, or def when v is not positive.
func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}
