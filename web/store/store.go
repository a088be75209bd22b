// Package store is GAE Lab's database behind one small interface, Store: the
// live classes (codes, questions, students' answers), the secrets replicas
// share, and the events that tell every replica that a class changed.
//
// This package holds the interface and one implementation over database/sql
// (SQL) with portable, embedded migrations. It imports no driver: the
// embedded SQLite database is in store/sqlite, PostgreSQL in store/postgres,
// and cmd/gaelab picks one. The web package sees only Store.
package store

import (
	"context"
	"errors"
	"time"
)

// Errors a Store returns; callers test them with errors.Is.
var (
	ErrNotFound   = errors.New("store: not found")
	ErrExists     = errors.New("store: already exists")
	ErrClosed     = errors.New("store: question is closed")
	ErrTooMany    = errors.New("store: too many answer changes")
	ErrFull       = errors.New("store: class is full")
	ErrNotStudent = errors.New("store: device has not joined the class")
)

// Class is a live class: its join code, the SHA-256 (hex) of the teacher's
// key (the key itself is never stored), when it was created and expires, its
// current question (0: none asked yet) and how many students joined.
type Class struct {
	Code     string
	KeyHash  string
	Created  time.Time
	Expires  time.Time
	Question int
	Students int
}

// Question is one question of a class, numbered 1, 2, … in the order asked.
// Spec is opaque to the store (the class package's JSON).
type Question struct {
	Class    string
	ID       int
	Spec     string
	Revealed bool
	Created  time.Time
}

// Answer is one student's last answer to a question and how many times it
// was given (1 for an answer never changed).
type Answer struct {
	Device  string
	Value   string
	Changes int
	Updated time.Time
}

// Event says that something changed in a class: Kind is "ask", "answer",
// "reveal" or "join". Kind "resync" with no Class means events may have been
// missed (a lost database connection): every follower should refresh.
type Event struct {
	Class string
	Kind  string
}

// Store is the database. Every method is safe for concurrent use. Events
// published by any replica sharing the database reach every Subscribe
// callback of every replica, the publisher's included.
type Store interface {
	// Secret returns the secret called name: size random bytes created by
	// the first replica that asks, the same for all of them afterwards.
	Secret(ctx context.Context, name string, size int) ([]byte, error)

	// CreateClass stores a new class; ErrExists if its code is taken.
	CreateClass(ctx context.Context, c Class) error
	// Class returns a class that has not expired at now; else ErrNotFound.
	Class(ctx context.Context, code string, now time.Time) (Class, error)
	// Ask adds a question to a class and makes it the current one.
	Ask(ctx context.Context, code, spec string, now time.Time) (Question, error)
	// Question returns one question of a class; ErrNotFound if absent.
	Question(ctx context.Context, code string, id int) (Question, error)
	// Questions returns every question of a class, in the order asked.
	Questions(ctx context.Context, code string) ([]Question, error)
	// Reveal closes a question: no more answers.
	Reveal(ctx context.Context, code string, id int) error

	// Join adds a device to a class (again is fine); ErrFull when the class
	// already has max students.
	Join(ctx context.Context, code, device string, max int, now time.Time) error
	// Answer records a joined device's answer to the class's current
	// question while it is open, replacing its previous one: ErrNotStudent,
	// ErrClosed (revealed, no longer current, not found, or the class
	// expired) or ErrTooMany after maxChanges answers to the same question.
	Answer(ctx context.Context, code string, id int, device, value string, maxChanges int, now time.Time) error
	// Answers returns the last answer of every device to a question.
	Answers(ctx context.Context, code string, id int) ([]Answer, error)
	// AnswerOf returns one device's answer; ErrNotFound if it gave none.
	AnswerOf(ctx context.Context, code string, id int, device string) (Answer, error)
	// CountAnswers is len(Answers), counted by the database.
	CountAnswers(ctx context.Context, code string, id int) (int, error)

	// DeleteExpired deletes the classes expired at now, with their
	// questions, students and answers, and returns how many classes.
	DeleteExpired(ctx context.Context, now time.Time) (int, error)

	// Publish sends an event to every subscriber of every replica.
	Publish(ctx context.Context, e Event) error
	// Subscribe calls fn for every event until cancel is called. fn must
	// not block.
	Subscribe(fn func(Event)) (cancel func())

	// Close releases the database.
	Close() error
}
