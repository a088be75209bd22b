// Package store is GAE Lab's database, in four parts, each an interface
// of its own for the code that needs it: Classes (the live classes: codes,
// questions, students' answers), Uploads (the batches uploaded to /inspect:
// content-addressed, with quotas, and their findings), Events (what tells
// every replica that a class changed) and Secrets (the keys replicas
// share). Store is all four, and what cmd/gaelab opens.
//
// This package holds the interfaces and one implementation of them all
// over database/sql (SQL) with portable, embedded migrations. It imports no
// driver: the embedded SQLite database is in store/sqlite, PostgreSQL in
// store/postgres, and cmd/gaelab picks one. The web packages see only the
// interfaces.
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
	ErrNickTaken  = errors.New("store: another student of the class has this nickname")
	ErrQuota      = errors.New("store: this address has uploaded its daily quota")
	ErrTooLarge   = errors.New("store: the upload is larger than all uploads may be")
	ErrStoreFull  = errors.New("store: the uploads are full of live shares")
	ErrSharesFull = errors.New("store: the space for shared uploads is full")
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
	// Nicknames: the teacher asked students for a nickname.
	Nicknames bool
	// JoinWord: a device takes a seat only with the join word the wall
	// shows; Locked: no device takes one (Admission).
	JoinWord, Locked bool
	// Queue: the questions prepared for Next, in order (Queue).
	Queue []string
}

// Question is one question of a class, numbered 1, 2, … in the order asked.
// Spec is opaque to the store (the class package's JSON).
type Question struct {
	Class    string
	ID       int
	Spec     string
	Revealed bool
	Created  time.Time
	// Closed: voting was closed without a reveal; Shown: the projector
	// shows the distribution without the answer; Deadline: when voting
	// ends (zero: no timer); RoundOf: the question this one is the second
	// round of (0: a first round). See Open.
	Closed   bool
	Shown    bool
	Deadline time.Time
	RoundOf  int
	// Number is the question as the class counts them (Question and
	// Questions give it): first rounds 1, 2, …, a second round its first
	// round's, so that Q2's second round is "Q2, round 2", not Q3.
	Number int
}

// Answer is one student's last answer to a question and how many times it
// was given (1 for an answer never changed).
type Answer struct {
	Device  string
	Value   string
	Changes int
	Updated time.Time
}

// Send is one send of an answer, as the phone numbered it.
type Send struct {
	// ID is the send's id ("": none, and a resend counts again).
	ID string
	// Seq orders a device's sends of answers to one question: a send whose
	// Seq is below that of the send that last changed the answer is a late
	// replay and changes nothing. 0: unordered (it always applies, and
	// keeps the stored Seq).
	Seq int64
	// At is when the answer was first sent (zero: now): an answer sent
	// before the deadline is taken until Grace after it, on a resend that
	// a store outage or a slow server made late.
	At    time.Time
	Grace time.Duration
}

// OpenTo reports whether a question takes send's answer at now: Open at
// the time it was sent, and now within its grace after the deadline.
func (q Question) OpenTo(send Send, now time.Time) bool {
	return q.Open(sentAt(send, now)) && (q.Deadline.IsZero() || now.Add(-send.Grace).Before(q.Deadline))
}

// Event says that something changed in a class: Kind is "ask", "answer",
// "reveal" or "join". Kind "resync" with no Class means events may have been
// missed (a lost database connection): every follower should refresh.
type Event struct {
	Class string
	Kind  string
}

// Upload is one view of an upload: its random id, the content's SHA-256
// (hex) and size in bytes, when the view expires and whether it was shared.
type Upload struct {
	ID      string
	SHA256  string
	Size    int64
	Expires time.Time
	Shared  bool
}

// UploadLimits bound PutUpload: a new view's lifetime, the bytes one
// address may upload per UTC day, and the bytes all uploads may hold.
type UploadLimits struct {
	TTL        time.Duration
	PerAddrDay int64
	MaxTotal   int64
}

// Store is the whole database: one value that cmd/gaelab opens and hands
// to the server. Each of its users needs one part of it, and takes that
// part's interface:
//
//   - Classes: the live classes (codes, questions, joins, answers) and
//     their sweep;
//   - Uploads: /inspect's shared uploads, their findings, quotas and sweep;
//   - Events: the feed that tells every replica a class changed (the
//     class streams' hub);
//   - Secrets: the keys replicas share (the class's cookie signers);
//   - Seats: new students' seats per address, a bucket replicas share.
//   - Tickets: a class's one-time tickets (open tokens, pairing codes).
//   - Quotas: the other per-address (and per-class) quotas, buckets
//     replicas share, as Seats.
//   - Health: whether the database takes writes (/readyz).
//   - Presence: the phones connected to each class, across replicas.
//   - Admission: a class's join word and lock, and freeing silent seats.
//
// Every method is safe for concurrent use. SQL implements them all.
type Store interface {
	Classes
	Seats
	Uploads
	Events
	Secrets
	Tickets
	Quotas
	Health
	Presence
	Admission
	Queue
	// Close releases the database.
	Close() error
}

// Secrets are random keys shared by every replica on the database.
type Secrets interface {
	// Secret returns the secret called name: size random bytes created by
	// the first replica that asks, the same for all of them afterwards.
	Secret(ctx context.Context, name string, size int) ([]byte, error)
}

// Classes are the live classes: a class, its questions in the order
// asked, the devices that joined it and their answers.
type Classes interface {
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
	// send says which send this is (Send): a resend with the id that last
	// changed the answer is acknowledged (nil) and not counted again, not
	// even against maxChanges, and so is a late replay of a send older
	// (by its Seq) than the one that changed the answer, which changes
	// nothing.
	Answer(ctx context.Context, code string, id int, device, value string, send Send, maxChanges int, now time.Time) error
	// Answers returns the last answer of every device to a question.
	Answers(ctx context.Context, code string, id int) ([]Answer, error)
	// AnswerOf returns one device's answer; ErrNotFound if it gave none.
	AnswerOf(ctx context.Context, code string, id int, device string) (Answer, error)

	// DeleteExpired deletes the classes expired at now, with their
	// questions, students and answers, and returns how many classes.
	DeleteExpired(ctx context.Context, now time.Time) (int, error)

	Flow
}

// Uploads are the batches uploaded to /inspect: content-addressed bytes,
// reached through random view ids, with per-address quotas and a total
// cap, and the findings kept for a shared view.
type Uploads interface {
	// PutUpload stores data uploaded from addr (content-addressed: the
	// same bytes are held once) under a new random view id that lives
	// lim.TTL from now. ErrQuota when addr would pass lim.PerAddrDay bytes
	// this UTC day; ErrTooLarge when data alone passes lim.MaxTotal;
	// ErrStoreFull when it fits only by evicting shared views that have not
	// expired, which are never evicted.
	// Otherwise the oldest uploads (and their views) are evicted until all
	// uploads fit in lim.MaxTotal.
	PutUpload(ctx context.Context, addr string, data []byte, lim UploadLimits, now time.Time) (Upload, error)
	// Upload returns a view that has not expired at now; else ErrNotFound.
	Upload(ctx context.Context, id string, now time.Time) (Upload, error)
	// UploadData returns the bytes of an upload by their SHA-256 (hex);
	// ErrNotFound once evicted or swept.
	UploadData(ctx context.Context, sha256 string) ([]byte, error)
	// ShareUpload marks a live view shared and moves its expiry to
	// expires (never earlier than it was); else ErrNotFound.
	ShareUpload(ctx context.Context, id string, expires, now time.Time) (Upload, error)
	// ShareUploadWithin is ShareUpload within a budget: ErrSharesFull, and
	// nothing changed, when the uploads with live shared views would hold
	// more than maxShared bytes with this one.
	ShareUploadWithin(ctx context.Context, id string, expires, now time.Time, maxShared int64) (Upload, error)
	// SharedBytes is the size of the uploads a live shared view holds at
	// now: what ShareUploadWithin weighs against its budget.
	SharedBytes(ctx context.Context, now time.Time) (int64, error)
	// UploadedToday is what addr uploaded this UTC day (its quota's use),
	// so that an upload can be refused before its body is read.
	UploadedToday(ctx context.Context, addr string, now time.Time) (int64, error)
	// KeepFindings stores what the checker found in a view's upload, once:
	// the first findings kept stay. ErrNotFound for an unknown view.
	KeepFindings(ctx context.Context, id string, f Findings) error
	// UploadFindings returns the findings kept for a view; ErrNotFound
	// when none were.
	UploadFindings(ctx context.Context, id string) (Findings, error)
	// UploadBytes is the size of all uploads held.
	UploadBytes(ctx context.Context) (int64, error)
	// DeleteExpiredUploads deletes the views expired at now, the uploads
	// no view reaches any more and past days' quotas, and returns how many
	// views.
	DeleteExpiredUploads(ctx context.Context, now time.Time) (int, error)
}

// Events are the class feed. An event published by any replica sharing
// the database reaches every Subscribe callback of every replica, the
// publisher's included.
type Events interface {
	// Publish sends an event to every subscriber of every replica.
	Publish(ctx context.Context, e Event) error
	// Subscribe calls fn for every event until cancel is called. fn must
	// not block.
	Subscribe(fn func(Event)) (cancel func())
}
