package lessons

// firstQuizBank is the final test's first bank: the lessons whose questions
// /lessons/quiz?seed=N draws from, in the order they had when quiz links
// were first given out. A seed picks questions by their place in this list,
// so it is frozen: a lesson added to the course, or a change of the course
// order, must not enter it, or every existing quiz link would ask other
// questions. (The capstone, real-batch, came later and was never drawn.)
var firstQuizBank = []string{
	"foundations", "ppo-step", "alignment", "scores-and-rewards", "td-error", "q-and-advantage",
	"gae", "returns-and-critic", "whitening-and-masks", "ppo-objective", "misconceptions", "horizon",
}

// FirstQuizBank returns the lessons of the final test's first bank in one
// language, in the frozen order of firstQuizBank, whatever the course order.
func (c *Course) FirstQuizBank(lang string) []*Lesson {
	var out []*Lesson
	for _, slug := range firstQuizBank {
		if l, _, _ := c.Lesson(lang, slug); l != nil {
			out = append(out, l)
		}
	}
	return out
}
