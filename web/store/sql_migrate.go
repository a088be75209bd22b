package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrate applies the embedded migrations in file-name order, each in its
// own transaction, recording each in schema_migrations.
func (s *SQL) migrate(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if s.d.Lock != nil {
		unlock, err := s.d.Lock(ctx, conn)
		if err != nil {
			return fmt.Errorf("lock: %w", err)
		}
		defer unlock()
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
		return err
	}
	files, err := migrationFiles()
	if err != nil {
		return err
	}
	for _, m := range files {
		name, version := m.name, m.version
		var n int
		if err := conn.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM schema_migrations WHERE version = ?`), version).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, stmt := range splitStatements(string(body)) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				tx.Rollback()
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO schema_migrations (version, applied) VALUES (?, ?)`), version, time.Now().Unix()); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// migration is one embedded migration file and the version its name
// starts with.
type migration struct {
	name    string
	version int
}

// migrationFiles are the embedded migrations in file-name order. Two files
// with one version (two branches that each added "0004_…") are an error:
// the second would never run where the first had.
func migrationFiles() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files []migration
	seen := map[int]string{}
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("%s: name must start with a number", base)
		}
		if other, ok := seen[version]; ok {
			return nil, fmt.Errorf("migrations %s and %s share the version %d", other, base, version)
		}
		seen[version] = base
		files = append(files, migration{name, version})
	}
	return files, nil
}

// splitStatements splits a migration at the semicolons that end its lines,
// dropping "--" comment lines.
func splitStatements(body string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(strings.TrimSpace(line), ";") {
			if s := strings.TrimSpace(cur.String()); s != ";" {
				out = append(out, s)
			}
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}
