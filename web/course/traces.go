package course

import (
	"strconv"

	"gaelab/engine/explain"
	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/page"
)

// subscriptDigits writes a token index as Unicode subscript digits (δ₀, s₂).
func subscriptDigits(i int) string {
	var out []rune
	for _, r := range strconv.Itoa(i) {
		out = append(out, '₀'+(r-'0'))
	}
	return string(out)
}

// traces is a ```traces block's table (issue 36): TD(λ)'s backward view
// run forwards in time over the state's TD errors (explain.EligibilityTraces),
// what each state has received once every δ is out, and verl's A_j from
// the engine's GAE. Index convention: row j is s_j, column t is δ_t, both
// 0-based response-token indices.
func (lr LessonRequest) traces(b *lessons.Traces) templates.TracesBox {
	t := lr.Lang.T
	v := lr.BlockView("traces-"+b.ID, b.Link, nil)
	box := templates.TracesBox{
		ID:      b.ID,
		Caption: t("traces.caption", page.Full(v.S.Gamma), page.Full(v.S.Lam)),
		Corner:  t("traces.corner"),
		Note:    t("traces.note"),
	}
	if len(v.Res.GAE.Deltas) == 0 || len(v.Res.GAE.Deltas[0]) == 0 {
		return box
	}
	deltas, adv := v.Res.GAE.Deltas[0], v.Res.GAE.Advantages[0]
	tr := explain.EligibilityTraces(deltas, v.S.Gamma, v.S.Lam)
	for i, d := range deltas {
		box.Columns = append(box.Columns, t("traces.from", subscriptDigits(i), page.Num(d)))
	}
	box.Columns = append(box.Columns, t("traces.total"), t("traces.adv"))
	last := tr.Received[len(tr.Received)-1]
	for j := range deltas {
		row := templates.TracesRow{Head: t("traces.state", subscriptDigits(j))}
		for i := range deltas {
			cell := ""
			if i >= j {
				cell = page.Num(tr.Table[j][i])
			}
			row.Cells = append(row.Cells, cell)
		}
		row.Cells = append(row.Cells, page.Num(last[j]), page.Num(adv[j]))
		box.Rows = append(box.Rows, row)
	}
	return box
}
