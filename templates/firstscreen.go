package templates

// Invite is the playground's invitation to act on its first screen: drag
// the mark of field (its chart handle, edit.js) at token T and watch what
// it changes. Once the state is no longer its preset's (the learner has
// acted), Next: the next step, the step-through's Start (Action) and lesson
// 1; zero while stepping.
type Invite struct {
	Text   string
	Field  string // the handles' data-field ("V")
	T      int    // 0-based response-token index of the mark
	Lesson Link   // the course's first lesson
	Next   bool   // the next step after the first edit, not the drag
	Action Link   // Next: the step-through's Start
}
