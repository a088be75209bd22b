package course

import (
	"slices"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/templates"
)

// Issue 36 point 4: a question's widget (and the final test from bank 2 on)
// hides what gives its answer away: every whitened cell when a whitened one
// is asked (one response's whitened advantages sum to 0), and the cells a
// block names under hide: (q-one-step's r₄ and δ₄, multi-turn-next's whole
// next-value row). Bank 1's links are out: its tables hide as before.
func TestStrictHidingRule(t *testing.T) {
	tab := templates.Table{Rows: []templates.Row{
		{ID: "white", Cells: []templates.Cell{{T: 0, Text: "1"}, {T: 1, Text: "-1"}}},
		{ID: "reward", Cells: []templates.Cell{{T: 0, Text: "0.5"}, {T: 1, Text: "0.25"}}},
	}}
	hideCells(&tab, []string{"white.*", "reward.1"}, "?")
	var shown []string
	for _, r := range tab.Rows {
		for _, c := range r.Cells {
			if c.Text != "?" {
				shown = append(shown, r.ID+"."+c.Text)
			}
		}
	}
	if !slices.Equal(shown, []string{"reward.0.5"}) {
		t.Errorf("after hiding white.* and reward.1 the table shows %v", shown)
	}

	want := map[string][]string{
		"whitening-and-masks/whitened-last-sign": {"white.*"},
		"ppo-objective/kl-only-last-sign":        {"white.*"},
		"ppo-objective/pipeline-token3-sign":     {"white.*"},
		"ppo-clipping/dense-clip-side":           {"white.*"},
		"q-and-advantage/q-one-step":             {"reward.4", "delta.4"},
		"whitening-and-masks/multi-turn-next":    {"next.*"},
	}
	found := map[string]bool{}
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				if p.Predict == nil {
					continue
				}
				key := l.Slug + "/" + p.Predict.ID
				cells := strictGiveaways(p.Predict)
				for _, c := range want[key] {
					found[key] = true
					if !slices.Contains(cells, c) {
						t.Errorf("%s %s hides %v, not %s", lang, key, cells, c)
					}
				}
				if strings.HasPrefix(p.Predict.Ask, "white.") && !slices.Contains(cells, "white.*") {
					t.Errorf("%s %s asks a whitened cell but leaves the rest of the row", lang, key)
				}
			}
		}
	}
	for k := range want {
		if !found[k] {
			t.Errorf("no question %s", k)
		}
	}
	for _, n := range []int{1, 2} {
		for _, items := range quizBank("en", n) {
			for _, it := range items {
				if it.bank != n {
					t.Fatalf("bank %d item %s/%v has bank %d", n, it.Lesson.Slug, it.Predict, it.bank)
				}
			}
		}
	}
	for _, l := range lessons.Embedded().Lessons("en") {
		for _, p := range l.Parts {
			if q := p.Predict; q != nil && strings.HasPrefix(q.Ask, "white.") && !slices.Contains(rowGiveaways(q), "white.*") {
				t.Errorf("bank 2's table for %s/%s leaves the rest of the whitened row", l.Slug, q.ID)
			}
		}
	}
}
