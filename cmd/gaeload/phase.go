package main

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// phase is a number of clients replaying the classroom for a duration.
type phase struct {
	name     string
	clients  int
	duration time.Duration
}

// workload is what every client of a run shares.
type workload struct {
	base    string // "http://127.0.0.1:PORT"
	lesson  string // "/lessons/gae"
	reopen  int
	think   time.Duration
	arrive  time.Duration // clients start spread uniformly over this
	timeout time.Duration // per request
}

// phaseResult is a finished phase: its samples and how long it took, from
// its start until its last request finished (requests in flight at the end
// of the duration are waited for, up to their timeout).
type phaseResult struct {
	phase
	elapsed time.Duration
	samples []sample
	summary summary
	rssKB   int64 // the server's peak RSS (VmHWM) so far, or -1 when unknown
}

// runPhase runs one phase: p.clients goroutines, each one student, all
// sharing one connection pool. Client ids start at firstID, so that phases
// edit different states.
func runPhase(ctx context.Context, w workload, p phase, firstID int) phaseResult {
	hc := newHTTPClient(p.clients, w.timeout)
	defer hc.CloseIdleConnections()
	clients := make([]*client, p.clients)
	start := time.Now()
	end := start.Add(p.duration)
	var wg sync.WaitGroup
	for i := range clients {
		id := firstID + i
		c := &client{
			id: id, base: w.base, http: hc, lesson: w.lesson, reopen: w.reopen, think: w.think,
			rng: rand.New(rand.NewPCG(uint64(id), 1)),
		}
		c.arrival = time.Duration(c.rng.Float64() * float64(w.arrive))
		clients[i] = c
		wg.Go(func() { c.run(ctx, end) })
	}
	wg.Wait()
	r := phaseResult{phase: p, elapsed: time.Since(start), rssKB: -1}
	for _, c := range clients {
		r.samples = append(r.samples, c.samples...)
	}
	r.summary = summarize(r.samples, r.elapsed)
	return r
}
