package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Findings are what a checker found in an upload when its view was
// shared: the checker's version, the config they are for (a query
// string) and the findings themselves (JSON).
type Findings struct {
	Checker, Config string
	JSON            []byte
}

// KeepFindings implements Uploads: the first findings kept stay.
func (s *SQL) KeepFindings(ctx context.Context, id string, f Findings) error {
	if !ValidViewID(id) {
		return ErrNotFound
	}
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE upload_views SET checker = ?, findings_config = ?, findings = ? WHERE id = ? AND findings = ''`),
		f.Checker, f.Config, string(f.JSON), id)
	if err != nil {
		return fmt.Errorf("store: keep findings: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 { // kept already, or no such view
		var views int
		if err := s.db.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM upload_views WHERE id = ?`), id).Scan(&views); err != nil {
			return fmt.Errorf("store: keep findings: %w", err)
		}
		if views == 0 {
			return ErrNotFound
		}
	}
	return nil
}

// UploadFindings implements Uploads.
func (s *SQL) UploadFindings(ctx context.Context, id string) (Findings, error) {
	if !ValidViewID(id) {
		return Findings{}, ErrNotFound
	}
	var f Findings
	var data string
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT checker, findings_config, findings FROM upload_views WHERE id = ?`), id).Scan(&f.Checker, &f.Config, &data)
	if errors.Is(err, sql.ErrNoRows) || err == nil && data == "" {
		return Findings{}, ErrNotFound
	}
	if err != nil {
		return Findings{}, fmt.Errorf("store: upload findings: %w", err)
	}
	f.JSON = []byte(data)
	return f, nil
}
