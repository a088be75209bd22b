package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the package's tests with the temporary directory moved to
// a fresh one, where a file sits at gaelab: the data directory serve falls
// back to without -data, $GAELAB_DATA, $XDG_STATE_HOME or $HOME. A test
// that starts a server without a data directory of its own (withData, or
// -data t.TempDir() for the binary) then fails to open its database,
// instead of sharing one fixed directory with every other run on the
// machine, or failing only when something happens to sit there.
func TestMain(m *testing.M) {
	os.Exit(runPoisoned(m))
}

func runPoisoned(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "gaelab-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "gaelab"), []byte("not a data directory\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	os.Setenv("TMPDIR", tmp)
	return m.Run()
}

// The fallback data directory is TestMain's file, so the guard holds.
func TestFallbackDataDirIsPoisoned(t *testing.T) {
	dir := defaultDataDir(noEnv)
	if fi, err := os.Stat(dir); err != nil || fi.IsDir() {
		t.Fatalf("the fallback data directory %s: %v, %v; want TestMain's file", dir, fi, err)
	}
}
