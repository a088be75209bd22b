package store

import (
	"context"
	"fmt"
	"time"
)

// Kinds of the quotas the web rooms keep in Quotas. Keys are the client's
// address (a keyed hash of it, never the address) unless a kind says.
const (
	QuotaClassStart = "class-start" // classes started
	QuotaCodeGuess  = "code-guess"  // unknown join codes tried
	QuotaPairAddr   = "pair-addr"   // pairing codes typed
	QuotaPairClass  = "pair-class"  // pairing codes typed for a class (key: its code)
	QuotaUpload     = "upload"      // uploads to /inspect
	QuotaShare      = "share"       // uploads shared
)

// Quotas are token buckets every replica on the database shares, one per
// kind of request and key, so that two replicas allow what one does.
type Quotas interface {
	// TakeQuota spends one token of the bucket (kind, key) at now,
	// atomically across replicas. Without one, ok is false and wait is how
	// long until one is back.
	TakeQuota(ctx context.Context, kind, key string, b Bucket, now time.Time) (ok bool, wait time.Duration, err error)
	// QuotaLeft reports whether TakeQuota would give a token at now,
	// without spending one.
	QuotaLeft(ctx context.Context, kind, key string, b Bucket, now time.Time) (ok bool, wait time.Duration, err error)
	// DeleteFullQuotas forgets the buckets full again at now (a new one
	// starts full), and returns how many.
	DeleteFullQuotas(ctx context.Context, now time.Time) (int, error)
}

// TakeQuota implements Quotas with TakeSeat's cell rate algorithm: one
// conditional upsert, so two replicas cannot both spend the last token.
func (s *SQL) TakeQuota(ctx context.Context, kind, key string, b Bucket, now time.Time) (bool, time.Duration, error) {
	t, every := now.UnixNano(), int64(b.Every)
	limit := t + int64(b.Burst)*every
	res, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO quota_buckets (kind, key, tat) VALUES (?, ?, ?)
		ON CONFLICT (kind, key) DO UPDATE SET tat = (CASE WHEN quota_buckets.tat > ? THEN quota_buckets.tat ELSE ? END) + ?
		WHERE (CASE WHEN quota_buckets.tat > ? THEN quota_buckets.tat ELSE ? END) + ? <= ?`),
		kind, key, t+every, t, t, every, t, t, every, limit)
	if err != nil {
		return false, 0, fmt.Errorf("store: take quota %s: %w", kind, err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return true, 0, nil
	}
	return s.QuotaLeft(ctx, kind, key, b, now)
}

// QuotaLeft implements Quotas.
func (s *SQL) QuotaLeft(ctx context.Context, kind, key string, b Bucket, now time.Time) (bool, time.Duration, error) {
	t, every := now.UnixNano(), int64(b.Every)
	limit := t + int64(b.Burst)*every
	var tat int64
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT COALESCE(MAX(tat), 0) FROM quota_buckets WHERE kind = ? AND key = ?`), kind, key).Scan(&tat)
	if err != nil {
		return false, 0, fmt.Errorf("store: quota %s: %w", kind, err)
	}
	if next := max(tat, t) + every; next > limit {
		return false, time.Duration(next - limit), nil
	}
	return true, 0, nil
}

// DeleteFullQuotas implements Quotas.
func (s *SQL) DeleteFullQuotas(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.rebind(`DELETE FROM quota_buckets WHERE tat <= ?`), now.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("store: sweep quotas: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// MissTicket implements Tickets.
func (s *SQL) MissTicket(ctx context.Context, code, kind string, max int) (bool, error) {
	if _, err := s.db.ExecContext(ctx, s.rebind(`UPDATE class_tickets SET misses = misses + 1 WHERE class_code = ? AND kind = ?`), code, kind); err != nil {
		return false, fmt.Errorf("store: miss ticket: %w", err)
	}
	res, err := s.db.ExecContext(ctx, s.rebind(`DELETE FROM class_tickets WHERE class_code = ? AND kind = ? AND misses >= ?`), code, kind, max)
	if err != nil {
		return false, fmt.Errorf("store: miss ticket: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
