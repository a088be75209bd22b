// Package stores opens the databases that webtest's sites run on in tests:
// a fresh embedded SQLite per test, and the PostgreSQL server named by
// $GAELAB_TEST_POSTGRES (the tests that need it skip without it, saying
// why, except under CI=true, where they fail: CI starts one), and Blip, a
// store that fails while a test holds it down. It is apart
// from webtest so that only the test binaries that use a database link its
// drivers.
package stores

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/store/sqlite"
	"gaelab/web/store/storetest"
)

// SQLite is a fresh SQLite database in a temporary directory, closed when
// the test ends.
func SQLite(t testing.TB) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Postgres is the database at $GAELAB_TEST_POSTGRES, closed when the test
// ends.
func Postgres(t testing.TB) store.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), storetest.PostgresURL(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Backends opens a fresh store per test on each database, by name.
var Backends = []struct {
	Name string
	Open func(t testing.TB) store.Store
}{
	{"sqlite", SQLite},
	{"postgres", Postgres},
}

// Each runs fn as a subtest on every database, with the opener of its
// stores.
func Each(t *testing.T, fn func(t *testing.T, open func(t testing.TB) store.Store)) {
	for _, b := range Backends {
		t.Run(b.Name, func(t *testing.T) { fn(t, b.Open) })
	}
}

// ErrBlip is the error of a Blip store that is down.
var ErrBlip = errors.New("store: connection refused (a test's blip)")

// Blip is a store whose class reads and writes (Class, Answer, and
// ExtendDeadlines, which a replica runs once the store is back) fail with
// ErrBlip while Down is set, as a database that restarts does.
type Blip struct {
	store.Store
	Down atomic.Bool
}

func (b *Blip) fail() error {
	if b.Down.Load() {
		return ErrBlip
	}
	return nil
}

// Class is the store's Class, or ErrBlip while down.
func (b *Blip) Class(ctx context.Context, code string, now time.Time) (store.Class, error) {
	if err := b.fail(); err != nil {
		return store.Class{}, err
	}
	return b.Store.Class(ctx, code, now)
}

// Answer is the store's Answer, or ErrBlip while down.
func (b *Blip) Answer(ctx context.Context, code string, id int, device, value string, send store.Send, max int, now time.Time) error {
	if err := b.fail(); err != nil {
		return err
	}
	return b.Store.Answer(ctx, code, id, device, value, send, max, now)
}

// ExtendDeadlines is the store's ExtendDeadlines, or ErrBlip while down.
func (b *Blip) ExtendDeadlines(ctx context.Context, codes []string, from, to time.Time) ([]string, error) {
	if err := b.fail(); err != nil {
		return nil, err
	}
	return b.Store.ExtendDeadlines(ctx, codes, from, to)
}
