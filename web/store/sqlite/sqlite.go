// Package sqlite opens GAE Lab's embedded database: one SQLite file
// (modernc.org/sqlite, pure Go, so CGO_ENABLED=0 builds keep working) in a
// data directory, behind store.Store.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"syscall"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"gaelab/web/store"
)

// FileName is the database's file inside the data directory.
const FileName = "gaelab.db"

// Open opens (creating if needed) dir/gaelab.db and runs the migrations.
// Events stay in this process: one SQLite file serves one replica. A new
// directory is created 0700 and a new database 0600 (it holds the keys
// that sign teachers' cookies); SQLite gives its -wal and -shm files the
// database's mode. A directory where the database cannot be created
// (read-only, not a directory) is an error that says so.
func Open(ctx context.Context, dir string) (*store.SQL, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: sqlite: data directory %s cannot be created: %w", dir, err)
	}
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		if notWritable(err) {
			return nil, fmt.Errorf("store: sqlite: the data directory %s is not writable (read-only or another user's; give -data a writable directory): %w", dir, err)
		}
		return nil, fmt.Errorf("store: sqlite: %s cannot be opened for writing: %w", path, err)
	}
	f.Close()
	return OpenDSN(ctx, path)
}

// Secure tightens an existing data directory looser than 0700 and
// database files looser than 0600 (created by an older release, or by a
// umask), logging each change. Where a mode cannot be changed (a mounted
// volume, another owner) it logs that and goes on: the server still
// starts.
func Secure(dir string, logger *slog.Logger) {
	tighten := func(path string, mode fs.FileMode) {
		fi, err := os.Stat(path)
		if err != nil || fi.Mode().Perm()&^mode == 0 {
			return
		}
		if err := chmod(path, fi.Mode().Perm()&mode); err != nil {
			logger.Warn("data file is readable by others and its mode cannot be tightened", "path", path, "mode", fi.Mode().Perm().String(), "want", mode.String(), "err", err)
			return
		}
		logger.Info("data file mode tightened", "path", path, "was", fi.Mode().Perm().String(), "now", (fi.Mode().Perm() & mode).String())
	}
	tighten(dir, 0o700)
	for _, name := range []string{FileName, FileName + "-wal", FileName + "-shm", FileName + "-journal"} {
		tighten(filepath.Join(dir, name), 0o600)
	}
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

// chmod is os.Chmod (a test makes it fail, as on a mounted volume).
var chmod = os.Chmod

// notWritable reports whether err says the directory refuses writes: a
// read-only file system, or no permission.
func notWritable(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission)
}
