package course

import (
	"slices"
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// Issue 36, "Bellman before TD": bellman-last-delta moved from
// bellman-td-lambda into td-error. It keeps its progress key (a code saved
// before the move still counts it, now toward td-error) and its place in
// the final test's banks (bank 2 draws it as bellman-td-lambda's first
// question, as before, and links td-error, where it is now).
func TestMovedBlockKeepsItsKeyAndPlace(t *testing.T) {
	for _, m := range movedBlocks {
		old := m.from + "/" + m.id
		if !slices.Contains(ProgressKeys, old) {
			t.Errorf("%s: its first key %q is not a progress key", m.id, old)
		}
		for _, lang := range lessons.Langs {
			from, _, _ := lessons.Embedded().Lesson(lang, m.from)
			to, _, _ := lessons.Embedded().Lesson(lang, m.to)
			if slices.ContainsFunc(from.Parts, func(p lessons.Part) bool { return blockID(p) == m.id }) {
				t.Errorf("%s %s: still in %s", lang, m.id, m.from)
			}
			if !slices.Contains(LessonQuestions(to), old) || slices.Contains(LessonQuestions(to), m.to+"/"+m.id) {
				t.Errorf("%s %s: %s's questions are %v, want the key %q", lang, m.id, m.to, LessonQuestions(to), old)
			}
			for _, p := range to.Parts {
				if p.Predict != nil && p.Predict.ID == m.id {
					lr := LessonRequest{Lang: i18n.Lang(lang)}
					if got := lr.Predict("/lessons/"+m.to, p.Predict).ProgressBit; got != ProgressBit(old) || got == "" {
						t.Errorf("%s %s: the box's bit is %q, want %q's", lang, m.id, got, old)
					}
				}
			}
			for _, group := range QuizBank(lang, 2) {
				switch group[0].Lesson.Slug {
				case m.from, m.to:
				default:
					continue
				}
				i := slices.IndexFunc(group, func(it QuizItem) bool { return it.id() == m.id })
				lesson := group[0].Lesson.Slug
				if i >= 0 {
					lesson = group[len(group)-1].Lesson.Slug // the group's own lesson, after the moved one
				}
				switch {
				case lesson == m.to && i >= 0:
					t.Errorf("%s bank 2: %s is drawn among %s's questions", lang, m.id, m.to)
				case lesson == m.from && i != m.place:
					t.Errorf("%s bank 2: %s is at place %d of %s's questions, want %d", lang, m.id, i, m.from, m.place)
				case lesson == m.from && group[i].Lesson.Slug != m.to:
					t.Errorf("%s bank 2: %s links %s", lang, m.id, group[i].Lesson.Slug)
				}
			}
		}
	}

	// A code saved before the move: td-error read, its four questions of
	// then, and bellman-last-delta answered in bellman-td-lambda.
	bits := []string{"td-error", "td-error/delta-last", "td-error/delta4-sign", "td-error/v02-eos-next", "td-error/what-is-vst"}
	saved := Progress{}
	for _, k := range bits {
		saved[k] = true
	}
	before := saved.Encode()
	saved["bellman-td-lambda/bellman-last-delta"] = true
	after := saved.Encode()
	td, _, _ := lessons.Embedded().Lesson("en", "td-error")
	for code, want := range map[string]string{before: stateDoing, after: stateDone} {
		p, err := DecodeProgress(code)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.lessonState(td); got != want {
			t.Errorf("code %s: td-error is %q, want %q", code, got, want)
		}
	}
}
