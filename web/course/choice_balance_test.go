package course_test

import (
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/webtest"
)

// Issue 25, error 16: choice items cannot be gamed. Over every choice
// block of the course, in each language, as its lesson page displays it:
// no displayed place holds the right option in more than 40 % of the
// blocks, and the right option is the longest (no other is longer) in at
// most a third of them. The options keep their letters in links.
func TestChoiceDisplayBalanced(t *testing.T) {
	for _, lang := range lessons.Langs {
		at := map[int]int{}
		blocks, longest := 0, 0
		for _, l := range lessons.Embedded().Lessons(lang) {
			doc := webtest.Page(t, "/lessons/"+l.Slug+"?lang="+lang)
			for _, p := range l.Parts {
				c := p.Choice
				if c == nil {
					continue
				}
				blocks++
				right, most := 0, 0
				for _, o := range c.Options {
					n := utf8.RuneCountInString(plainOf(o.Text))
					if o.Right {
						right = n
					} else {
						most = max(most, n)
					}
				}
				if right >= most {
					longest++
				}
				shown := doc.Find(`#choice-` + c.ID + ` input[name="choice-` + c.ID + `"]`)
				if shown.Length() != len(c.Options) {
					t.Errorf("%s/%s %s: %d options displayed, want %d", lang, l.Slug, c.ID, shown.Length(), len(c.Options))
					continue
				}
				shown.Each(func(k int, s *goquery.Selection) {
					v, _ := s.Attr("value")
					if i := indexOfLetter(v); i < 0 || i >= len(c.Options) {
						t.Errorf("%s/%s %s: displayed option %d has letter %q", lang, l.Slug, c.ID, k, v)
					} else if c.Options[i].Right {
						at[k]++
					}
				})
			}
		}
		if blocks < 20 {
			t.Fatalf("%s: only %d choice blocks", lang, blocks)
		}
		for k, n := range at {
			if 10*n > 4*blocks {
				t.Errorf("%s: the right option is displayed at place %c in %d of %d choice blocks (more than 40 %%)", lang, 'A'+k, n, blocks)
			}
		}
		if 3*longest > blocks {
			t.Errorf("%s: the right option is the longest in %d of %d choice blocks (more than a third)", lang, longest, blocks)
		}
		t.Logf("%s: %d choice blocks, right option at each place %v, the longest in %d", lang, blocks, at, longest)
	}
}

// indexOfLetter is the option a link's letter names (a → 0), or -1.
func indexOfLetter(v string) int {
	for i := range course.ChoiceLetters {
		if v == course.ChoiceLetters[i:i+1] {
			return i
		}
	}
	return -1
}

// A link's letter names the same option whatever place it is displayed
// at: ?choice-<id>=<letter of the right option> is right, on every block.
func TestChoiceLetterNamesTheSameOption(t *testing.T) {
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				c := p.Choice
				if c == nil {
					continue
				}
				for i, o := range c.Options {
					doc := webtest.Page(t, "/lessons/"+l.Slug+"/choice/"+c.ID+"?lang="+lang+"&choice-"+c.ID+"="+course.ChoiceLetters[i:i+1])
					if _, right := doc.Find(`[data-testid="choice"]`).Attr("data-correct"); right != o.Right {
						t.Errorf("%s/%s %s letter %s: right %v, want %v", lang, l.Slug, c.ID, course.ChoiceLetters[i:i+1], right, o.Right)
					}
					if !doc.Find(`input[value="` + course.ChoiceLetters[i:i+1] + `"]`).Is("[checked]") {
						t.Errorf("%s/%s %s letter %s: not the option picked (%s)", lang, l.Slug, c.ID, course.ChoiceLetters[i:i+1], strconv.Quote(plainOf(o.Text)))
					}
				}
			}
		}
	}
}
