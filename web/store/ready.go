package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"time"
)

// Health is whether the database takes writes.
type Health interface {
	// Heartbeat writes replica's row (its last write) at now.
	Heartbeat(ctx context.Context, replica string, now time.Time) error
}

// Heartbeat implements Health: one upsert, which a full disk, a read-only
// file or a PostgreSQL that is down refuses.
func (s *SQL) Heartbeat(ctx context.Context, replica string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO heartbeats (replica, at) VALUES (?, ?)
		ON CONFLICT (replica) DO UPDATE SET at = excluded.at`), replica, now.UnixNano()); err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	return nil
}

// Readiness answers /readyz: whether the store takes a write (a heartbeat
// row), within Timeout, the answer kept for Every so that probes cannot
// load the database. Probes that arrive while one write is under way wait
// for it; the answer is never older than Every.
type Readiness struct {
	h       Health
	replica string
	Timeout time.Duration // default 2 s
	Every   time.Duration // default 1 s

	mu  sync.Mutex
	at  time.Time
	err error
}

// NewReadiness checks h for a replica of its own (a random id).
func NewReadiness(h Health) *Readiness {
	var id [8]byte
	rand.Read(id[:])
	return &Readiness{h: h, replica: hex.EncodeToString(id[:]), Timeout: 2 * time.Second, Every: time.Second}
}

// Check is nil when the store took a write within the last Every, else
// why not.
func (r *Readiness) Check(ctx context.Context, now time.Time) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.at.IsZero() && now.Sub(r.at) < r.Every {
		return r.err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.Timeout)
	defer cancel()
	r.err = r.h.Heartbeat(ctx, r.replica, now)
	r.at = now
	return r.err
}
