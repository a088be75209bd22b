package store

import (
	"context"
	"fmt"
)

// Admission is who may take a seat in a class, and the teacher's way to
// free the seats a script took.
type Admission interface {
	// SetAdmission sets a class's join word option and its lock (Class's
	// JoinWord and Locked); ErrNotFound.
	SetAdmission(ctx context.Context, code string, joinWord, locked bool) error
	// RemoveSilent removes the students of a class who answered nothing,
	// freeing their seats, and returns how many.
	RemoveSilent(ctx context.Context, code string) (int, error)
	// RemoveStudent removes one student of a class with its answers,
	// freeing its seat; ErrNotStudent.
	RemoveStudent(ctx context.Context, code, device string) error
}

// SetAdmission implements Admission.
func (s *SQL) SetAdmission(ctx context.Context, code string, joinWord, locked bool) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE classes SET join_word = `+flag(joinWord)+`, locked = `+flag(locked)+` WHERE code = ?`), code)
	if err != nil {
		return fmt.Errorf("store: admission: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// RemoveSilent implements Admission, in one transaction with the class's
// count of students.
func (s *SQL) RemoveSilent(ctx context.Context, code string) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: remove silent: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM students WHERE class_code = ? AND NOT EXISTS (
		SELECT 1 FROM answers WHERE answers.class_code = students.class_code AND answers.device = students.device)`), code)
	if err != nil {
		return 0, fmt.Errorf("store: remove silent: %w", err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE classes SET students = students - ? WHERE code = ?`), n, code); err != nil {
		return 0, fmt.Errorf("store: remove silent: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("store: remove silent: %w", err)
	}
	return int(n), nil
}

// RemoveStudent implements Admission, in one transaction with the class's
// count of students.
func (s *SQL) RemoveStudent(ctx context.Context, code, device string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: remove student: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM students WHERE class_code = ? AND device = ?`), code, device)
	if err != nil {
		return fmt.Errorf("store: remove student: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotStudent
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM answers WHERE class_code = ? AND device = ?`), code, device); err != nil {
		return fmt.Errorf("store: remove student: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE classes SET students = students - 1 WHERE code = ?`), code); err != nil {
		return fmt.Errorf("store: remove student: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: remove student: %w", err)
	}
	return nil
}
