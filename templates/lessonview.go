package templates

import "github.com/a-h/templ"

// LessonIndex is the course index.
type LessonIndex struct {
	Page
	Heading, Intro string
	Lessons        []LessonCard
	Quiz           Link // the final test
	Glossary       Link
	Diagram        Link // the PPO step on one page
	Progress       CourseProgress
}

// CourseProgress is the course map's progress: what a progress link
// brought (the server's view, without JavaScript) and what the browser's
// script needs to show its own (static/progress.js).
type CourseProgress struct {
	Heading, Note string
	Error         string // a progress= that is not a code, in the page's language
	Restored      string // "Progress restored from the link." when one was
	Import        string // the link's valid code, for the script to merge
	ShareLabel    string // "Link to your progress"
	ShareBase     string // /lessons in the page's language; the script adds progress=
	// States labels the three states: new, doing, done.
	New, Doing, Done string
}

// LessonCard is one lesson in the index.
type LessonCard struct {
	Order          int
	Title, Summary string
	Minutes, URL   string
	// Progress: the lesson's bit, its questions' bits ("5 6 7") and,
	// when a progress link said, its state (new, doing, done) and label.
	Bit, QuestionBits string
	State, StateLabel string
}

// LessonPage is one lesson.
type LessonPage struct {
	Page
	Title, Meta string
	// ObjectivesLabel heads Objectives ("You will be able to:"); NeedsLabel
	// heads Needs, the earlier lessons this one builds on (NoNeeds when none).
	ObjectivesLabel, NeedsLabel, NoNeeds string
	Objectives                           []string
	Needs                                []Link
	TOCLabel                             string
	TOC                                  []Link
	Body                                 []LessonPart
	Prev, Next                           Link
	IndexLink                            Link
	Glossary                             Link
	Diagram                              Link
	ProgressBit                          string // the bit of "read to the end"; "" for none
	// ProgressAnswered marks a question this browser has kept as answered
	// right (static/progress.js restores it after a reload).
	ProgressAnswered string
}

// LessonPart is trusted HTML, a scenario widget or a predict box.
type LessonPart struct {
	HTML    templ.Component
	Widget  *Widget
	Predict *PredictBox
	Choice  *ChoiceBox
	Details *DetailsBox
}

// DetailsBox is a collapsible note in a lesson: the version history kept out
// of the main line, or the answer to a "Check yourself" item.
type DetailsBox struct {
	Kind, Label string
	Body        templ.Component
}

// Widget is a compact live playground inside a lesson.
type Widget struct {
	ID, Action, Fragment string
	Hidden               []Option
	Fields               []Field // sliders and numbers, by name
	Selects              []Select
	Check                *Field
	CheckOn              bool
	Submit               string
	Errors               []string
	Table                Table
	Chart                *Chart
	Open                 Link   // open this state in the playground
	Views                []Link // and in the comparison or update views the block names
	HiddenNote           string // why cells are blank: the question above asks for them
	Later                *Later // the rows a later lesson teaches, collapsed; nil for none
	OOB                  bool   // sent along a predict box's answer (htmx out-of-band swap)
}

// Later is a widget's rows that a later lesson teaches: a table the page
// keeps collapsed under Label.
type Later struct {
	Label string
	Table Table
}

// PredictBox is a predict-then-reveal question.
type PredictBox struct {
	ID, Action, Fragment string
	QuestionID           string // the block's stable id
	ProgressBit          string // the bit of "answered right"; "" for none
	Hidden               []Option
	Question             templ.Component
	Kind                 string // "number" or "sign"
	Answer               Field
	Signs                []Option // for kind sign: +, −, 0
	Submit, Reveal       string
	Verdict              string // "" before an answer; the message after
	Correct              bool
	Revealed             bool
	Value                string // the engine's value, once revealed
	Formula              *Formula
	Derivation           templ.Component // the worked answer in the method asked, once revealed; nil for none
	Diagnosis            templ.Component // what an anticipated wrong answer tells; nil for none
	HintLabel            string
	Hint                 templ.Component // offered after two wrong tries; nil before
	Open                 Link
}

// ChoiceBox is a multiple-choice question with a diagnosis per wrong option.
type ChoiceBox struct {
	ID, Action, Fragment string
	QuestionID           string
	ProgressBit          string
	Hidden               []Option
	Question             templ.Component
	Legend               string
	Options              []ChoiceOption
	Submit, Reveal       string
	Verdict              string
	Correct, Revealed    bool
	Diagnosis            templ.Component
	Answer               templ.Component // "The answer is B: <its text>.", once revealed
	Explain              templ.Component // nil for none
}

// ChoiceOption is one option of a choice box.
type ChoiceOption struct {
	ID, Value string
	Text      templ.Component
	Selected  bool
	Right     bool // marked once revealed
}

// QuizPage is the final test: questions drawn from every lesson by a seed,
// scored on the server.
type QuizPage struct {
	Page
	Heading, Intro, Warning string
	Action, Submit          string
	Hidden                  []Option
	Items                   []QuizItem
	Score                   string // "" before the answers are checked
	ScoreAll                bool   // every answer right: the score shows as a success
	Another, IndexLink      Link
	// Reread are the lessons of the answers found wrong, in course order,
	// under RereadLabel: the results end with them (issue 36).
	Reread      []Link
	RereadLabel string
}

// QuizItem is one question of the final test.
type QuizItem struct {
	ID, Name, Number, Lesson string
	Question                 templ.Component
	Kind                     string // number, sign or choice
	Answer                   Field
	Signs                    []Option
	Options                  []ChoiceOption
	Checked, Correct         bool
	Verdict                  string
	Expected                 templ.Component // the engine's value, or the right option with its text
	Diagnosis                templ.Component // nil for none
	Section                  Link            // the section that teaches it
	// Table is the data of a number or sign question, the asked cells
	// hidden, with DataNote saying so; nil for a choice.
	Table    *Table
	DataNote string
}

// GlossaryPage is /glossary: every term of the glossary file.
type GlossaryPage struct {
	Page
	Heading, Intro string
	OtherLang      string // the lang attribute of the other language's names
	Columns        []string
	Terms          []GlossaryEntry
	IndexLink      Link
}

// GlossaryEntry is one term: its name in the page's language and the other,
// verl's tensor, the symbol in 0-based and 1-based numbering, the
// definition and the lesson that teaches it.
type GlossaryEntry struct {
	ID, Name, Other, Tensor string
	Zero, One, Def          string
	Lesson                  Link
}

// DiagramPage is /lessons/diagram: one PPO step drawn on the server, with
// the same stages as text.
type DiagramPage struct {
	Page
	Heading, Intro, Shapes string
	SVG                    templ.Component
	Download               Link
	TextLabel, TaughtIn    string
	Steps                  []DiagramStep
	IndexLink              Link
	// Objectives and Recap open and close the page, as in every lesson.
	ObjectivesLabel, RecapLabel string
	Objectives, Recap           []string
}

// DiagramStep is one stage of the diagram, as text.
type DiagramStep struct {
	Number        int
	Title, Who    string
	Tensors, Func string
	Lesson        Link
}

// TracesBox is a ```traces block: TD(λ)'s backward view over one state's
// TD errors. Row j is the state s_j that receives credit; its cells are
// what each δ_t sends it ((γλ)^(t−j)·δ_t, "" before j), then what it has
// received once every δ is out, then verl's A_j.
type TracesBox struct {
	ID, Caption, Corner string
	Columns             []string
	Rows                []TracesRow
	Note                string
}

// TracesRow is one state's row of a TracesBox.
type TracesRow struct {
	Head  string
	Cells []string
}
