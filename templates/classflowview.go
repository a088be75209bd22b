package templates

import (
	"time"

	"github.com/a-h/templ"
)

// ClassFlow is the teacher's controls of the teaching flow: each a small
// POSTed form (Submit "" hides it).
type ClassFlow struct {
	Heading   string
	Voting    ClassForm // close or re-open the current question's voting
	Spread    ClassForm // show or hide its distribution, without the answer
	SpreadOn  string    // the form's "on": "1" shows, "0" hides
	Round     ClassForm // ask it again as its second round
	RoundHint string
	Timer     ClassForm
	Seconds   Field
	Nick      ClassForm // turn nicknames on or off
	NickOn    string
	NickHint  string
	// Admission: the join word on or off, joining locked or not, and
	// removing the seats of students who answered nothing.
	Word     ClassForm
	WordOn   string
	WordHint string
	Lock     ClassForm
	LockOn   string
	Prune    ClassForm
	// Seated lists the students (pseudonymous id, nickname) under
	// SeatedTitle, each with a form that removes it (field student).
	SeatedTitle string
	Seated      []ClassSeat
	Own         ClassOwn
	End         ClassForm
	Confirm     string // the end form's confirmation box
}

// ClassOwn is the form of the teacher's own question.
type ClassOwn struct {
	Heading string
	Form    ClassForm
	Text    Field // a textarea
	Kind    Select
	Answer  Field
	Tol     Field
	Options Field // a textarea, one option a line
}

// ClassFlowState is the teaching flow's part of the live panel: whether
// voting is open, the countdown, and the distribution shown without the
// answer.
type ClassFlowState struct {
	Status string // voting open, closed, time up; "" without a question
	Left   string // "0:42 left", replaced live by the stream's timer events
	At     string // when voting closes, for pages without JavaScript
	Spread templ.Component
	Legend string // caption of Spread
	// Deadline is when voting closes while it is open (zero: no timer):
	// not shown, but what the stream's countdown follows.
	Deadline time.Time
}

// PhoneFlow is the teaching flow on a student's phone: the nickname form,
// the nickname given, whether voting is closed, and the countdown.
type PhoneFlow struct {
	Nick  ClassForm // Submit "" when no nickname is asked
	Field Field
	Yours string
	// Word: the join word's form for a device not seated yet, when the
	// class asks for it (Submit "" otherwise), and its field.
	Word      ClassForm
	WordField Field
	// Fix corrects the nickname given, once (Submit "" when spent); its
	// field is Field with the nickname in it.
	Fix    ClassForm
	Closed string
	Left   string
	At     string
	Hold   bool // no answer form: voting is closed, or the nickname comes first
	// Deadline: as ClassFlowState's.
	Deadline time.Time
}

// ClassEnded is the page a teacher sees after ending a class.
type ClassEnded struct {
	Page
	Heading, Body string
	Again         Link
}

// ClassSeat is one student on the controls: its pseudonymous id (as in the
// CSV), with its nickname, and the form that removes it.
type ClassSeat struct {
	ID, Label string
	Remove    ClassForm
}
