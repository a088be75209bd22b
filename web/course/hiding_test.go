package course

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
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

// Issue 36 point 4, on the page: no widget on a question's state shows, while
// the question asks, a cell that gives it away (strictGiveaways), wherever
// on the page it stands; once the question is revealed, the widget shows
// them again (policy-gradient's pg-dense, above dense-token1-sign, had shown
// G₁ and V(s₁), whose difference is the asked sign). No pair is excepted:
// the eight corpus widgets that had shown a question's answer (foundations'
// w0 showed first-advantage's A₀ itself) hide it under a hides: line.
func TestNoWidgetGivesAQuestionAway(t *testing.T) {
	shown := func(w templates.Widget, cells []string) []string {
		var out []string
		for _, r := range w.Table.Rows {
			for _, c := range r.Cells {
				id := r.ID + "." + strconv.Itoa(c.T)
				if c.Class != "hidden-cell" && (slices.Contains(cells, id) || slices.Contains(cells, r.ID+".*")) {
					out = append(out, id+"="+c.Text)
				}
			}
		}
		return out
	}
	checked := 0
	for _, lang := range lessons.Langs {
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, qp := range l.Parts {
				p := qp.Predict
				if p == nil || p.On != "" {
					continue
				}
				for _, sp := range l.Parts {
					s := sp.Scenario
					if s == nil || s.Link != p.Link {
						continue
					}
					lr := LessonRequest{Lang: i18n.Lang(lang)}
					got := shown(lr.Widget("/lessons/"+l.Slug, s, HidersOf(l, s)...), strictGiveaways(p))
					checked++
					if len(got) > 0 {
						t.Errorf("%s %s: widget %s shows %v while %s asks %s", lang, l.Slug, s.ID, got, p.ID, p.Ask)
					}
					if !slices.Contains(HidersOf(l, s), p) {
						continue
					}
					// Revealed, p's cells show again: its asked cell always
					// (kl-returns' R₀ once returns-kl is answered, though
					// a0-seed-b, A₀ = R₀ − V(s₀), still asks), the others
					// unless another question the widget hides for still
					// hides them, and any cell under a whole row another
					// still hides ("white.*"); with every one revealed,
					// they all show.
					var others []string
					all := url.Values{}
					for _, q := range HidersOf(l, s) {
						all.Set("predict-"+q.ID+"-reveal", "1")
						if q != p {
							others = append(others, strictGiveaways(q)...)
						}
					}
					lr.Q = url.Values{"predict-" + p.ID + "-reveal": {"1"}}
					w := lr.Widget("/lessons/"+l.Slug, s, HidersOf(l, s)...)
					for _, c := range giveaways(p.Ask) {
						if row, _, _ := strings.Cut(c, "."); rowShown(s, c) && len(shown(w, []string{c})) == 0 && (c == p.Ask || !slices.Contains(others, c)) && !slices.Contains(others, row+".*") {
							t.Errorf("%s %s: widget %s still hides %s once %s is revealed", lang, l.Slug, s.ID, c, p.ID)
						}
					}
					lr.Q = all
					if got := shown(lr.Widget("/lessons/"+l.Slug, s, HidersOf(l, s)...), giveaways(p.Ask)); len(got) == 0 && rowShown(s, p.Ask) {
						t.Errorf("%s %s: widget %s still hides %s once its questions are revealed", lang, l.Slug, s.ID, p.Ask)
					}
				}
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d question/widget pairs checked", checked)
	}
}

// rowShown says whether widget s's table has the row of cell.
func rowShown(s *lessons.Scenario, cell string) bool {
	row, _, _ := strings.Cut(cell, ".")
	return s.Rows == nil || slices.Contains(s.Rows, row)
}
