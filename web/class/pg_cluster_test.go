package class_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// pgCluster is a throwaway PostgreSQL cluster of this test's own (initdb
// in a temporary directory, its own port), for a test that restarts it:
// the shared $GAELAB_TEST_POSTGRES server must not be restarted under
// other tests. Without PostgreSQL's programs (/usr/lib/postgresql/*/bin)
// the test skips, except under CI=true, where it fails (.ci/run installs
// them).
type pgCluster struct {
	t         *testing.T
	bin, dir  string
	port      int
	asPostgre bool // root runs the programs as the postgres user (initdb refuses root)
}

// newPGCluster creates and starts a cluster; it is stopped and deleted
// when the test ends.
func newPGCluster(t *testing.T) *pgCluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("no /usr/lib/postgresql/*/bin/initdb; under CI=true the PostgreSQL restart test must run (.ci/run installs postgresql)")
		}
		t.Skip("no PostgreSQL programs (/usr/lib/postgresql/*/bin): install Debian's postgresql to run this test")
	}
	sort.Strings(bins)
	dir, err := os.MkdirTemp("", "gaelab-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &pgCluster{t: t, bin: filepath.Dir(bins[len(bins)-1]), dir: dir}
	if u, err := user.Current(); err == nil && u.Uid == "0" {
		c.asPostgre = true
		if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
			t.Fatalf("chown postgres %s: %v %s", dir, err, out)
		}
	}
	t.Cleanup(func() {
		c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	if out, err := c.run("initdb", "-D", c.data(), "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	if out, err := c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(dir, "log"), "-w", "-o", c.options(), "start"); err != nil {
		t.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
	return c
}

func (c *pgCluster) data() string { return filepath.Join(c.dir, "data") }

// options are the server's: its port, its socket in the cluster's
// directory, TCP on loopback only, and no fsync (a throwaway cluster).
func (c *pgCluster) options() string {
	return fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", c.port, c.dir)
}

// URL is the cluster's database "postgres".
func (c *pgCluster) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
}

// Restart stops the server (fast: connections are cut) and starts it again.
func (c *pgCluster) Restart() error {
	out, err := c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-w", "-m", "fast", "-o", c.options(), "restart")
	if err != nil {
		return fmt.Errorf("pg_ctl restart: %w\n%s", err, out)
	}
	return nil
}

// run runs one of PostgreSQL's programs, as postgres when we are root.
func (c *pgCluster) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, prog)
	if !c.asPostgre {
		return exec.Command(path, args...).CombinedOutput()
	}
	quoted := []string{shellQuote(path)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	return exec.Command("su", "postgres", "-s", "/bin/sh", "-c", strings.Join(quoted, " ")).CombinedOutput()
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
