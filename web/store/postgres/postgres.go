// Package postgres opens GAE Lab's database on PostgreSQL (through pgx),
// behind store.Store. Several replicas can share it: migrations run under an
// advisory lock, and events fan out to every replica by LISTEN/NOTIFY.
package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"gaelab/web/store"
)

// channel is the NOTIFY channel every replica listens on.
const channel = "gaelab_class"

// migrationLock is the advisory lock key held while migrations run.
const migrationLock = 0x6761656c6162 // "gaelab"

// uploadLock is the advisory lock key held while an upload is weighed
// against the total cap.
const uploadLock = migrationLock + 1

// Store is store.SQL on PostgreSQL with its listener.
type Store struct {
	*store.SQL
	stop context.CancelFunc
	done sync.WaitGroup
}

// Open connects to the database at url (postgres://…), runs the
// migrations under an advisory lock and starts listening for events.
func Open(ctx context.Context, url string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	sqls, err := store.NewSQL(ctx, db, store.Dialect{
		Name:   "postgres",
		Dollar: true,
		Lock: func(ctx context.Context, conn *sql.Conn) (func(), error) {
			if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLock)); err != nil {
				return nil, err
			}
			return func() {
				conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrationLock))
			}, nil
		},
		UploadLock: fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d)`, int64(uploadLock)),
		Notify: func(ctx context.Context, db *sql.DB, e store.Event) error {
			_, err := db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, channel, store.EncodeEvent(e))
			return err
		},
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	lctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	s := &Store{SQL: sqls, stop: stop}
	ready := make(chan error, 1)
	s.done.Add(1)
	go func() {
		defer s.done.Done()
		s.listen(lctx, url, logger, ready)
	}()
	select {
	case err := <-ready:
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("store: postgres: listen: %w", err)
		}
	case <-ctx.Done():
		s.Close()
		return nil, ctx.Err()
	}
	return s, nil
}

// listen holds one connection LISTENing on the channel and dispatches each
// notification. After a lost connection it reconnects with backoff and
// dispatches a "resync" event, as notifications may have been missed. The
// first connection's outcome goes to ready.
func (s *Store) listen(ctx context.Context, url string, logger *slog.Logger, ready chan<- error) {
	backoff := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+channel)
		}
		if first {
			ready <- err
			first = false
			if err != nil {
				if conn != nil {
					conn.Close(context.Background())
				}
				return
			}
		} else if err == nil {
			s.Dispatch(store.Event{Kind: "resync"})
		}
		if err == nil {
			backoff = 100 * time.Millisecond
			for {
				n, werr := conn.WaitForNotification(ctx)
				if werr != nil {
					err = werr
					break
				}
				if e, ok := store.DecodeEvent(n.Payload); ok {
					s.Dispatch(e)
				}
			}
		}
		if conn != nil {
			conn.Close(context.Background())
		}
		if ctx.Err() != nil {
			return
		}
		logger.Warn("store: postgres: listener lost its connection; reconnecting", "err", err, "in", backoff)
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// Close stops the listener and closes the database.
func (s *Store) Close() error {
	s.stop()
	s.done.Wait()
	return s.SQL.Close()
}
