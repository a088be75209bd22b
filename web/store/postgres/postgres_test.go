package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/store/storetest"
)

// TestStore runs the store suite on PostgreSQL with two replicas (two
// stores, two listeners) on one database, a scratch one: the suite's
// sweeps delete what expires before its clock (January 2027), which were
// the live classes of web/class's tests when both ran at once on the
// tests' shared database (their phones' answers got 404).
func TestStore(t *testing.T) {
	dsn := scratchDatabase(t, "store").String()
	storetest.Run(t, func(t *testing.T) (store.Store, store.Store) {
		a, err := Open(context.Background(), dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Open(context.Background(), dsn, nil)
		if err != nil {
			a.Close()
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close(); b.Close() })
		return a, b
	})
}

// TestMigrateConcurrently: four replicas starting at once on an empty
// database migrate it once, under the advisory lock.
func TestMigrateConcurrently(t *testing.T) {
	ctx := context.Background()
	u := scratchDatabase(t, "migrate")
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(ctx, u.String(), nil)
			if err != nil {
				t.Errorf("Open: %v", err)
				return
			}
			s.Close()
		}()
	}
	wg.Wait()
	db, _ := sql.Open("pgx", u.String())
	defer db.Close()
	files, _ := filepath.Glob("../migrations/*.sql")
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil || n != len(files) {
		t.Errorf("schema_migrations has %d rows (%v); want one per migration, %d", n, err, len(files))
	}
}

// scratchDatabase creates an empty database beside the tests' one, dropped
// at the end, for a test that must see no other test's rows.
func scratchDatabase(t *testing.T, purpose string) *url.URL {
	dsn := storetest.PostgresURL(t)
	ctx := context.Background()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := fmt.Sprintf("gaelab_%s_%d", purpose, time.Now().UnixNano())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("cannot create a scratch database: %v", err)
	}
	t.Cleanup(func() { admin.ExecContext(ctx, "DROP DATABASE "+name+" WITH (FORCE)") })
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u
}

// TestUploadTotalCapConcurrently: uploads arriving at once on two replicas
// never leave more than the total cap stored. Under READ COMMITTED, each
// transaction alone sees only the others' committed bytes, so without a
// lock every one of them could find room.
func TestUploadTotalCapConcurrently(t *testing.T) {
	u := scratchDatabase(t, "uploadcap")
	ctx := context.Background()
	a, err1 := Open(ctx, u.String(), nil)
	b, err2 := Open(ctx, u.String(), nil)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	defer func() { a.Close(); b.Close() }()
	const uploads, size, max = 16, 1000, 3000
	lim := store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 40, MaxTotal: max}
	now := time.Now()
	var wg sync.WaitGroup
	for i := range uploads {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			data := make([]byte, size)
			copy(data, fmt.Sprintf("upload %d", i))
			if _, err := s.PutUpload(ctx, fmt.Sprintf("10.0.0.%d", i), data, lim, now.Add(time.Duration(i))); err != nil {
				t.Errorf("PutUpload %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if total, err := a.UploadBytes(ctx); err != nil || total > max {
		t.Errorf("UploadBytes = %d, %v after %d concurrent uploads of %d bytes; want at most the cap, %d", total, err, uploads, size, max)
	}
}
