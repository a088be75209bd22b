package lessons

import (
	"slices"
	"testing"
)

// Issue 36 (low): three of the four 3-option choice blocks displayed their
// right answer at B. Within each option count, no displayed place holds the
// right option in more than half of the blocks; a block's place: field sets
// that place without moving any option's letter in links.
func TestChoicePlacesBalancedPerOptionCount(t *testing.T) {
	for _, lang := range Langs {
		at := map[int]map[int]int{} // option count -> displayed place -> blocks
		blocks := map[int]int{}
		for _, l := range Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				c := p.Choice
				if c == nil {
					continue
				}
				n := len(c.Options)
				k := slices.IndexFunc(c.Shown(), func(i int) bool { return c.Options[i].Right })
				if c.Place >= 0 && k != c.Place {
					t.Errorf("%s %s/%s: place %c, displayed at %c", lang, l.Slug, c.ID, 'a'+c.Place, 'a'+k)
				}
				if at[n] == nil {
					at[n] = map[int]int{}
				}
				at[n][k]++
				blocks[n]++
			}
		}
		for n, places := range at {
			for k, m := range places {
				if blocks[n] >= 3 && 2*m > blocks[n] {
					t.Errorf("%s: the right option of %d of the %d %d-option blocks is displayed at %c", lang, m, blocks[n], n, 'A'+k)
				}
			}
		}
	}
	if _, err := parseChoice("id: x\nquestion: q\nplace: c\nright: a\nwrong: b | no"); err == nil {
		t.Error("place c of two options parsed")
	}
	c, err := parseChoice("id: x\nquestion: q\nplace: b\nright: a\nwrong: b | no")
	if err != nil || c.Shown()[1] != 0 {
		t.Errorf("place b: %v, shown %v", err, c)
	}
}
