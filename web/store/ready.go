package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
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
	fp  string // the store's fingerprint, once read
}

// Fingerprint names a database without telling anything of it: 16 hex
// digits of the SHA-256 of its own random secret "store-fingerprint", the
// same for every replica on that database and different for any other
// (an empty one, a restored copy's sibling, a wrong PostgreSQL database).
func Fingerprint(ctx context.Context, s Secrets) (string, error) {
	b, err := s.Secret(ctx, "store-fingerprint", 16)
	if err != nil {
		return "", fmt.Errorf("store: fingerprint: %w", err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8]), nil
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
	if sec, ok := r.h.(Secrets); ok && r.err == nil && r.fp == "" {
		r.fp, _ = Fingerprint(ctx, sec)
	}
	return r.err
}

// Fingerprint is the store's fingerprint (Fingerprint) once a Check has
// read it, else "".
func (r *Readiness) Fingerprint() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fp
}
