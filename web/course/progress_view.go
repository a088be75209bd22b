package course

import (
	"strings"

	"gaelab/lessons"
	"gaelab/static"
	"gaelab/templates"
	"gaelab/web/page"
)

// progressJS is the script that keeps progress in the browser.
func progressJS() string { return static.Path("progress.js") }

// termsJS is the script that lets Escape hide a glossary term's definition.
func termsJS() string { return static.Path("terms.js") }

// courseProgress is the course map's progress box for a request: the
// progress link's code, if any, read and checked. It returns the decoded
// progress (nil without a valid code) for the map's states.
func (lr LessonRequest) courseProgress() (templates.CourseProgress, progress) {
	t := lr.Lang.T
	cp := templates.CourseProgress{
		Heading: t("progress.heading"), Note: t("progress.note"), ShareLabel: t("progress.share"),
		ShareBase: lr.url("/lessons"),
		New:       t("progress.new"), Doing: t("progress.doing"), Done: t("progress.done"),
	}
	code, ok := lr.Q["progress"]
	if !ok {
		return cp, nil
	}
	p, err := decodeProgress(strings.TrimSpace(code[0]))
	if err != nil {
		cp.Error = t("progress.bad", page.Clip(code[0], 40))
		return cp, nil
	}
	cp.Import, cp.Restored = p.Encode(), t("progress.restored")
	return cp, p
}

// lessonCard is a lesson on the course map, with its progress bits and,
// when a progress link gave p, its state.
func (lr LessonRequest) lessonCard(l *lessons.Lesson, p progress) templates.LessonCard {
	t := lr.Lang.T
	c := templates.LessonCard{
		Order: l.Order, Title: l.Title, Summary: l.Summary,
		Minutes: t("lessons.minutes", l.Minutes), URL: lr.url("/lessons/" + l.Slug),
		Bit: progressBit(l.Slug),
	}
	var bits []string
	for _, q := range lessonQuestions(l) {
		if b := progressBit(q); b != "" {
			bits = append(bits, b)
		}
	}
	c.QuestionBits = strings.Join(bits, " ")
	if p != nil {
		c.State = p.lessonState(l)
		c.StateLabel = t("progress." + c.State)
	}
	return c
}
