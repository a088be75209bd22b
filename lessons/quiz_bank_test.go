package lessons

import (
	"slices"
	"testing"
)

// The first quiz bank finds every lesson it names, in both languages, in
// its frozen order (the course order puts td-error before ppo-step).
func TestFirstQuizBankIsFrozen(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Langs {
		var got []string
		for _, l := range c.FirstQuizBank(lang) {
			got = append(got, l.Slug)
		}
		if !slices.Equal(got, firstQuizBank) {
			t.Errorf("%s: first quiz bank %v, want %v", lang, got, firstQuizBank)
		}
	}
}
