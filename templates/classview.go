package templates

import "github.com/a-h/templ"

// ClassStart is the page that starts a live class.
type ClassStart struct {
	Page
	Heading, Intro string
	Form           ClassForm
	From           Field
	Enter          ClassKeyForm // back into a class with its key
}

// ClassForm is what every POSTed form of a class carries: where it goes,
// the CSRF token and the language; never the teacher's key (the teacher
// cookie stands for it).
type ClassForm struct {
	Action, CSRF, Lang, Submit string
}

// ClassTeach is the teacher's controls: not projected, maybe on a phone.
type ClassTeach struct {
	Page
	Heading   string
	Wall      Link // the projected view (ClassWall)
	Join      ClassJoinCard
	Keep      string
	Stream    string // SSE URL of the live panel
	SSEScript string // the htmx SSE extension's static path
	Live      ClassLive
	Flow      ClassFlow // the teaching controls (close voting, rounds, timer, end…)
	Ask       ClassAsk
	CSV       Link
	Pair      ClassPairOffer
}

// ClassAsk is the console's two ways to ask.
type ClassAsk struct {
	Heading    string
	Form       ClassForm
	BlockTitle string
	Block      Select
	CellTitle  string
	Link, Cell Field
	Queue      ClassQueue
}

// ClassQueue is the question queue on the controls: lesson blocks
// prepared before class (Add is the picker's second button), asked in
// order by Next, which names the one it asks.
type ClassQueue struct {
	Heading string
	Add     ClassForm // formaction of the block picker's "Add to queue"
	Items   []string  // the queued questions' labels, in order
	Empty   string    // said when Items is empty
	Next    ClassForm // Submit "" when the queue is empty
	Clear   ClassForm
}

// ClassLive is the console's live panel: the current question, its answer
// count, then the results once revealed.
type ClassLive struct {
	// Waiting says that the store is down and how many answers wait for
	// it; the panel then shows nothing else.
	Waiting string
	// Replaced says that a newer screen of the class took this one's
	// stream; the panel then shows nothing else.
	Replaced   string
	None       string // no question yet
	Question   string // "Question 2"
	Prompt     templ.Component
	Table      *Table // the wall's cell question: its table, the asked rows covered
	Students   string
	Connected  string // "12 phones connected", across replicas
	Count      string
	Revealed   bool
	Engine     string
	Share      string
	Histogram  templ.Component // server-drawn SVG
	GroupsHead string
	Groups     []templ.Component // trusted HTML from the lessons, or escaped text
	Reveal     ClassForm         // Submit "" when there is nothing to reveal
	Live       string
	Flow       ClassFlowState
	// Private is the controls' own view of the answers before the reveal
	// (never the wall's or a phone's): Heading "" when there is none.
	Private ClassPrivate
	// Switched is a revealed second round's summary: how many students
	// went from wrong to right and from right to wrong; "" otherwise.
	Switched string
}

// ClassPrivate is what only the teacher sees before the reveal: the share
// right so far, the 30–70 % rule of peer instruction, and the answers with
// the right one marked (Spread nil while the answers are shown to the
// room: the flow's spread is on the controls then).
type ClassPrivate struct {
	Heading string
	Share   string
	Hint    string
	Spread  templ.Component
	Legend  string
}

// ClassJoin is the page where a student types the code.
type ClassJoin struct {
	Page
	Heading string
	Code    Field
	Submit  string
	Lang    string
}

// ClassPhone is a student's page in a class.
type ClassPhone struct {
	Page
	Heading   string
	Stream    string // SSE URL that follows the class's questions
	SSEScript string
	Q         PhoneQuestion
}

// PhoneQuestion is the current question as a student sees it.
type PhoneQuestion struct {
	Wait     string // no question yet
	Title    string
	Prompt   templ.Component
	Table    *Table
	Open     Link
	Kind     string // "number" or "sign"
	Form     ClassForm
	QID      string
	Answer   Field
	Signs    []Option
	Options  []PhoneOption // a choice block's options
	Yours    string
	Error    string
	Revealed bool
	Result   string
	Right    bool
	Send     SendStatus
	Flow     PhoneFlow
}

// PhoneOption is one option of a choice question.
type PhoneOption struct {
	Value    string
	Text     templ.Component
	Selected bool
}
