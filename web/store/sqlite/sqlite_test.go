package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"gaelab/web/store"
	"gaelab/web/store/storetest"
)

// TestStore runs the store suite on a fresh SQLite file. One file serves
// one process, so both "replicas" are the same store.
func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (store.Store, store.Store) {
		s, err := Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, s
	})
}

// TestReopen: classes survive a restart, and migrating twice is a no-op.
func TestReopen(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	secret, _ := s.Secret(ctx, "k", 16)
	s.Close()
	s, err = Open(ctx, dir)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	again, _ := s.Secret(ctx, "k", 16)
	if string(again) != string(secret) {
		t.Error("the secret changed across a restart")
	}
	if _, err := filepath.Glob(filepath.Join(dir, FileName)); err != nil {
		t.Error(err)
	}
}
