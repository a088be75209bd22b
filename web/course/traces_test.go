package course

import (
	"testing"

	"gaelab/lessons"
	"gaelab/web/i18n"
)

// Issue 36 point 1: bellman-td-lambda's traces block runs the backward view
// over example A in both languages, and each state's total after the last
// column equals both its row sum and verl's A_j (the last two columns).
func TestTracesBlockColumnsSumToTheRow(t *testing.T) {
	for _, lang := range lessons.Langs {
		l, _, _ := lessons.Embedded().Lesson(lang, "bellman-td-lambda")
		var b *lessons.Traces
		for _, p := range l.Parts {
			if p.Traces != nil {
				b = p.Traces
			}
		}
		if b == nil {
			t.Fatalf("%s: bellman-td-lambda has no traces block", lang)
		}
		box := LessonRequest{Lang: i18n.Lang(lang)}.traces(b)
		if len(box.Rows) != 3 || len(box.Columns) != 5 {
			t.Fatalf("%s: %d rows, %d columns; want example A's 3 states, 3 δ's and two totals", lang, len(box.Rows), len(box.Columns))
		}
		for j, r := range box.Rows {
			n := len(r.Cells)
			if r.Cells[n-2] != r.Cells[n-1] {
				t.Errorf("%s: s_%d received %s along the traces, verl's A is %s", lang, j, r.Cells[n-2], r.Cells[n-1])
			}
			for i := 0; i < j; i++ {
				if r.Cells[i] != "" {
					t.Errorf("%s: δ_%d sends %s to the later state s_%d", lang, i, r.Cells[i], j)
				}
			}
		}
		if box.Rows[0].Cells[0] == box.Rows[0].Cells[3] {
			t.Errorf("%s: s_0's first column already holds its whole advantage", lang)
		}
	}
}
