package course

import "gaelab/lessons"

// movedBlock is a question that moved to another lesson after its progress
// key and its place in the final test's banks were given out. It keeps
// both: its key stays "<from>/<id>" (a progress code once given out must
// keep counting it, and the key list only grows), and the banks draw it as
// the question at place among from's questions, as before the move, so that
// no quiz link asks another question.
type movedBlock struct {
	id       string // the block's id, the same in both lessons
	from, to string // the lesson it was first in, and the one it is in now
	place    int    // its place among from's questions, as the banks counted them
}

// movedBlocks are the questions that moved, in the order they moved.
var movedBlocks = []movedBlock{
	// Issue 36, "Bellman before TD": the Bellman expectation equation and its
	// question now come before the TD error, in td-error.
	{id: "bellman-last-delta", from: "bellman-td-lambda", to: "td-error", place: 0},
}

// movedTo finds the block id that moved into lesson slug.
func movedTo(slug, id string) (movedBlock, bool) {
	for _, m := range movedBlocks {
		if m.to == slug && m.id == id {
			return m, true
		}
	}
	return movedBlock{}, false
}

// QuestionKey is the progress key of question id in lesson slug:
// "<slug>/<id>", or for a question that moved the key it had first.
func QuestionKey(slug, id string) string {
	if m, ok := movedTo(slug, id); ok {
		return m.from + "/" + id
	}
	return slug + "/" + id
}

// bankLesson is the lesson whose questions the final test's banks count
// question id of lesson slug among: its first lesson for a question that
// moved, with its place there; ok = false for one that did not move.
func bankLesson(slug, id string) (from string, place int, ok bool) {
	m, ok := movedTo(slug, id)
	return m.from, m.place, ok
}

// blockID is the id of a question part, "" for another part.
func blockID(p lessons.Part) string {
	switch {
	case p.Predict != nil:
		return p.Predict.ID
	case p.Choice != nil:
		return p.Choice.ID
	}
	return ""
}
