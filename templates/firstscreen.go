package templates

// Invite is the playground's invitation to act on its first screen: drag
// the mark of field (its chart handle, edit.js) at token T and watch what
// it changes. Zero when the state is no longer its preset's (the learner
// has acted).
type Invite struct {
	Text   string
	Field  string // the handles' data-field ("V")
	T      int    // 0-based response-token index of the mark
	Lesson Link   // the course's first lesson
}
