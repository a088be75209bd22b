package sqlite

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func perm(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// TestModes: a new data directory is 0700 and its database (with its WAL
// and shared-memory files) 0600, so another local user cannot read the
// keys that sign teachers' cookies (issue #32, finding 7: gaelab.db was
// created 0644).
func TestModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	s, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Secret(context.Background(), "k", 16); err != nil {
		t.Fatal(err)
	}
	if got := perm(t, dir); got != 0o700 {
		t.Errorf("data directory mode %v, want 0700", got)
	}
	for _, name := range []string{FileName, FileName + "-wal", FileName + "-shm"} {
		if got := perm(t, filepath.Join(dir, name)); got != 0o600 {
			t.Errorf("%s mode %v, want 0600", name, got)
		}
	}
}

// TestSecure: an existing looser directory and database are tightened,
// with a log line each; where chmod fails (a mounted volume) Secure logs a
// warning and Open still opens the database.
func TestSecure(t *testing.T) {
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	db := filepath.Join(dir, FileName)
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(db, 0o644)
	var log bytes.Buffer
	Secure(dir, slog.New(slog.NewTextHandler(&log, nil)))
	if perm(t, dir) != 0o700 || perm(t, db) != 0o600 {
		t.Errorf("after Secure: dir %v, db %v; want 0700, 0600", perm(t, dir), perm(t, db))
	}
	if n := strings.Count(log.String(), "data file mode tightened"); n != 2 {
		t.Errorf("Secure logged %d tightenings, want 2:\n%s", n, log.String())
	}

	os.Chmod(db, 0o644)
	chmod = func(string, fs.FileMode) error { return errors.New("operation not permitted") }
	defer func() { chmod = os.Chmod }()
	log.Reset()
	Secure(dir, slog.New(slog.NewTextHandler(&log, nil)))
	if !strings.Contains(log.String(), "level=WARN") || !strings.Contains(log.String(), "cannot be tightened") {
		t.Errorf("a failed chmod logged %q, want a warning", log.String())
	}
	s, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatalf("Open after a failed tightening: %v", err)
	}
	s.Close()
}

// TestNotWritable: a read-only or forbidden data directory is named as
// such at start-up (the server runs as root in CI, so the errors are
// built, not provoked).
func TestNotWritable(t *testing.T) {
	for _, errno := range []error{syscall.EROFS, syscall.EACCES} {
		if !notWritable(&fs.PathError{Op: "open", Path: "/data/gaelab.db", Err: errno}) {
			t.Errorf("%v: not seen as a directory that refuses writes", errno)
		}
	}
	if notWritable(&fs.PathError{Op: "open", Path: "/data/gaelab.db", Err: syscall.ENOSPC}) {
		t.Error("a full disk is not a read-only directory")
	}
}
