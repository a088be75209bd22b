package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Dialect is what differs between the databases SQL runs on.
type Dialect struct {
	// Name names the database in errors: "sqlite", "postgres".
	Name string
	// Dollar numbers the parameters $1, $2, … instead of ?.
	Dollar bool
	// Lock, if set, holds a lock across replicas on conn while the
	// migrations run (PostgreSQL's advisory lock); unlock releases it.
	Lock func(ctx context.Context, conn *sql.Conn) (unlock func(), err error)
	// Notify, if set, sends an event to every replica (PostgreSQL's NOTIFY);
	// the driver's listener then calls SQL.Dispatch. Without it, events stay
	// in this process.
	Notify func(ctx context.Context, db *sql.DB, e Event) error
	// UploadLock, if set, is a statement that serializes, across replicas
	// and until the transaction ends, the transactions that weigh the
	// uploads against their total cap (PostgreSQL's advisory transaction
	// lock: under READ COMMITTED each would otherwise miss the others'
	// uncommitted bytes). SQLite needs none: it has one writer at a time.
	UploadLock string
}

// SQL is every part of Store over database/sql: the one implementation,
// on SQLite and PostgreSQL alike.
type SQL struct {
	db *sql.DB
	d  Dialect
	q  map[string]string // statement -> statement in the dialect

	mu   sync.RWMutex
	subs map[int]func(Event)
	next int

	joinMu         sync.Mutex
	joins          map[string][]*joining // by class: the joins waiting for its next batch (Join)
	joinBatchCount atomic.Int64          // transactions Join has run, for the tests
}

var _ Store = (*SQL)(nil)

// NewSQL runs the embedded migrations that db lacks, under the dialect's
// lock, and returns the store.
func NewSQL(ctx context.Context, db *sql.DB, d Dialect) (*SQL, error) {
	s := &SQL{db: db, d: d, q: map[string]string{}, subs: map[int]func(Event){}}
	if err := s.migrate(ctx); err != nil {
		return nil, fmt.Errorf("store: %s: migrate: %w", d.Name, err)
	}
	return s, nil
}

// DB is the database handle, for the driver packages.
func (s *SQL) DB() *sql.DB { return s.db }

// rebind turns ? into $1, $2, … for dialects that number parameters. The
// statements here never hold a literal question mark.
func (s *SQL) rebind(q string) string {
	if !s.d.Dollar {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Secret implements Secrets.
func (s *SQL) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	fresh := make([]byte, size)
	rand.Read(fresh)
	if _, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`),
		name, hex.EncodeToString(fresh)); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	var v string
	if err := s.db.QueryRowContext(ctx, s.rebind(`SELECT value FROM secrets WHERE name = ?`), name).Scan(&v); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	b, err := hex.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	return b, nil
}

// Close implements Store: it closes the database.
func (s *SQL) Close() error { return s.db.Close() }
