package store

import (
	"context"
	"fmt"
	"time"
)

// Presence counts the phones connected to each class across replicas: each
// replica writes the phone streams it holds per class, and a class's count
// is the sum of the rows written lately.
type Presence interface {
	// SetPresence records that replica holds counts[code] phone streams of
	// each class in counts at now; a count of 0 deletes the replica's row.
	SetPresence(ctx context.Context, replica string, counts map[string]int, now time.Time) error
	// Connected is how many phones are connected to a class: the sum over
	// the replicas whose row was written after since.
	Connected(ctx context.Context, code string, since time.Time) (int, error)
}

// SetPresence implements Presence, in one transaction.
func (s *SQL) SetPresence(ctx context.Context, replica string, counts map[string]int, now time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: presence: %w", err)
	}
	defer tx.Rollback()
	for code, n := range counts {
		if n <= 0 {
			_, err = tx.ExecContext(ctx, s.rebind(`DELETE FROM class_presence WHERE class_code = ? AND replica = ?`), code, replica)
		} else {
			_, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO class_presence (class_code, replica, phones, at) VALUES (?, ?, ?, ?)
				ON CONFLICT (class_code, replica) DO UPDATE SET phones = excluded.phones, at = excluded.at`), code, replica, n, now.UnixNano())
		}
		if err != nil {
			return fmt.Errorf("store: presence: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: presence: %w", err)
	}
	return nil
}

// Connected implements Presence.
func (s *SQL) Connected(ctx context.Context, code string, since time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT COALESCE(SUM(phones), 0) FROM class_presence WHERE class_code = ? AND at > ?`),
		code, since.UnixNano()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: connected: %w", err)
	}
	return n, nil
}
