package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Queue is a class's question queue: what the teacher prepared before
// class, saved with the class, and asked in order by Next.
type Queue interface {
	// SetQueue replaces a class's queue (items without a newline);
	// ErrNotFound.
	SetQueue(ctx context.Context, code string, queue []string) error
	// PopQueue removes the queue's first item and returns it: one caller
	// gets each item, however many press Next at once; "" when the queue
	// is empty; ErrNotFound.
	PopQueue(ctx context.Context, code string) (string, error)
}

// SetQueue implements Queue.
func (s *SQL) SetQueue(ctx context.Context, code string, queue []string) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE classes SET queue = ? WHERE code = ?`), strings.Join(queue, "\n"), code)
	if err != nil {
		return fmt.Errorf("store: queue: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// PopQueue implements Queue: it reads the queue and writes it without its
// first item only if no one changed it meanwhile, else reads it again.
func (s *SQL) PopQueue(ctx context.Context, code string) (string, error) {
	for range 20 {
		var q string
		err := s.db.QueryRowContext(ctx, s.rebind(`SELECT queue FROM classes WHERE code = ?`), code).Scan(&q)
		if errors.Is(err, sql.ErrNoRows) {
			return "", ErrNotFound
		}
		if err != nil {
			return "", fmt.Errorf("store: pop queue: %w", err)
		}
		if q == "" {
			return "", nil
		}
		first, rest, _ := strings.Cut(q, "\n")
		res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE classes SET queue = ? WHERE code = ? AND queue = ?`), rest, code, q)
		if err != nil {
			return "", fmt.Errorf("store: pop queue: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return first, nil
		}
	}
	return "", fmt.Errorf("store: pop queue: %s changed 20 times meanwhile", code)
}

// splitQueue is a stored queue's items.
func splitQueue(q string) []string {
	if q == "" {
		return nil
	}
	return strings.Split(q, "\n")
}
