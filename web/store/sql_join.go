package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// joinTimeout bounds one batch of joins (a request's own handler timeout
// does not reach it: the batch is every waiting phone's).
const joinTimeout = 10 * time.Second

// joining is a replica's joins waiting for the next batch of their class.
type joining struct {
	device string
	max    int
	now    time.Time
	err    error
	done   chan struct{}
}

// Join implements Classes. A replica's joins of one class go in batches
// (group commit): those that arrive while a batch is written wait and go
// together in the next transaction. Every join updates the class row (its
// count, which holds the cap), so one transaction per phone queued a
// class's enrolments one commit at a time: 1,000 phones joining at once
// waited on each other for about a second. A batch locks the class row
// first, reads the count under the lock, and admits its new students in
// their order of arrival while there is room; a device already in the
// class is in (nil) whether or not the class is full.
func (s *SQL) Join(ctx context.Context, code, device string, max int, now time.Time) error {
	var n int
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM students WHERE class_code = ? AND device = ?`), code, device).Scan(&n)
	if err != nil {
		return fmt.Errorf("store: join: %w", err)
	}
	if n > 0 {
		return nil
	}
	j := &joining{device: device, max: max, now: now, done: make(chan struct{})}
	s.joinMu.Lock()
	if s.joins == nil {
		s.joins = map[string][]*joining{}
	}
	waiting, running := s.joins[code]
	s.joins[code] = append(waiting, j)
	s.joinMu.Unlock()
	if !running {
		go s.joinBatches(code)
	}
	select {
	case <-j.done:
		return j.err
	case <-ctx.Done():
		return fmt.Errorf("store: join: %w", ctx.Err()) // the batch may still enrol it
	}
}

// joinBatches writes the class's waiting joins, batch after batch, until
// none waits. The class is in s.joins while it runs.
func (s *SQL) joinBatches(code string) {
	for {
		s.joinMu.Lock()
		batch := s.joins[code]
		if len(batch) == 0 {
			delete(s.joins, code)
			s.joinMu.Unlock()
			return
		}
		s.joins[code] = []*joining{}
		s.joinMu.Unlock()
		if err := s.joinBatch(code, batch); err != nil {
			for _, j := range batch {
				j.err = fmt.Errorf("store: join: %w", err)
			}
		}
		for _, j := range batch {
			close(j.done)
		}
	}
}

// JoinTransactions is how many transactions Join has run on this replica
// (the tests check that joins arriving together share them).
func (s *SQL) JoinTransactions() int64 { return s.joinBatchCount.Load() }

// joinBatch enrols batch in one transaction, setting each join's err
// (nil, ErrFull, ErrNotFound); an error is the transaction's, every join's.
func (s *SQL) joinBatch(code string, batch []*joining) error {
	s.joinBatchCount.Add(1)
	ctx, cancel := context.WithTimeout(context.Background(), joinTimeout)
	defer cancel()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// An update that changes nothing locks the class row (and, on SQLite,
	// takes the write lock) before the count is read.
	var students int
	err = tx.QueryRowContext(ctx, s.rebind(`UPDATE classes SET students = students WHERE code = ? RETURNING students`), code).Scan(&students)
	if errors.Is(err, sql.ErrNoRows) {
		for _, j := range batch {
			j.err = ErrNotFound
		}
		return nil
	}
	if err != nil {
		return err
	}
	admitted := 0
	for _, j := range batch {
		if students+admitted >= j.max {
			var in int
			if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM students WHERE class_code = ? AND device = ?`), code, j.device).Scan(&in); err != nil {
				return err
			}
			if in == 0 {
				j.err = ErrFull
			}
			continue
		}
		res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO students (class_code, device, joined) VALUES (?, ?, ?)
			ON CONFLICT (class_code, device) DO NOTHING`), code, j.device, j.now.Unix())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			admitted++
		}
	}
	if admitted > 0 {
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE classes SET students = students + ? WHERE code = ?`), admitted, code); err != nil {
			return err
		}
	}
	return tx.Commit()
}
