package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
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

// A data directory and database left world-readable by an older release
// are tightened when serve starts, with a log line, and the server serves.
func TestServeTightensDataModes(t *testing.T) {
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	db := filepath.Join(dir, "gaelab.db")
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(db, 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-data", dir}, noEnv, strings.NewReader(""), io.Discard, stderr)
	}()
	waitListening(t, stderr, done)
	cancel()
	<-done
	for path, want := range map[string]os.FileMode{dir: 0o700, db: 0o600} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want mode %v", path, fi.Mode().Perm(), err, want)
		}
	}
	if n := strings.Count(stderr.String(), "data file mode tightened"); n != 2 {
		t.Errorf("serve logged %d tightenings, want 2:\n%s", n, stderr)
	}
}

// /readyz says whether the database takes writes: ready on a fresh data
// directory, beside /healthz (liveness). Its refusals (a failing or hanging
// write, within 2 s) are store.TestReadiness's.
func TestServeReadyz(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "serve", "-addr", "127.0.0.1:0"), noEnv, strings.NewReader(""), io.Discard, stderr)
	}()
	addr := waitListening(t, stderr, done)
	for _, path := range []string{"/readyz", "/readyz", "/healthz"} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || (path == "/readyz" && string(body) != "ready") {
			t.Errorf("GET %s = %d %q; want 200", path, resp.StatusCode, body)
		}
	}
	cancel()
	<-done
}
