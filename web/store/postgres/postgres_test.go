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
// stores, two listeners) on one database.
func TestStore(t *testing.T) {
	dsn := storetest.PostgresURL(t)
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
	dsn := storetest.PostgresURL(t)
	ctx := context.Background()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("gaelab_migrate_%d", time.Now().UnixNano())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Skipf("cannot create a scratch database (%v); the suite still ran on the main one", err)
	}
	defer admin.ExecContext(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
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
