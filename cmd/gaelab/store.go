package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/store/sqlite"
)

// openStore opens the database: PostgreSQL if dbURL (-db, else
// $DATABASE_URL) is a postgres:// or postgresql:// URL, else the embedded
// SQLite file in dataDir (-data, else $GAELAB_DATA, else the user's state
// directory). It returns a description for the log, never the URL (it may
// hold a password).
func openStore(ctx context.Context, dbURL, dataDir string, getenv func(string) string, logger *slog.Logger) (store.Store, string, error) {
	if dbURL == "" {
		dbURL = getenv("DATABASE_URL")
	}
	if dbURL != "" {
		if !strings.HasPrefix(dbURL, "postgres://") && !strings.HasPrefix(dbURL, "postgresql://") {
			return nil, "", usageErrorf("serve: -db: want a postgres:// URL")
		}
		s, err := postgres.Open(ctx, dbURL, logger)
		return s, "postgres", err
	}
	if dataDir == "" {
		dataDir = getenv("GAELAB_DATA")
	}
	if dataDir == "" {
		dataDir = defaultDataDir(getenv)
	}
	sqlite.Secure(dataDir, logger)
	s, err := sqlite.Open(ctx, dataDir)
	return s, "sqlite " + filepath.Join(dataDir, sqlite.FileName), err
}

// defaultDataDir is $XDG_STATE_HOME/gaelab, else ~/.local/state/gaelab,
// else gaelab in the temporary directory.
func defaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "gaelab")
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".local", "state", "gaelab")
	}
	return filepath.Join(os.TempDir(), "gaelab")
}
