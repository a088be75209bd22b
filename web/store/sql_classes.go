package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// CreateClass implements Classes.
func (s *SQL) CreateClass(ctx context.Context, c Class) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO classes (code, key_hash, created, expires) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`),
		c.Code, c.KeyHash, c.Created.Unix(), c.Expires.Unix())
	if err != nil {
		return fmt.Errorf("store: create class: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrExists
	}
	return nil
}

// Class implements Classes.
func (s *SQL) Class(ctx context.Context, code string, now time.Time) (Class, error) {
	var c Class
	var created, expires, nicknames, word, locked int64
	var queue string
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT code, key_hash, created, expires, question, students, nicknames, join_word, locked, queue FROM classes WHERE code = ? AND expires > ?`),
		code, now.Unix()).Scan(&c.Code, &c.KeyHash, &created, &expires, &c.Question, &c.Students, &nicknames, &word, &locked, &queue)
	if errors.Is(err, sql.ErrNoRows) {
		return Class{}, ErrNotFound
	}
	if err != nil {
		return Class{}, fmt.Errorf("store: class: %w", err)
	}
	c.Created, c.Expires, c.Nicknames = time.Unix(created, 0), time.Unix(expires, 0), nicknames != 0
	c.JoinWord, c.Locked, c.Queue = word != 0, locked != 0, splitQueue(queue)
	return c, nil
}

// Ask implements Classes.
func (s *SQL) Ask(ctx context.Context, code, spec string, now time.Time) (Question, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Question{}, fmt.Errorf("store: ask: %w", err)
	}
	defer tx.Rollback()
	return s.insertQuestion(ctx, tx, code, spec, 0, now)
}

// insertQuestion adds a question (the second round of roundOf, if not 0)
// to a class in tx, makes it the current one and commits.
func (s *SQL) insertQuestion(ctx context.Context, tx *sql.Tx, code, spec string, roundOf int, now time.Time) (Question, error) {
	var id int
	err := tx.QueryRowContext(ctx, s.rebind(`UPDATE classes SET question = question + 1 WHERE code = ? RETURNING question`), code).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Question{}, ErrNotFound
	}
	if err != nil {
		return Question{}, fmt.Errorf("store: ask: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO questions (class_code, id, spec, created, round_of) VALUES (?, ?, ?, ?, ?)`), code, id, spec, now.Unix(), roundOf); err != nil {
		return Question{}, fmt.Errorf("store: ask: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Question{}, fmt.Errorf("store: ask: %w", err)
	}
	return Question{Class: code, ID: id, Spec: spec, Created: time.Unix(now.Unix(), 0), RoundOf: roundOf}, nil
}

// questionColumns are what scanQuestion reads, in its order.
// The last is the question's number as asked (Question.Number): the first
// rounds up to it, or to its first round.
const questionColumns = `id, spec, revealed, created, closed, shown, deadline, round_of,
	(SELECT COUNT(*) FROM questions AS n WHERE n.class_code = questions.class_code AND n.round_of = 0
		AND n.id <= CASE WHEN questions.round_of = 0 THEN questions.id ELSE questions.round_of END)`

// scanQuestion reads one row of questionColumns.
func scanQuestion(code string, row interface{ Scan(...any) error }) (Question, error) {
	q := Question{Class: code}
	var revealed, created, closed, shown, deadline int64
	if err := row.Scan(&q.ID, &q.Spec, &revealed, &created, &closed, &shown, &deadline, &q.RoundOf, &q.Number); err != nil {
		return Question{}, err
	}
	q.Revealed, q.Created, q.Closed, q.Shown = revealed != 0, time.Unix(created, 0), closed != 0, shown != 0
	if deadline != 0 {
		q.Deadline = time.UnixMilli(deadline)
	}
	return q, nil
}

// Question implements Classes.
func (s *SQL) Question(ctx context.Context, code string, id int) (Question, error) {
	q, err := scanQuestion(code, s.db.QueryRowContext(ctx, s.rebind(`SELECT `+questionColumns+` FROM questions WHERE class_code = ? AND id = ?`), code, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Question{}, ErrNotFound
	}
	if err != nil {
		return Question{}, fmt.Errorf("store: question: %w", err)
	}
	return q, nil
}

// Questions implements Classes.
func (s *SQL) Questions(ctx context.Context, code string) ([]Question, error) {
	rows, err := s.db.QueryContext(ctx, s.rebind(`SELECT `+questionColumns+` FROM questions WHERE class_code = ? ORDER BY id`), code)
	if err != nil {
		return nil, fmt.Errorf("store: questions: %w", err)
	}
	defer rows.Close()
	var out []Question
	for rows.Next() {
		q, err := scanQuestion(code, rows)
		if err != nil {
			return nil, fmt.Errorf("store: questions: %w", err)
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// Reveal implements Classes.
func (s *SQL) Reveal(ctx context.Context, code string, id int) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`UPDATE questions SET revealed = 1 WHERE class_code = ? AND id = ?`), code, id)
	if err != nil {
		return fmt.Errorf("store: reveal: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// Answer implements Classes: one statement inserts or replaces the answer
// while the question is open (Question.Open) and the device has changes
// left, unless this send already changed it (a resend: then it is
// acknowledged).
func (s *SQL) Answer(ctx context.Context, code string, id int, device, value string, send Send, maxChanges int, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.rebind(`INSERT INTO answers (class_code, question_id, device, value, changes, updated, send_id, send_seq)
		SELECT ?, ?, ?, ?, 1, ?, ?, ? WHERE EXISTS (SELECT 1 FROM questions q JOIN classes c ON c.code = q.class_code
		    WHERE q.class_code = ? AND q.id = ? AND q.revealed = 0 AND q.closed = 0 AND (q.deadline = 0 OR q.deadline > ? AND q.deadline > ?)
		      AND c.question = q.id AND c.expires > ?)
		  AND EXISTS (SELECT 1 FROM students WHERE class_code = ? AND device = ?)
		ON CONFLICT (class_code, question_id, device) DO UPDATE
		SET value = excluded.value, changes = answers.changes + 1, updated = excluded.updated, send_id = excluded.send_id,
		    send_seq = CASE WHEN excluded.send_seq = 0 THEN answers.send_seq ELSE excluded.send_seq END
		WHERE answers.changes < ? AND (excluded.send_id = '' OR answers.send_id <> excluded.send_id)
		  AND (excluded.send_seq = 0 OR excluded.send_seq >= answers.send_seq)`),
		code, id, device, value, now.Unix(), send.ID, send.Seq, code, id, sentAt(send, now).UnixMilli(), now.Add(-send.Grace).UnixMilli(), now.Unix(),
		code, device, maxChanges)
	if err != nil {
		return fmt.Errorf("store: answer: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if send.ID != "" || send.Seq > 0 {
		var last string
		var seq int64
		err := s.db.QueryRowContext(ctx, s.rebind(`SELECT send_id, send_seq FROM answers WHERE class_code = ? AND question_id = ? AND device = ?`),
			code, id, device).Scan(&last, &seq)
		if err == nil && (send.ID != "" && last == send.ID || send.Seq > 0 && send.Seq < seq) {
			return nil // a resend of the answer stored, or a late replay of an older one
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: answer: %w", err)
		}
	}
	// Why nothing changed; a failure to read it is the store's, never a
	// closed question (a phone would stop resending).
	q, err := s.Question(ctx, code, id)
	c, cerr := s.Class(ctx, code, now)
	for _, e := range []error{err, cerr} {
		if e != nil && !errors.Is(e, ErrNotFound) {
			return e
		}
	}
	if err != nil || cerr != nil || !q.OpenTo(send, now) || c.Question != id {
		return ErrClosed
	}
	var joined int
	err = s.db.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM students WHERE class_code = ? AND device = ?`), code, device).Scan(&joined)
	if err != nil {
		return fmt.Errorf("store: answer: %w", err)
	}
	if joined == 0 {
		return ErrNotStudent
	}
	return ErrTooMany
}

// sentAt is when send was first sent: its At, or now (also for an At
// ahead of now).
func sentAt(send Send, now time.Time) time.Time {
	if send.At.IsZero() || send.At.After(now) {
		return now
	}
	return send.At
}

// Answers implements Classes.
func (s *SQL) Answers(ctx context.Context, code string, id int) ([]Answer, error) {
	rows, err := s.db.QueryContext(ctx, s.rebind(`SELECT device, value, changes, updated FROM answers WHERE class_code = ? AND question_id = ? ORDER BY updated, device`), code, id)
	if err != nil {
		return nil, fmt.Errorf("store: answers: %w", err)
	}
	defer rows.Close()
	var out []Answer
	for rows.Next() {
		var a Answer
		var updated int64
		if err := rows.Scan(&a.Device, &a.Value, &a.Changes, &updated); err != nil {
			return nil, fmt.Errorf("store: answers: %w", err)
		}
		a.Updated = time.Unix(updated, 0)
		out = append(out, a)
	}
	return out, rows.Err()
}

// AnswerOf implements Classes.
func (s *SQL) AnswerOf(ctx context.Context, code string, id int, device string) (Answer, error) {
	a := Answer{Device: device}
	var updated int64
	err := s.db.QueryRowContext(ctx, s.rebind(`SELECT value, changes, updated FROM answers WHERE class_code = ? AND question_id = ? AND device = ?`),
		code, id, device).Scan(&a.Value, &a.Changes, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Answer{}, ErrNotFound
	}
	if err != nil {
		return Answer{}, fmt.Errorf("store: answer: %w", err)
	}
	a.Updated = time.Unix(updated, 0)
	return a, nil
}

// DeleteExpired implements Classes.
func (s *SQL) DeleteExpired(ctx context.Context, now time.Time) (int, error) {
	n, err := s.deleteClasses(ctx, `expires <= ?`, now.Unix())
	if err != nil {
		return 0, fmt.Errorf("store: sweep: %w", err)
	}
	return n, nil
}

// classTables are the tables that hold a class's rows (class_code), which
// go with it.
var classTables = []string{"answers", "students", "questions", "class_tickets", "class_presence"}

// deleteClasses deletes, in one transaction, the classes where cond (a
// condition on the classes table with one parameter, arg) holds, with
// their rows in classTables, and returns how many classes.
func (s *SQL) deleteClasses(ctx context.Context, cond string, arg any) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	for _, table := range classTables {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM `+table+` WHERE class_code IN (SELECT code FROM classes WHERE `+cond+`)`), arg); err != nil {
			return 0, fmt.Errorf("%s: %w", table, err)
		}
	}
	res, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM classes WHERE `+cond), arg)
	if err != nil {
		return 0, fmt.Errorf("classes: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), tx.Commit()
}
