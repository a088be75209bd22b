package lessons

import (
	"slices"
	"testing"
)

// Every quiz bank finds every lesson it names, in both languages, in its
// frozen order (the course order puts td-error before ppo-step), and every
// lesson of the course but the capstone and "Reading a verl dashboard" (its
// questions are about the training lab's runs, which no bank draws yet) is
// in a bank.
func TestQuizBanksAreFrozen(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(quizBanks) != QuizBanks {
		t.Fatalf("%d banks listed, QuizBanks is %d", len(quizBanks), QuizBanks)
	}
	for _, lang := range Langs {
		for n, want := range quizBanks {
			var got []string
			for _, l := range c.QuizBank(lang, n+1) {
				got = append(got, l.Slug)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: quiz bank %d %v, want %v", lang, n+1, got, want)
			}
		}
		for _, l := range c.Lessons(lang) {
			inBank := slices.ContainsFunc(quizBanks, func(b []string) bool { return slices.Contains(b, l.Slug) })
			if l.Slug != "real-batch" && l.Slug != "reading-a-dashboard" && !inBank {
				t.Errorf("%s: lesson %s is in no quiz bank", lang, l.Slug)
			}
		}
		if c.QuizBank(lang, 0) != nil || c.QuizBank(lang, QuizBanks+1) != nil {
			t.Errorf("%s: a bank out of 1…%d has lessons", lang, QuizBanks)
		}
	}
}
