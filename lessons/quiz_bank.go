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

// secondQuizBank is the final test's second bank, /lessons/quiz?bank=2&seed=N:
// the lessons of the course when the four lessons of issue #25 entered it
// (policy-gradient, bellman-td-lambda, ppo-clipping, critic-free), in that
// course order. Frozen for the same reason as firstQuizBank; a later lesson
// enters a third bank. (The capstone stays out: its questions are on a batch.)
var secondQuizBank = []string{
	"foundations", "policy-gradient", "td-error", "q-and-advantage", "gae", "returns-and-critic",
	"bellman-td-lambda", "horizon", "ppo-step", "alignment", "scores-and-rewards", "whitening-and-masks",
	"ppo-objective", "ppo-clipping", "misconceptions", "critic-free",
}

// quizBanks are the final test's banks by number: quizBanks[0] is bank 1.
var quizBanks = [][]string{firstQuizBank, secondQuizBank}

// QuizBanks is the number of the final test's banks; bank QuizBanks is the
// one new quiz links carry.
const QuizBanks = 2

// QuizBank returns the lessons of the final test's bank n (1…QuizBanks) in
// one language, in the bank's frozen order, whatever the course order; nil
// for another n.
func (c *Course) QuizBank(lang string, n int) []*Lesson {
	if n < 1 || n > len(quizBanks) {
		return nil
	}
	var out []*Lesson
	for _, slug := range quizBanks[n-1] {
		if l, _, _ := c.Lesson(lang, slug); l != nil {
			out = append(out, l)
		}
	}
	return out
}
