// Package sqlite opens GAE Lab's embedded database: one SQLite file
// (modernc.org/sqlite, pure Go, so CGO_ENABLED=0 builds keep working) in a
// data directory, behind store.Store.
package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"gaelab/web/store"
)

// FileName is the database's file inside the data directory.
const FileName = "gaelab.db"

// Open opens (creating if needed) dir/gaelab.db and runs the migrations.
// Events stay in this process: one SQLite file serves one replica.
func Open(ctx context.Context, dir string) (*store.SQL, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: sqlite: data directory: %w", err)
	}
	return OpenDSN(ctx, filepath.Join(dir, FileName))
}

// OpenDSN opens the SQLite database at path (":memory:"-style names are
// not supported: every connection must see the same file).
func OpenDSN(ctx context.Context, path string) (*store.SQL, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate") // writers queue on busy_timeout instead of failing to upgrade
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	db.SetMaxOpenConns(8) // WAL: readers run beside the one writer
	db.SetMaxIdleConns(8)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: sqlite: %s: %w", path, err)
	}
	s, err := store.NewSQL(ctx, db, store.Dialect{Name: "sqlite"})
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}
