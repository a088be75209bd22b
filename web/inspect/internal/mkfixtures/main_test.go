package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The committed gen_* fixtures are what this command writes today.
func TestFixturesCurrent(t *testing.T) {
	*dir = t.TempDir()
	writeAll()
	files, _ := filepath.Glob(filepath.Join(*dir, "gen_*"))
	if len(files) == 0 {
		t.Fatal("nothing written")
	}
	for _, f := range files {
		want, _ := os.ReadFile(f)
		got, err := os.ReadFile(filepath.Join("..", "..", "testdata", filepath.Base(f)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from what mkfixtures writes (run go run ./web/inspect/internal/mkfixtures): %v", filepath.Base(f), err)
		}
	}
}
