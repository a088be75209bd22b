package store

import (
	"context"
	"fmt"
	"time"
)

// Bucket is a token bucket's size: at most Burst tokens, one more back
// every Every.
type Bucket struct {
	Burst int
	Every time.Duration
}

// Seats hand out new students' seats per client address, from a token
// bucket that every replica on the database shares.
type Seats interface {
	// TakeSeat spends one of addr's seats at now, atomically across
	// replicas. Without one, ok is false and wait is how long until one is
	// back.
	TakeSeat(ctx context.Context, addr string, b Bucket, now time.Time) (ok bool, wait time.Duration, err error)
	// DeleteFullSeats forgets the addresses whose bucket is full again at
	// now (nothing is lost: a new address starts full), and returns how
	// many.
	DeleteFullSeats(ctx context.Context, now time.Time) (int, error)
}

// TakeSeat implements Seats with the generic cell rate algorithm: the row
// holds tat, when the bucket is full again; a seat moves it every later,
// from now at the earliest, and is refused when that would put it more
// than Burst × Every ahead of now. One upsert takes the seat, so two
// replicas cannot both spend the last one.
func (s *SQL) TakeSeat(ctx context.Context, addr string, b Bucket, now time.Time) (bool, time.Duration, error) {
	t, every := now.UnixNano(), int64(b.Every)
	limit := t + int64(b.Burst)*every
	res, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO seat_buckets (addr, tat) VALUES (?, ?)
		ON CONFLICT (addr) DO UPDATE SET tat = (CASE WHEN seat_buckets.tat > ? THEN seat_buckets.tat ELSE ? END) + ?
		WHERE (CASE WHEN seat_buckets.tat > ? THEN seat_buckets.tat ELSE ? END) + ? <= ?`),
		addr, t+every, t, t, every, t, t, every, limit)
	if err != nil {
		return false, 0, fmt.Errorf("store: take seat: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return true, 0, nil
	}
	var tat int64
	if err := s.db.QueryRowContext(ctx, s.rebind(`SELECT tat FROM seat_buckets WHERE addr = ?`), addr).Scan(&tat); err != nil {
		return false, 0, fmt.Errorf("store: take seat: %w", err)
	}
	return false, time.Duration(max(tat+every-limit, 0)), nil
}

// DeleteFullSeats implements Seats.
func (s *SQL) DeleteFullSeats(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.rebind(`DELETE FROM seat_buckets WHERE tat <= ?`), now.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("store: sweep seats: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
