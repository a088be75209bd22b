package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// SetVoting implements Flow.
func (s *SQL) SetVoting(ctx context.Context, code string, id int, open bool) error {
	stmt := `UPDATE questions SET closed = 1 WHERE class_code = ? AND id = ?`
	if open {
		stmt = `UPDATE questions SET closed = 0, deadline = 0 WHERE class_code = ? AND id = ? AND revealed = 0`
	}
	return s.updateQuestion(ctx, "voting", stmt, code, id)
}

// SetShown implements Flow.
func (s *SQL) SetShown(ctx context.Context, code string, id int, shown bool) error {
	return s.updateQuestion(ctx, "show", `UPDATE questions SET shown = `+flag(shown)+` WHERE class_code = ? AND id = ?`, code, id)
}

// SetDeadline implements Flow. The deadline is kept in milliseconds.
func (s *SQL) SetDeadline(ctx context.Context, code string, id int, deadline time.Time) error {
	ms := int64(0)
	if !deadline.IsZero() {
		ms = max(deadline.UnixMilli(), 1)
	}
	return s.updateQuestion(ctx, "deadline", `UPDATE questions SET deadline = ?, closed = 0 WHERE class_code = ? AND id = ? AND revealed = 0`, ms, code, id)
}

// ExtendDeadlines implements Flow.
func (s *SQL) ExtendDeadlines(ctx context.Context, codes []string, from, to time.Time) ([]string, error) {
	a, b := from.UnixMilli(), to.UnixMilli()
	var moved []string
	for chunk := range slices.Chunk(codes, 100) {
		if b <= a {
			break
		}
		args := []any{b, a, a, b, a, b}
		for _, c := range chunk {
			args = append(args, c)
		}
		rows, err := s.db.QueryContext(ctx, s.rebind(`UPDATE questions
			SET deadline = deadline + ? - CASE WHEN extended > ? THEN extended ELSE ? END, extended = ?
			WHERE deadline > ? AND extended < ? AND revealed = 0 AND closed = 0
			  AND class_code IN (?`+strings.Repeat(", ?", len(chunk)-1)+`)
			RETURNING class_code`), args...)
		if err != nil {
			return moved, fmt.Errorf("store: extend deadlines: %w", err)
		}
		for rows.Next() {
			var code string
			if err := rows.Scan(&code); err != nil {
				rows.Close()
				return moved, fmt.Errorf("store: extend deadlines: %w", err)
			}
			if !slices.Contains(moved, code) {
				moved = append(moved, code)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return moved, fmt.Errorf("store: extend deadlines: %w", err)
		}
	}
	return moved, nil
}

// flag is a boolean as the tables keep it.
func flag(on bool) string {
	if on {
		return "1"
	}
	return "0"
}

// updateQuestion runs stmt, whose last two parameters are the class code
// and question id; when it changes no row, ErrNotFound for a question that
// does not exist, else ErrClosed (the statement's condition on revealed).
func (s *SQL) updateQuestion(ctx context.Context, what, stmt string, args ...any) error {
	res, err := s.db.ExecContext(ctx, s.rebind(stmt), args...)
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	code, id := args[len(args)-2].(string), args[len(args)-1].(int)
	if _, err := s.Question(ctx, code, id); err != nil {
		return err
	}
	return ErrClosed
}

// AskRound implements Flow. The class's current-question counter
// serializes it with every other ask, so a question gets one second round
// even when two replicas ask at once.
func (s *SQL) AskRound(ctx context.Context, code string, id int, now time.Time) (Question, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Question{}, fmt.Errorf("store: round: %w", err)
	}
	defer tx.Rollback()
	// Take the class row's lock first (a no-op update), then look.
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE classes SET question = question WHERE code = ?`), code); err != nil {
		return Question{}, fmt.Errorf("store: round: %w", err)
	}
	var spec string
	var roundOf, rounds int
	err = tx.QueryRowContext(ctx, s.rebind(`SELECT spec, round_of FROM questions WHERE class_code = ? AND id = ?`), code, id).Scan(&spec, &roundOf)
	if errors.Is(err, sql.ErrNoRows) {
		return Question{}, ErrNotFound
	}
	if err != nil {
		return Question{}, fmt.Errorf("store: round: %w", err)
	}
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM questions WHERE class_code = ? AND round_of = ?`), code, id).Scan(&rounds); err != nil {
		return Question{}, fmt.Errorf("store: round: %w", err)
	}
	if roundOf != 0 || rounds > 0 {
		return Question{}, ErrExists
	}
	return s.insertQuestion(ctx, tx, code, spec, id, now)
}

// SetNicknames implements Flow.
func (s *SQL) SetNicknames(ctx context.Context, code string, on bool) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE classes SET nicknames = `+flag(on)+` WHERE code = ?`), code)
	if err != nil {
		return fmt.Errorf("store: nicknames: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetNickname implements Flow. The unique index on a class's nicknames
// settles two devices that give one nickname at the same moment.
func (s *SQL) SetNickname(ctx context.Context, code, device, nickname string) error {
	st, err := s.Student(ctx, code, device)
	if err != nil {
		return err
	}
	if st.Nickname == nickname {
		return nil
	}
	if taken, err := s.nickTaken(ctx, code, device, nickname); err != nil || taken {
		return cmpErr(err, ErrNickTaken)
	}
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE students SET nickname = ?,
		nick_changes = nick_changes + CASE WHEN nickname = '' THEN 0 ELSE 1 END
		WHERE class_code = ? AND device = ? AND (nickname = '' OR nick_changes < 1)`), nickname, code, device)
	if err != nil {
		if taken, err2 := s.nickTaken(ctx, code, device, nickname); err2 == nil && taken {
			return ErrNickTaken
		}
		return fmt.Errorf("store: nickname: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	return ErrExists
}

// nickTaken reports whether another device of a class has nickname.
func (s *SQL) nickTaken(ctx context.Context, code, device, nickname string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM students WHERE class_code = ? AND nickname = ? AND device <> ?`),
		code, nickname, device).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("store: nickname: %w", err)
	}
	return n > 0, nil
}

// cmpErr is err if there is one, else want.
func cmpErr(err, want error) error {
	if err != nil {
		return err
	}
	return want
}

// Student implements Flow.
func (s *SQL) Student(ctx context.Context, code, device string) (Student, error) {
	st := Student{Device: device}
	var joined int64
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT nickname, nick_changes, joined FROM students WHERE class_code = ? AND device = ?`), code, device).Scan(&st.Nickname, &st.Corrections, &joined)
	if errors.Is(err, sql.ErrNoRows) {
		return Student{}, ErrNotStudent
	}
	if err != nil {
		return Student{}, fmt.Errorf("store: student: %w", err)
	}
	st.Joined = time.Unix(joined, 0)
	return st, nil
}

// Students implements Flow.
func (s *SQL) Students(ctx context.Context, code string) ([]Student, error) {
	rows, err := s.db.QueryContext(ctx, s.rebind(`SELECT device, nickname, nick_changes, joined FROM students WHERE class_code = ? ORDER BY joined, device`), code)
	if err != nil {
		return nil, fmt.Errorf("store: students: %w", err)
	}
	defer rows.Close()
	var out []Student
	for rows.Next() {
		var st Student
		var joined int64
		if err := rows.Scan(&st.Device, &st.Nickname, &st.Corrections, &joined); err != nil {
			return nil, fmt.Errorf("store: students: %w", err)
		}
		st.Joined = time.Unix(joined, 0)
		out = append(out, st)
	}
	return out, rows.Err()
}

// ClassSecret implements Flow: like Secret, the first caller's random
// bytes stay.
func (s *SQL) ClassSecret(ctx context.Context, code string) ([]byte, error) {
	fresh := make([]byte, 32)
	rand.Read(fresh)
	if _, err := s.db.ExecContext(ctx, s.rebind(`UPDATE classes SET secret = ? WHERE code = ? AND secret = ''`), hex.EncodeToString(fresh), code); err != nil {
		return nil, fmt.Errorf("store: class secret: %w", err)
	}
	var v string
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT secret FROM classes WHERE code = ?`), code).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: class secret: %w", err)
	}
	return hex.DecodeString(v)
}

// DeleteClass implements Flow.
func (s *SQL) DeleteClass(ctx context.Context, code string) error {
	n, err := s.deleteClasses(ctx, `code = ?`, code)
	if err != nil {
		return fmt.Errorf("store: delete class: %w", err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
