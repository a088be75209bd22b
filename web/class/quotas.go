package class

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"gaelab/web/clientip"
	"gaelab/web/store"
)

// Quotas are the live class's limits on what one client address may try,
// kept in the store (store.Quotas), so that every replica counts them
// together: two replicas allow what one does. Each is a token bucket of
// Burst, one back every Every. The key is a keyed hash of the address
// (clientip.Addr: an IPv6 client by its /64), never the address.
type Quotas struct {
	// Starts: classes started (ASVS 11.1.4). Default 30 an hour.
	Starts store.Bucket
	// Guesses: unknown join codes tried; past it every code answers 429,
	// known or not (ASVS 2.2.1). Default 20, then one every 3 s.
	Guesses store.Bucket
	// PairAddr and PairClass: pairing codes typed, per address and per
	// class (ASVS 2.2.1). Defaults 10 and 20, then one a minute. A class's
	// pairing code is voided after pairMisses wrong ones.
	PairAddr, PairClass store.Bucket
}

// pairMisses wrong pairing codes void a class's live one: a guesser has
// 10 tries at one of 29⁸ codes before the teacher must show a new one.
const pairMisses = 10

// Defaults of Quotas.
const (
	DefaultStartsPerHour = 30
	DefaultCodeGuesses   = 20
	DefaultPairGuesses   = 10
	codeGuessEvery       = 3 * time.Second
	pairGuessEvery       = time.Minute
)

// QuotasFor are the class's quotas: startsPerHour classes an hour,
// codeGuesses unknown codes (one back every 3 s), pairGuesses pairing
// codes per address and twice that per class (one back a minute); a value
// that is not positive takes its default.
func QuotasFor(startsPerHour, codeGuesses, pairGuesses int) Quotas {
	startsPerHour = orDefault(startsPerHour, DefaultStartsPerHour)
	pairGuesses = orDefault(pairGuesses, DefaultPairGuesses)
	return Quotas{
		Starts:    store.Bucket{Burst: startsPerHour, Every: time.Hour / time.Duration(startsPerHour)},
		Guesses:   store.Bucket{Burst: orDefault(codeGuesses, DefaultCodeGuesses), Every: codeGuessEvery},
		PairAddr:  store.Bucket{Burst: pairGuesses, Every: pairGuessEvery},
		PairClass: store.Bucket{Burst: 2 * pairGuesses, Every: pairGuessEvery},
	}
}

// addrKey is the store's key of the request's address for a kind of quota.
func (cr *Room) addrKey(kind string, r *http.Request) string {
	return cr.device.sign(kind + " " + clientip.Addr(r))
}

// quotaLeft reports whether the request may try again now (every bucket
// of kinds has a token; keys: the address, or the class for
// store.QuotaPairClass), else answers 429 with Retry-After and msg (which
// takes the seconds) and false.
func (cr *Room) quotaLeft(w http.ResponseWriter, r *http.Request, field, msg string, checks ...quotaCheck) bool {
	var wait time.Duration
	for _, c := range checks {
		ok, wt, err := cr.st.QuotaLeft(r.Context(), c.kind, c.key, c.b, time.Now())
		if err != nil {
			cr.failWith(w, r, err)
			return false
		}
		if !ok {
			wait = max(wait, wt)
		}
	}
	if wait == 0 {
		return true
	}
	secs := retrySeconds(wait)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	cr.fail(w, r, "rate_limited", field, msg, secs)
	return false
}

// spend takes a token of every bucket of checks (a miss: an unknown code,
// a wrong pairing code). A store error only loses the count.
func (cr *Room) spend(ctx context.Context, checks ...quotaCheck) {
	for _, c := range checks {
		if _, _, err := cr.st.TakeQuota(ctx, c.kind, c.key, c.b, time.Now()); err != nil {
			cr.logger.Warn("class quota", "kind", c.kind, "err", err)
		}
	}
}

// quotaCheck is one bucket a request is counted in.
type quotaCheck struct {
	kind, key string
	b         store.Bucket
}

// guessChecks is the bucket an unknown join code is counted in.
func (cr *Room) guessChecks(r *http.Request) []quotaCheck {
	return []quotaCheck{{store.QuotaCodeGuess, cr.addrKey(store.QuotaCodeGuess, r), cr.quotas.Guesses}}
}

// pairChecks are the buckets a pairing code typed for the route's class
// is counted in: the address's and the class's.
func (cr *Room) pairChecks(r *http.Request) []quotaCheck {
	return []quotaCheck{
		{store.QuotaPairAddr, cr.addrKey(store.QuotaPairAddr, r), cr.quotas.PairAddr},
		{store.QuotaPairClass, chi.URLParam(r, "code"), cr.quotas.PairClass},
	}
}

// missedPair counts a wrong pairing code for the route's class: against
// the address and the class, and towards voiding the class's code.
func (cr *Room) missedPair(r *http.Request) {
	cr.spend(r.Context(), cr.pairChecks(r)...)
	if _, err := cr.st.MissTicket(r.Context(), chi.URLParam(r, "code"), pairTicket, pairMisses); err != nil {
		cr.logger.Warn("class pairing miss", "err", err)
	}
}
