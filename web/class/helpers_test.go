package class_test

// The live class over HTTP, through the whole site (web/webtest), run
// against both databases: the embedded SQLite and PostgreSQL
// ($GAELAB_TEST_POSTGRES; skipped without it, failed under CI=true).

import (
	"database/sql"
	"io"
	"net/http/httptest"
	"sync"
	"testing"

	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// backends opens a fresh store per test on each database.
var backends = []struct {
	name string
	open func(t *testing.T) store.Store
}{
	{"sqlite", func(t *testing.T) store.Store { return stores.SQLite(t) }},
	{"postgres", func(t *testing.T) store.Store {
		s := stores.Postgres(t)
		// Every test's API calls come from 127.0.0.1 to the one database:
		// its class starts begin anew, as on SQLite (see server).
		if _, err := s.(interface{ DB() *sql.DB }).DB().Exec(`DELETE FROM quota_buckets WHERE kind = 'class-start'`); err != nil {
			t.Fatal(err)
		}
		return s
	}},
}

// each runs fn on every database.
func each(t *testing.T, fn func(t *testing.T, open func(t *testing.T) store.Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { fn(t, b.open) })
	}
}

// server serves the app on st with options o.
// Unless o says, classes start without the per-address quota: the tests
// start many from 127.0.0.1, and on PostgreSQL on one database.
func server(t *testing.T, st store.Store, o webtest.Options) *httptest.Server {
	o.Store = st
	if o.Quotas.ClassStartsPerHour == 0 {
		o.Quotas.ClassStartsPerHour = 1 << 20
	}
	return webtest.New(t, o).Server()
}

// client is a browser (webtest.Client) that follows a class's old ?k=
// links as a browser does (their 303 sets the teacher cookie).
type client struct {
	*webtest.Client
	t *testing.T
}

func newClient(t *testing.T, base string) *client {
	c := webtest.NewClient(t, base)
	c.Follow = webtest.KeyLink
	return &client{c, t}
}

// The harness's steps of a class and of its pages.
var (
	csrf     = webtest.CSRF
	api      = webtest.API
	newClass = webtest.NewClass
	askCell  = webtest.AskCell
	waitFor  = webtest.WaitFor
	doc      = webtest.Doc
	parse    = webtest.Doc
)

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
