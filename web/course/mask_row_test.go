package course

import (
	"slices"
	"testing"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// Issue 36 point 5: a state with mask-0 positions (a tool's observation, the
// padding after EOS) shows verl's response_mask as a row, 0 under each of
// those tokens, in every lesson widget and in both final tests' tables
// (multi-turn-next's tool tokens could not be told from the model's); a
// state with every token valid shows no mask row.
func TestMaskRowWhereTheMaskHasZeros(t *testing.T) {
	check := func(where string, tab templates.Table, link string) {
		t.Helper()
		lr := LessonRequest{Lang: "en"}
		v := lr.BlockView("x", link, nil)
		zeros := slices.ContainsFunc(v.S.Tokens, func(tok scenario.Token) bool { return tok.Kind != scenario.Valid })
		i := slices.IndexFunc(tab.Rows, func(r templates.Row) bool { return r.ID == "mask" })
		if !zeros {
			if i >= 0 {
				t.Errorf("%s (%s): a mask row on a state whose tokens are all valid", where, link)
			}
			return
		}
		if i < 0 {
			t.Errorf("%s (%s): no mask row, though the state has mask-0 tokens", where, link)
			return
		}
		for _, c := range tab.Rows[i].Cells {
			want := "1"
			if v.S.Tokens[c.T].Kind != scenario.Valid {
				want = "0"
			}
			if c.Text != want {
				t.Errorf("%s (%s): mask at t = %d reads %q, want %q", where, link, c.T, c.Text, want)
			}
		}
	}
	seen := map[string]bool{}
	for _, lang := range lessons.Langs {
		lr := LessonRequest{Lang: i18n.Lang(lang)}
		for _, l := range lessons.Embedded().Lessons(lang) {
			for _, p := range l.Parts {
				if b := p.Scenario; b != nil {
					check(lang+" "+l.Slug+" widget "+b.ID, lr.Widget("/lessons/"+l.Slug, b, nil).Table, b.Link)
				}
			}
		}
		for _, n := range []int{1, 2} {
			for _, items := range QuizBank(lang, n) {
				for i, it := range items {
					if tab := lr.quizTable(i, it); tab != nil {
						check(lang+" quiz "+it.Lesson.Slug+"/"+it.Predict.ID, *tab, it.Predict.Link)
						seen[it.Predict.ID] = seen[it.Predict.ID] || slices.ContainsFunc(tab.Rows, func(r templates.Row) bool { return r.ID == "mask" })
					}
				}
			}
		}
	}
	if !seen["multi-turn-next"] {
		t.Error("the final test's multi-turn-next shows no mask row")
	}
}
