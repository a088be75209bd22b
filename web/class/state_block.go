package class

import (
	"gaelab/lessons"
	"gaelab/web/course"
	"gaelab/web/i18n"
)

// stateBlockSpec asks a lesson's predict block on a batch or the variance
// lab (on: batch, on: variance) in a live class. The phones show its
// question without a table (a batch is too wide for a phone), and wrong
// answers are grouped by the block's diagnoses only: Link and Cells stay
// empty, as they name playground cells.
func stateBlockSpec(slug, block string, p *lessons.Predict, bad *askError) (Spec, *askError) {
	lr := course.LessonRequest{Lang: i18n.En}
	want, ok := lr.BlockCells(p, "").CellValue(p.Ask)
	if !ok {
		return Spec{}, bad
	}
	kind := p.Kind
	if kind != "sign" {
		kind = "number"
	}
	sp := Spec{Kind: "block", Lesson: slug, Block: block, Answer: kind, Value: want, Tol: p.Tolerance}
	sp.Wrong = blockWrongs(p, func(cell, query string) (float64, bool) {
		return lr.BlockCells(p, query).CellValue(cell)
	})
	return sp, nil
}
