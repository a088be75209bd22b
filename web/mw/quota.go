package mw

import (
	"math"
	"sync"
	"time"
)

// maxQuotaAddrs bounds the addresses a quota remembers (about 100 bytes
// each): past it, the addresses whose bucket has refilled are forgotten,
// then any.
const maxQuotaAddrs = 100_000

// Quota is a token bucket per client address (clientip.Addr), in memory
// (per replica; addresses are never stored): an address may spend burst
// tokens at once, and gets one back every refill.
type Quota struct {
	mu      sync.Mutex
	burst   float64
	refill  time.Duration
	buckets map[string]bucket
}

type bucket struct {
	tokens float64 // as of at
	at     time.Time
}

func NewQuota(burst int, refill time.Duration) *Quota {
	return &Quota{burst: float64(burst), refill: refill, buckets: map[string]bucket{}}
}

// Take spends one of addr's tokens at now. Without one it returns false
// and how long until one is back.
func (q *Quota) Take(addr string, now time.Time) (bool, time.Duration) { return q.Spend(addr, 1, now) }

// Spend spends n of addr's tokens at now (a request that costs n units of
// work; n is capped at the burst, so that any request can be afforded by a
// full bucket). Without n it spends none and returns false and how long
// until n are back.
func (q *Quota) Spend(addr string, n float64, now time.Time) (bool, time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	n = math.Min(math.Max(n, 0), q.burst)
	b, ok := q.buckets[addr]
	if !ok {
		q.forget(now)
		b = bucket{tokens: q.burst, at: now}
	}
	b.tokens = math.Min(q.burst, b.tokens+float64(now.Sub(b.at))/float64(q.refill))
	b.at = now
	if b.tokens < n {
		q.buckets[addr] = b
		return false, time.Duration((n - b.tokens) * float64(q.refill))
	}
	b.tokens -= n
	q.buckets[addr] = b
	return true, 0
}

// Left reports whether addr has a token at now, spending none; else how
// long until one is back.
func (q *Quota) Left(addr string, now time.Time) (bool, time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	b, ok := q.buckets[addr]
	if !ok {
		return true, 0
	}
	tokens := math.Min(q.burst, b.tokens+float64(now.Sub(b.at))/float64(q.refill))
	if tokens < 1 {
		return false, time.Duration((1 - tokens) * float64(q.refill))
	}
	return true, 0
}

// forget makes room for one more address: the full buckets go first.
func (q *Quota) forget(now time.Time) {
	if len(q.buckets) < maxQuotaAddrs {
		return
	}
	for a, b := range q.buckets {
		if b.tokens+float64(now.Sub(b.at))/float64(q.refill) >= q.burst {
			delete(q.buckets, a)
		}
	}
	for a := range q.buckets {
		if len(q.buckets) < maxQuotaAddrs {
			break
		}
		delete(q.buckets, a)
	}
}
