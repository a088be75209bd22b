package web

import (
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
)

// quizSize is the number of questions of a final test.
const quizSize = 16

// quizItem is one question of the final test: a predict or a choice block
// of a lesson, with the section that teaches it.
type quizItem struct {
	lesson  *lessons.Lesson
	predict *lessons.Predict
	choice  *lessons.Choice
	section string // the id of the ## heading the block sits under
}

// h2ID finds the ids of ## headings in a lesson's HTML.
var h2ID = regexp.MustCompile(`<h2 id="([^"]+)"`)

// quizBank is every question of the first bank's lessons in one language,
// in the bank's frozen order (lessons.FirstQuizBank), so that quiz links keep
// their questions when the course grows or is reordered.
func quizBank(lang string) [][]quizItem {
	var bank [][]quizItem
	for _, l := range course().FirstQuizBank(lang) {
		var items []quizItem
		section := ""
		for _, p := range l.Parts {
			if m := h2ID.FindAllStringSubmatch(p.HTML, -1); len(m) > 0 {
				section = m[len(m)-1][1]
			}
			if p.Predict != nil && p.Predict.On != "" {
				continue // questions on a batch or the lab came after quiz links were given out
			}
			if p.Predict != nil || p.Choice != nil {
				items = append(items, quizItem{lesson: l, predict: p.Predict, choice: p.Choice, section: section})
			}
		}
		if len(items) > 0 {
			bank = append(bank, items)
		}
	}
	return bank
}

// quizPick draws a final test from the bank: one question from every
// lesson, then more from the rest up to quizSize, in an order the seed
// decides. The same seed always gives the same test.
func quizPick(bank [][]quizItem, seed uint64) []quizItem {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var picked, rest []quizItem
	for _, items := range bank {
		i := rng.IntN(len(items))
		picked = append(picked, items[i])
		for j, it := range items {
			if j != i {
				rest = append(rest, it)
			}
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for _, it := range rest {
		if len(picked) >= quizSize {
			break
		}
		picked = append(picked, it)
	}
	rng.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
	return picked
}

// readSeed reads seed= (a whole number 0…2^32−1); anything else is seed 1.
func readSeed(s string) (uint64, bool) {
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 1, s == ""
	}
	return n, true
}

// handleQuiz handles the "GET /lessons/quiz" route: a final test of
// quizSize questions from every lesson, drawn by seed=, answered in one
// form and scored on the server. Every answer is checked against the
// engine's value computed now; a wrong one gets its diagnosis and a link to
// the section that teaches it.
func (s *Server) handleQuiz(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	t := lr.lang.T
	seed, seedOK := readSeed(lr.q.Get("seed"))
	link := func(seed uint64) string {
		return pageLink{path: "/lessons/quiz", state: "seed=" + strconv.FormatUint(seed, 10), lang: lr.lang}.String()
	}
	self := pageLink{path: "/lessons/quiz", state: "seed=" + strconv.FormatUint(seed, 10), view: lr.view, lang: lr.lang}
	vm := templates.QuizPage{
		Page:    frame(frameSpec{self: self, title: t("quiz.title") + " — " + t("brand"), section: "/lessons"}),
		Heading: t("quiz.title"), Intro: t("quiz.intro", quizSize),
		Action: "/lessons/quiz", Hidden: append(lr.hiddenLang(), templates.Option{Value: "seed", Label: strconv.FormatUint(seed, 10)}),
		Submit: t("quiz.check"), Another: templates.Link{Label: t("quiz.another"), URL: link(seed + 1)},
		IndexLink: templates.Link{Label: t("lessons.heading"), URL: lr.url("/lessons")},
	}
	if !seedOK {
		vm.Warning = t("quiz.bad_seed", lr.q.Get("seed"))
	}
	checked := lr.q.Get("check") == "1"
	right := 0
	for i, it := range quizPick(quizBank(string(lr.lang)), seed) {
		q, correct := lr.quizEntry(i, it, checked)
		if correct {
			right++
		}
		vm.Items = append(vm.Items, q)
	}
	if checked {
		vm.Score, vm.ScoreAll = t("quiz.score", right, len(vm.Items)), right == len(vm.Items)
	}
	render(w, r, templates.QuizView(vm))
}

// quizEntry is question i of a final test, checked against the engine's
// value when checked; it reports whether the answer was right.
func (lr lessonRequest) quizEntry(i int, it quizItem, checked bool) (templates.QuizItem, bool) {
	t := lr.lang.T
	name := "a" + strconv.Itoa(i)
	answer := strings.TrimSpace(lr.q.Get(name))
	q := templates.QuizItem{
		ID: "quiz-" + strconv.Itoa(i), Name: name, Number: strconv.Itoa(i + 1), Lesson: it.lesson.Title,
		Section: templates.Link{Label: t("quiz.section", it.lesson.Title), URL: lr.url("/lessons/"+it.lesson.Slug) + "#" + it.section},
		Answer:  templates.Field{ID: "quiz-" + strconv.Itoa(i) + "-answer", Name: name, Label: t("predict.answer"), Value: answer},
	}
	correct := false
	if p := it.predict; p != nil {
		q.Question, q.Kind = templ.Raw(p.Question), p.Kind
		if q.Table = lr.quizTable(i, it); q.Table != nil {
			q.DataNote = t("quiz.data_note")
		}
		q.Signs = signOptions(lr.lang, answer)
		if checked {
			pr := lessonRequest{lang: lr.lang, q: map[string][]string{predictParam(p): {answer}}}
			o := pr.predictState(p)
			correct = o.correct
			q.Expected = templ.Raw(templ.EscapeString(t("predict.value", revealLabel(o.src, p), num(o.want))))
			switch {
			case o.diagnosis != "":
				q.Diagnosis = templ.Raw(fillCells(o.src, o.diagnosis))
			case !correct:
				q.Diagnosis = templ.Raw(lr.lang.HTML(hintKey(p)))
			}
		}
	} else {
		c := it.choice
		q.Question, q.Kind = templ.Raw(c.Question), "choice"
		for j, o := range c.Options {
			letter := choiceLetters[j : j+1]
			q.Options = append(q.Options, templates.ChoiceOption{ID: q.ID + "-" + letter, Value: letter, Text: templ.Raw(o.Text), Selected: answer == letter})
			if checked && o.Right {
				q.Expected = choiceAnswer(lr.lang, j, o)
			}
			if checked && answer == letter {
				correct = o.Right
				if !o.Right {
					q.Diagnosis = templ.Raw(o.Diagnosis)
				}
			}
		}
	}
	if checked {
		q.Checked, q.Correct = true, correct
		switch {
		case correct:
			q.Verdict = t("predict.right")
		case answer == "":
			q.Verdict = t("quiz.unanswered")
		case it.choice != nil:
			q.Verdict = t("choice.diagnosed")
		default:
			q.Verdict = t("predict.diagnosed")
		}
	}
	return q, correct
}

// quizLessons is the slugs a test draws from, for the tests.
func quizLessons(items []quizItem) []string {
	var s []string
	for _, it := range items {
		if !slices.Contains(s, it.lesson.Slug) {
			s = append(s, it.lesson.Slug)
		}
	}
	return s
}
