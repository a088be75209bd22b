package templates

import "github.com/a-h/templ"

// LessonIndex is the course index.
type LessonIndex struct {
	Page
	Heading, Intro string
	Lessons        []LessonCard
}

// LessonCard is one lesson in the index.
type LessonCard struct {
	Order          int
	Title, Summary string
	Minutes, URL   string
}

// LessonPage is one lesson.
type LessonPage struct {
	Page
	Title, Meta string
	TOCLabel    string
	TOC         []Link
	Body        []LessonPart
	Prev, Next  Link
	IndexLink   Link
}

// LessonPart is trusted HTML, a scenario widget or a predict box.
type LessonPart struct {
	HTML    templ.Component
	Widget  *Widget
	Predict *PredictBox
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
}

// PredictBox is a predict-then-reveal question.
type PredictBox struct {
	ID, Action, Fragment string
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
	Open                 Link
}
