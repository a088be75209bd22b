package store

import (
	"strings"
	"testing"
)

// Every embedded migration has a version of its own: branches that each
// add the next number must be renumbered when they merge.
func TestMigrationVersionsAreDistinct(t *testing.T) {
	files, err := migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 || !strings.HasPrefix(files[0].name, "migrations/0001_") {
		t.Fatalf("migrations = %v, want the embedded files from 0001", files)
	}
}
