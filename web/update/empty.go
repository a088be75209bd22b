package update

import (
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/page"
)

// An all-masked batch on the update views: verl does not refuse it, it
// divides 0 by 0 in some releases (NaN) and by 1e-8 in others (0.0). The
// views show the release's own answer, and a note says, release range by
// release range, what verl gives and which change makes it so
// (explain.EmptyBatch).

// emptyLoss fills an all-masked batch's loss row in mode with generation
// g's own answer: NaN or 0 (vf_loss = 0.5·agg), or verl's error.
func (v updateView) emptyLoss(row *templates.LossRow, g engine.Generation, mode engine.AggMode) {
	a := explain.EmptyAnswerOf(g, mode)
	if a.Err != nil {
		return // the row keeps its error
	}
	row.Error, row.Value, row.Full = "", page.Num(0.5*a.Value), ""
}

// emptyNote says what every release gives for an all-masked batch in mode,
// and why.
func (v updateView) emptyNote(mode engine.AggMode) string {
	var parts []string
	for _, a := range explain.EmptyBatch(mode) {
		answer := "NaN"
		switch {
		case a.Err != nil:
			answer = v.T("update.empty.raises")
		case !a.NaN():
			answer = page.Num(a.Value)
		}
		part := v.T("update.empty.range", engine.RangeLabel(a.From, a.To), answer)
		for _, id := range a.Changes {
			part += " " + v.T("update.empty.because", v.T("change."+string(id)))
		}
		parts = append(parts, part)
	}
	return v.T("update.empty.note", string(mode), strings.Join(parts, v.T("update.empty.sep")))
}
