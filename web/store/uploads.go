package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// viewIDs spells view ids: 128 random bits in 26 lower-case letters and
// digits, safe in a URL path.
var viewIDs = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// ViewIDLen is the length of every view id.
const ViewIDLen = 26

// ValidViewID reports whether id is spelled as a view id, so that callers
// can refuse any other string without asking the database.
func ValidViewID(id string) bool {
	if len(id) != ViewIDLen {
		return false
	}
	for _, c := range id {
		if !('a' <= c && c <= 'z' || '2' <= c && c <= '7') {
			return false
		}
	}
	return true
}

// PutUpload implements Uploads. One transaction counts the address's
// quota (a conditional upsert, so concurrent uploads cannot both pass it),
// stores the bytes unless held already, evicts the oldest other uploads
// that no live share holds while the total passes lim.MaxTotal (ErrFull,
// and nothing done, when that is not enough), and adds the view.
func (s *SQL) PutUpload(ctx context.Context, addr string, data []byte, lim UploadLimits, now time.Time) (Upload, error) {
	size := int64(len(data))
	if size > lim.MaxTotal {
		return Upload{}, ErrTooLarge
	}
	if size > lim.PerAddrDay {
		return Upload{}, ErrQuota
	}
	sum := sha256.Sum256(data)
	u := Upload{ID: newViewID(), SHA256: hex.EncodeToString(sum[:]), Size: size, Expires: now.Add(lim.TTL)}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Upload{}, fmt.Errorf("store: put upload: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO upload_quota (addr, day, bytes) VALUES (?, ?, ?)
		ON CONFLICT (addr, day) DO UPDATE SET bytes = upload_quota.bytes + excluded.bytes WHERE upload_quota.bytes + excluded.bytes <= ?`),
		addr, now.UTC().Format(time.DateOnly), size, lim.PerAddrDay)
	if err != nil {
		return Upload{}, fmt.Errorf("store: put upload: quota: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Upload{}, ErrQuota
	}
	res, err = tx.ExecContext(ctx, s.rebind(`INSERT INTO upload_blobs (sha256, size, created, data) VALUES (?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING`),
		u.SHA256, size, now.UnixNano(), data)
	if err != nil {
		return Upload{}, fmt.Errorf("store: put upload: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 { // held already: uploaded again now
		if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE upload_blobs SET created = ? WHERE sha256 = ? AND created < ?`), now.UnixNano(), u.SHA256, now.UnixNano()); err != nil {
			return Upload{}, fmt.Errorf("store: put upload: %w", err)
		}
	} else if err := s.evict(ctx, tx, u.SHA256, lim.MaxTotal, now); errors.Is(err, ErrStoreFull) {
		return Upload{}, err
	} else if err != nil {
		return Upload{}, fmt.Errorf("store: put upload: evict: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO upload_views (id, sha256, expires, shared) VALUES (?, ?, ?, 0)`),
		u.ID, u.SHA256, u.Expires.UnixNano()); err != nil {
		return Upload{}, fmt.Errorf("store: put upload: view: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Upload{}, fmt.Errorf("store: put upload: %w", err)
	}
	return u, nil
}

// evict deletes the uploads other than keep, with their views, until all
// of them hold at most max bytes, under the dialect's upload lock: first
// those no live view reaches (expired, the sweep's next), then the oldest.
// An upload with a shared view that has not expired at now is never
// evicted: ErrStoreFull when the others are not enough.
func (s *SQL) evict(ctx context.Context, tx *sql.Tx, keep string, max int64, now time.Time) error {
	if s.d.UploadLock != "" {
		if _, err := tx.ExecContext(ctx, s.d.UploadLock); err != nil {
			return err
		}
	}
	var total int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(size), 0) FROM upload_blobs`).Scan(&total); err != nil {
		return err
	}
	for total > max {
		var sha string
		var size int64
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT sha256, size FROM upload_blobs b WHERE sha256 <> ?
			AND NOT EXISTS (SELECT 1 FROM upload_views v WHERE v.sha256 = b.sha256 AND v.shared = 1 AND v.expires > ?)
			ORDER BY CASE WHEN EXISTS (SELECT 1 FROM upload_views v WHERE v.sha256 = b.sha256 AND v.expires > ?) THEN 1 ELSE 0 END, created, sha256 LIMIT 1`),
			keep, now.UnixNano(), now.UnixNano()).Scan(&sha, &size)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrStoreFull
		}
		if err != nil {
			return err
		}
		if err := deleteBlob(ctx, tx, s.rebind, sha); err != nil {
			return err
		}
		total -= size
	}
	return nil
}

func deleteBlob(ctx context.Context, tx *sql.Tx, rebind func(string) string, sha string) error {
	if _, err := tx.ExecContext(ctx, rebind(`DELETE FROM upload_views WHERE sha256 = ?`), sha); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, rebind(`DELETE FROM upload_blobs WHERE sha256 = ?`), sha)
	return err
}

func newViewID() string {
	var raw [16]byte
	rand.Read(raw[:])
	return viewIDs.EncodeToString(raw[:])
}

// Upload implements Uploads.
func (s *SQL) Upload(ctx context.Context, id string, now time.Time) (Upload, error) {
	if !ValidViewID(id) {
		return Upload{}, ErrNotFound
	}
	u := Upload{ID: id}
	var expires, shared int64
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT v.sha256, b.size, v.expires, v.shared FROM upload_views v JOIN upload_blobs b ON b.sha256 = v.sha256
		WHERE v.id = ? AND v.expires > ?`), id, now.UnixNano()).Scan(&u.SHA256, &u.Size, &expires, &shared)
	if errors.Is(err, sql.ErrNoRows) {
		return Upload{}, ErrNotFound
	}
	if err != nil {
		return Upload{}, fmt.Errorf("store: upload: %w", err)
	}
	u.Expires, u.Shared = time.Unix(0, expires), shared != 0
	return u, nil
}

// UploadData implements Uploads.
func (s *SQL) UploadData(ctx context.Context, sha string) ([]byte, error) {
	var data []byte
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT data FROM upload_blobs WHERE sha256 = ?`), sha).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: upload data: %w", err)
	}
	return data, nil
}

// ShareUpload implements Uploads.
func (s *SQL) ShareUpload(ctx context.Context, id string, expires, now time.Time) (Upload, error) {
	return s.ShareUploadWithin(ctx, id, expires, now, -1)
}

// ShareUploadWithin implements Uploads (maxShared < 0: no budget). One
// transaction, under the upload lock, weighs the live shares and marks the
// view, so two replicas cannot both take the last room.
func (s *SQL) ShareUploadWithin(ctx context.Context, id string, expires, now time.Time, maxShared int64) (Upload, error) {
	if !ValidViewID(id) {
		return Upload{}, ErrNotFound
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Upload{}, fmt.Errorf("store: share upload: %w", err)
	}
	defer tx.Rollback()
	if maxShared >= 0 {
		if s.d.UploadLock != "" {
			if _, err := tx.ExecContext(ctx, s.d.UploadLock); err != nil {
				return Upload{}, fmt.Errorf("store: share upload: %w", err)
			}
		}
		var size, sharedAlready, total int64
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT b.size, CASE WHEN EXISTS (SELECT 1 FROM upload_views o WHERE o.sha256 = b.sha256 AND o.shared = 1 AND o.expires > ?) THEN 1 ELSE 0 END
			FROM upload_views v JOIN upload_blobs b ON b.sha256 = v.sha256 WHERE v.id = ? AND v.expires > ?`), now.UnixNano(), id, now.UnixNano()).Scan(&size, &sharedAlready)
		if errors.Is(err, sql.ErrNoRows) {
			return Upload{}, ErrNotFound
		}
		if err != nil {
			return Upload{}, fmt.Errorf("store: share upload: %w", err)
		}
		if err := tx.QueryRowContext(ctx, s.rebind(sharedBytes), now.UnixNano()).Scan(&total); err != nil {
			return Upload{}, fmt.Errorf("store: share upload: %w", err)
		}
		if sharedAlready == 0 && total+size > maxShared {
			return Upload{}, ErrSharesFull
		}
	}
	res, err := tx.ExecContext(ctx, s.rebind(`UPDATE upload_views SET shared = 1, expires = CASE WHEN expires < ? THEN ? ELSE expires END
		WHERE id = ? AND expires > ?`), expires.UnixNano(), expires.UnixNano(), id, now.UnixNano())
	if err != nil {
		return Upload{}, fmt.Errorf("store: share upload: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Upload{}, ErrNotFound
	}
	if err := tx.Commit(); err != nil {
		return Upload{}, fmt.Errorf("store: share upload: %w", err)
	}
	return s.Upload(ctx, id, now)
}

// sharedBytes sums the uploads a live shared view holds at a time.
const sharedBytes = `SELECT COALESCE(SUM(size), 0) FROM upload_blobs b
	WHERE EXISTS (SELECT 1 FROM upload_views v WHERE v.sha256 = b.sha256 AND v.shared = 1 AND v.expires > ?)`

// SharedBytes implements Uploads.
func (s *SQL) SharedBytes(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	if err := s.db.QueryRowContext(ctx, s.rebind(sharedBytes), now.UnixNano()).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: shared bytes: %w", err)
	}
	return n, nil
}

// UploadedToday implements Uploads.
func (s *SQL) UploadedToday(ctx context.Context, addr string, now time.Time) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT COALESCE(MAX(bytes), 0) FROM upload_quota WHERE addr = ? AND day = ?`),
		addr, now.UTC().Format(time.DateOnly)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: uploaded today: %w", err)
	}
	return n, nil
}

// UploadBytes implements Uploads.
func (s *SQL) UploadBytes(ctx context.Context) (int64, error) {
	var total int64
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(size), 0) FROM upload_blobs`).Scan(&total); err != nil {
		return 0, fmt.Errorf("store: upload bytes: %w", err)
	}
	return total, nil
}

// DeleteExpiredUploads implements Uploads.
func (s *SQL) DeleteExpiredUploads(ctx context.Context, now time.Time) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: sweep uploads: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM upload_views WHERE expires <= ?`), now.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("store: sweep uploads: %w", err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(ctx, `DELETE FROM upload_blobs WHERE NOT EXISTS (SELECT 1 FROM upload_views v WHERE v.sha256 = upload_blobs.sha256)`); err != nil {
		return 0, fmt.Errorf("store: sweep uploads: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM upload_quota WHERE day < ?`), now.UTC().Format(time.DateOnly)); err != nil {
		return 0, fmt.Errorf("store: sweep upload quotas: %w", err)
	}
	return int(n), tx.Commit()
}
