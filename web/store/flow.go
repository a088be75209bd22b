package store

import (
	"context"
	"time"
)

// Flow is how a teacher leads a class beyond asking and revealing: closing
// and re-opening voting, showing the distribution without the answer, a
// countdown, a second round, nicknames, and ending the class.
type Flow interface {
	// SetVoting closes a question's voting (no reveal) or re-opens it,
	// clearing its deadline: ErrNotFound, or ErrClosed when re-opening a
	// revealed question.
	SetVoting(ctx context.Context, code string, id int, open bool) error
	// SetShown shows or hides a question's distribution on the projector
	// (without its answer); ErrNotFound.
	SetShown(ctx context.Context, code string, id int, shown bool) error
	// SetDeadline sets when a question's voting ends (zero: no timer) and
	// opens it: ErrNotFound, or ErrClosed once revealed.
	SetDeadline(ctx context.Context, code string, id int, deadline time.Time) error
	// ExtendDeadlines extends the running timers of the classes codes by
	// a store outage from from to to: a question whose deadline was ahead
	// at from gets the part of the outage that no call added to it before
	// (replicas that saw one outage add it once). It returns the classes
	// whose timers moved.
	ExtendDeadlines(ctx context.Context, codes []string, from, to time.Time) ([]string, error)
	// AskRound asks question id of a class again as its second round, the
	// new current question: ErrNotFound, or ErrExists when id is itself a
	// second round or already has one.
	AskRound(ctx context.Context, code string, id int, now time.Time) (Question, error)
	// SetNicknames turns the class's nickname option on or off;
	// ErrNotFound.
	SetNicknames(ctx context.Context, code string, on bool) error
	// SetNickname gives a joined device its nickname, which it may
	// correct once (the same nickname again changes nothing): ErrNotStudent;
	// ErrNickTaken when another device of the class has it; ErrExists
	// once the correction is spent.
	SetNickname(ctx context.Context, code, device, nickname string) error
	// Students returns the devices that joined a class and their
	// nicknames, in the order they joined.
	Students(ctx context.Context, code string) ([]Student, error)
	// Student returns one device of a class; ErrNotStudent if it has not
	// joined.
	Student(ctx context.Context, code, device string) (Student, error)
	// ClassSecret returns the class's own random secret (32 bytes, made by
	// the first caller); ErrNotFound.
	ClassSecret(ctx context.Context, code string) ([]byte, error)
	// DeleteClass deletes a class now, with its questions, students and
	// answers; ErrNotFound if there is none.
	DeleteClass(ctx context.Context, code string) error
}

// Student is a device that joined a class, and the nickname it gave ("":
// none).
type Student struct {
	Device   string
	Nickname string
	Joined   time.Time
	// Corrections: how often the nickname was corrected (at most once).
	Corrections int
}

// Open reports whether a question takes answers at now: not revealed, not
// closed, and before its deadline if it has one.
func (q Question) Open(now time.Time) bool {
	return !q.Revealed && !q.Closed && (q.Deadline.IsZero() || now.Before(q.Deadline))
}

// Round is the question's round: 1, or 2 for a second round.
func (q Question) Round() int {
	if q.RoundOf != 0 {
		return 2
	}
	return 1
}
