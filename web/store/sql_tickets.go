package store

import (
	"context"
	"fmt"
	"time"
)

// PutTicket implements Tickets.
func (s *SQL) PutTicket(ctx context.Context, code, kind, hash string, expires time.Time) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO class_tickets (class_code, kind, hash, expires)
		SELECT code, ?, ?, ? FROM classes WHERE code = ?
		ON CONFLICT (class_code, kind) DO UPDATE SET hash = excluded.hash, expires = excluded.expires, misses = 0`),
		kind, hash, expires.Unix(), code)
	if err != nil {
		return fmt.Errorf("store: put ticket: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// UseTicket implements Tickets.
func (s *SQL) UseTicket(ctx context.Context, code, kind, hash string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`DELETE FROM class_tickets WHERE class_code = ? AND kind = ? AND hash = ? AND expires > ?`),
		code, kind, hash, now.Unix())
	if err != nil {
		return fmt.Errorf("store: use ticket: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
