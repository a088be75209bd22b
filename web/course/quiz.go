package course

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
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// quizSize is the number of questions of a final test.
const quizSize = 16

// quizItem is one question of the final test: a predict or a choice block
// of a lesson, with the section that teaches it.
type quizItem struct {
	Lesson  *lessons.Lesson
	Predict *lessons.Predict
	Choice  *lessons.Choice
	section string // the id of the ## heading the block sits under
	bank    int    // the bank it was drawn from: from 2 on, its table hides rowGiveaways
}

// h2ID finds the ids of ## headings in a lesson's HTML.
var h2ID = regexp.MustCompile(`<h2 id="([^"]+)"`)

// quizBank is every question of bank n's lessons (lessons.Course.QuizBank)
// in one language, in the bank's frozen order, so that quiz links keep their
// questions when the course grows or is reordered. Questions on a batch or
// the variance lab stay out: the test shows a playground state's table only.
//
// A question that moved to another lesson (movedBlocks) is drawn where it
// was first, at its old place among that lesson's questions, and links to
// the lesson it is in now.
func quizBank(lang string, n int) [][]quizItem {
	var bank [][]quizItem
	for _, l := range lessons.Embedded().QuizBank(lang, n) {
		var items []quizItem
		for _, it := range lessonItems(l, n) {
			if _, _, moved := bankLesson(l.Slug, it.id()); !moved {
				items = append(items, it)
			}
		}
		for _, m := range movedBlocks {
			if m.from != l.Slug {
				continue
			}
			to, _, _ := lessons.Embedded().Lesson(lang, m.to)
			for _, it := range lessonItems(to, n) {
				if it.id() == m.id {
					items = slices.Insert(items, min(m.place, len(items)), it)
				}
			}
		}
		if len(items) > 0 {
			bank = append(bank, items)
		}
	}
	return bank
}

// lessonItems are the questions of lesson l the final test may draw (not
// those on a batch or the lab), each with its section.
func lessonItems(l *lessons.Lesson, n int) []quizItem {
	if l == nil {
		return nil
	}
	var items []quizItem
	section := ""
	for _, p := range l.Parts {
		if m := h2ID.FindAllStringSubmatch(p.HTML, -1); len(m) > 0 {
			section = m[len(m)-1][1]
		}
		if p.Predict != nil && p.Predict.On != "" {
			continue
		}
		if p.Predict != nil || p.Choice != nil {
			it := quizItem{Lesson: l, Predict: p.Predict, Choice: p.Choice, section: section, bank: n}
			if n > newerFrom[l.Slug+"/"+it.id()] { // 0 for a question every bank may draw
				items = append(items, it)
			}
		}
	}
	return items
}

// newerFrom are the questions that entered a lesson of a bank after that
// bank's draws were given out, each with the last bank that does not draw
// it: no quiz link asks another question because a lesson grew, and a
// later bank may draw them.
var newerFrom = map[string]int{
	"ppo-clipping/cpi-first-term": 2, // seed 004's surrogate (issue 36)
}

// id is the question's block id.
func (it quizItem) id() string {
	if it.Predict != nil {
		return it.Predict.ID
	}
	return it.Choice.ID
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

// readBank reads bank= (1…lessons.QuizBanks); absent is bank 1, the bank
// of every link given out before the parameter existed; anything else is
// bank 1 too, reported.
func readBank(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > lessons.QuizBanks {
		return 1, s == ""
	}
	return n, true
}

// quizState is a test's link state: seed=N for bank 1, as every link given
// out before the banks had, else bank=B&seed=N.
func quizState(bank int, seed uint64) string {
	st := "seed=" + strconv.FormatUint(seed, 10)
	if bank != 1 {
		st = "bank=" + strconv.Itoa(bank) + "&" + st
	}
	return st
}

// quizLink is the link to test seed of the newest bank, the one new quiz
// links carry.
func quizLink(lang i18n.Lang, seed uint64) string {
	return page.Link{Path: "/lessons/quiz", State: quizState(lessons.QuizBanks, seed), Lang: lang}.String()
}

// HandleQuiz handles the "GET /lessons/quiz" route: a final test of
// quizSize questions from every lesson, drawn by seed=, answered in one
// form and scored on the server. bank= picks the bank (absent: bank 1, whose
// links were given out first). Every answer is checked against the
// engine's value computed now; a wrong one gets its diagnosis and a link to
// the section that teaches it.
func (s *Room) HandleQuiz(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	t := lr.Lang.T
	seed, seedOK := readSeed(lr.Q.Get("seed"))
	bank, bankOK := readBank(lr.Q.Get("bank"))
	link := func(seed uint64) string {
		return page.Link{Path: "/lessons/quiz", State: quizState(bank, seed), Lang: lr.Lang}.String()
	}
	self := page.Link{Path: "/lessons/quiz", State: quizState(bank, seed), View: lr.View, Lang: lr.Lang}
	hidden := lr.hiddenLang()
	if bank != 1 {
		hidden = append(hidden, templates.Option{Value: "bank", Label: strconv.Itoa(bank)})
	}
	vm := templates.QuizPage{
		Page:    page.Frame(page.FrameSpec{Self: self, Title: t("quiz.title") + " — " + t("brand"), Section: "/lessons", Card: page.Card{Desc: t("quiz.intro", quizSize)}}),
		Heading: t("quiz.title"), Intro: t("quiz.intro", quizSize),
		Action: "/lessons/quiz", Hidden: append(hidden, templates.Option{Value: "seed", Label: strconv.FormatUint(seed, 10)}),
		Submit: t("quiz.check"), Another: templates.Link{Label: t("quiz.another"), URL: link(seed + 1)},
		IndexLink: templates.Link{Label: t("lessons.heading"), URL: lr.url("/lessons")},
	}
	switch {
	case !seedOK:
		vm.Warning = t("quiz.bad_seed", lr.Q.Get("seed"))
	case !bankOK:
		vm.Warning = t("quiz.bad_bank", lr.Q.Get("bank"), lessons.QuizBanks)
	}
	checked := lr.Q.Get("check") == "1"
	right := 0
	var reread []*lessons.Lesson
	for i, it := range quizPick(quizBank(string(lr.Lang), bank), seed) {
		q, correct := lr.quizEntry(i, it, checked)
		if correct {
			right++
		} else if checked && !slices.Contains(reread, it.Lesson) {
			reread = append(reread, it.Lesson)
		}
		vm.Items = append(vm.Items, q)
	}
	if checked {
		vm.Score, vm.ScoreAll = t("quiz.score", right, len(vm.Items)), right == len(vm.Items)
		slices.SortStableFunc(reread, func(a, b *lessons.Lesson) int { return a.Order - b.Order })
		for _, l := range reread {
			vm.Reread = append(vm.Reread, templates.Link{Label: l.Title, URL: lr.url("/lessons/" + l.Slug)})
		}
		vm.RereadLabel = t("quiz.reread")
	}
	page.Render(w, r, templates.QuizView(vm))
}

// quizEntry is question i of a final test, checked against the engine's
// value when checked; it reports whether the answer was right.
func (lr LessonRequest) quizEntry(i int, it quizItem, checked bool) (templates.QuizItem, bool) {
	t := lr.Lang.T
	name := "a" + strconv.Itoa(i)
	answer := strings.TrimSpace(lr.Q.Get(name))
	q := templates.QuizItem{
		ID: "quiz-" + strconv.Itoa(i), Name: name, Number: strconv.Itoa(i + 1), Lesson: it.Lesson.Title,
		Section: templates.Link{Label: t("quiz.section", it.Lesson.Title), URL: lr.url("/lessons/"+it.Lesson.Slug) + "#" + it.section},
		Answer:  templates.Field{ID: "quiz-" + strconv.Itoa(i) + "-answer", Name: name, Label: t("predict.answer"), Value: answer},
	}
	correct, unknown := false, false // unknown: a wrong number that is none of the mistakes we know
	if p := it.Predict; p != nil {
		q.Question, q.Kind = templ.Raw(p.Question), p.Kind
		if q.Table = lr.quizTable(i, it); q.Table != nil {
			q.DataNote = t("quiz.data_note")
		}
		q.Signs = page.SignOptions(lr.Lang, answer)
		if checked {
			pr := LessonRequest{Lang: lr.Lang, Q: map[string][]string{predictParam(p): {answer}}}
			o := pr.PredictState(p)
			correct = o.correct
			q.Expected = templ.Raw(templ.EscapeString(t("predict.value", revealLabel(o.src, p), page.Num(o.want))))
			switch {
			case o.diagnosis != "":
				q.Diagnosis = templ.Raw(fillCells(o.src, o.diagnosis))
			case !correct && o.parsed:
				reason, known := pr.wrongReason(it.Lesson.Slug, p, o)
				if !known { // the honest answer, then the row's formula in words
					reason += " " + lr.Lang.HTML(hintKey(p))
				}
				q.Diagnosis, unknown = templ.Raw(reason), !known
			case !correct:
				q.Diagnosis = templ.Raw(lr.Lang.HTML(hintKey(p)))
			}
		}
	} else {
		c := it.Choice
		q.Question, q.Kind = templ.Raw(c.Question), "choice"
		for k, j := range c.Shown() {
			o, letter := c.Options[j], choiceLetters[j:j+1]
			q.Options = append(q.Options, templates.ChoiceOption{ID: q.ID + "-" + letter, Value: letter, Text: templ.Raw(o.Text), Selected: answer == letter})
			if checked && o.Right {
				q.Expected = choiceAnswer(lr.Lang, k, o.Text)
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
		case it.Choice != nil:
			q.Verdict = t("choice.diagnosed")
		case unknown:
			q.Verdict = t("quiz.wrong")
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
		if !slices.Contains(s, it.Lesson.Slug) {
			s = append(s, it.Lesson.Slug)
		}
	}
	return s
}
