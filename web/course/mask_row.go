package course

import (
	"slices"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// addMaskRow puts verl's response_mask as the first row of a course table
// when the state has a mask-0 position (issue 36 point 5): a tool's
// observation tokens and the padding after EOS then read as 0 in the table
// itself, not only as the columns' hatching, so that a question on such a
// state (multi-turn-next) can be answered from what the page shows. A
// state with every token valid keeps its table as it was. The row is one
// cell per shown column, never hidden: no question asks the mask.
func addMaskRow(tab *templates.Table, v play.View, lang i18n.Lang) {
	if !slices.ContainsFunc(v.S.Tokens, func(tok scenario.Token) bool { return tok.Kind != scenario.Valid }) {
		return
	}
	row := templates.Row{ID: "mask", Label: lang.T("lessons.row.mask"), Code: "response_mask", Sym: lang.T("lessons.mask.sym")}
	for _, c := range tab.Columns {
		text := "1"
		if v.S.Tokens[c.T].Kind != scenario.Valid {
			text = "0"
		}
		row.Cells = append(row.Cells, templates.Cell{T: c.T, Text: text, Class: c.Class}) // the column's mask and window classes
	}
	tab.Rows = append([]templates.Row{row}, tab.Rows...)
}
