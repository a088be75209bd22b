package course

import (
	"slices"
	"strings"

	"gaelab/lessons"
	"gaelab/templates"
)

// quizNeeds are the table rows a question on a row shows: the row itself
// and what its formula reads (δ, A and R read r, V and the next value; the
// whitened advantage reads the raw ones).
var quizNeeds = map[string][]string{
	"score":  {"score", "kld", "reward"},
	"kld":    {"score", "kld", "reward"},
	"reward": {"score", "kld", "reward"},
	"value":  {"value", "next"},
	"next":   {"value", "next"},
	"delta":  {"reward", "value", "next", "delta"},
	"adv":    {"reward", "value", "next", "adv"},
	"ret":    {"reward", "value", "next", "ret"},
	"white":  {"reward", "adv", "white"},
}

// hidingSince36 are the widgets (lesson/widget id) that hide for the
// question right after them since issue 36 let a widget placed right before
// a question hide for it: bank 1, frozen, draws its tables without their
// rows, as it did before.
var hidingSince36 = []string{"ppo-step/w0", "alignment/w0", "misconceptions/w3"}

// quizRows are the rows a quiz question of bank shows: the ones its asked
// row reads, and those of its lesson's widget on the same state (the
// ```scenario block just under or above it, which hides its cell).
func quizRows(l *lessons.Lesson, p *lessons.Predict, bank int) []string {
	row, _, _ := strings.Cut(p.Ask, ".")
	rows := slices.Clone(quizNeeds[row])
	if rows == nil {
		rows = []string{row}
	}
	for _, part := range l.Parts {
		if s := part.Scenario; s != nil && s.Hide == p.Index && s.Link == p.Link {
			if bank == 1 && slices.Contains(hidingSince36, l.Slug+"/"+s.ID) {
				continue
			}
			rows = append(rows, s.Rows...)
		}
	}
	return rows
}

// quizTable is the data of a number or sign question of the final test:
// the table of the state it asks about, with its rows (quizRows) and the
// cells it asks, and those that give them away, hidden. It is nil for a
// question on a batch or the lab, which the test does not draw.
func (lr LessonRequest) quizTable(i int, it quizItem) *templates.Table {
	p := it.Predict
	if p == nil || p.On != "" {
		return nil
	}
	v := lr.BlockView(predictParam(p), p.Link, nil)
	tab := v.Table()
	tab.Caption = lr.Lang.T("quiz.data_caption", i+1)
	rows := quizRows(it.Lesson, p, it.bank)
	var kept []templates.Row
	for _, r := range tab.Rows {
		if !slices.Contains(rows, r.ID) {
			continue
		}
		r.Edit, r.EditLabel = "", "" // a static table: nothing to edit or pick
		for ci := range r.Cells {
			r.Cells[ci].Pick = ""
		}
		kept = append(kept, r)
	}
	tab.Rows = kept
	addMaskRow(&tab, v, lr.Lang)
	cells := giveaways(p.Ask)
	if it.bank >= 2 {
		cells = rowGiveaways(p)
	}
	hideCells(&tab, cells, lr.Lang.T("predict.hidden_cell"))
	return &tab
}
