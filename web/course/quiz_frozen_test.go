package course_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/web/course"
)

var updateQuiz = flag.Bool("update-quiz", false, "rewrite testdata/quiz/bank<n>.txt from what the quiz draws now (only for a new bank)")

// quizFrozenSeeds are the seeds whose questions are recorded per bank.
const quizFrozenSeeds = 40

// quizDraws is every question seeds 1…quizFrozenSeeds of bank n draw, in
// one language: a line per seed, "seed: lesson/block …".
func quizDraws(lang string, n int) string {
	var b strings.Builder
	bank := course.QuizBank(lang, n)
	for seed := uint64(1); seed <= quizFrozenSeeds; seed++ {
		fmt.Fprintf(&b, "%d:", seed)
		for _, it := range course.QuizPick(bank, seed) {
			id := ""
			if it.Predict != nil {
				id = it.Predict.ID
			} else {
				id = it.Choice.ID
			}
			fmt.Fprintf(&b, " %s", course.QuestionKey(it.Lesson.Slug, id)) // a moved question by its first key
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Quiz links keep their questions: every bank draws, for seeds 1…40, the
// questions recorded when its links were first given out (bank 1's before
// the second bank existed), in both languages alike. Text may be corrected;
// which questions a link asks, and in what order, never changes.
func TestQuizLinksKeepTheirQuestions(t *testing.T) {
	for n := 1; n <= lessons.QuizBanks; n++ {
		name := fmt.Sprintf("testdata/quiz/bank%d.txt", n)
		if *updateQuiz {
			if _, err := os.Stat(name); err == nil {
				t.Fatalf("%s exists: a bank's questions are frozen once its links are out", name)
			}
			if err := os.WriteFile(name, []byte(quizDraws("en", n)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range lessons.Langs {
			got := strings.Split(quizDraws(lang, n), "\n")
			for i, w := range strings.Split(string(want), "\n") {
				if i >= len(got) || got[i] != w {
					t.Errorf("%s bank %d: seed line %d draws\n%s\nrecorded\n%s", lang, n, i+1, got[min(i, len(got)-1)], w)
				}
			}
		}
	}
}
