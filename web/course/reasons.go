package course

import (
	"strconv"

	"gaelab/lessons"
	"gaelab/web/answer"
	"gaelab/web/page"
)

// reasonRows are the table rows an unanticipated number is compared with,
// in the order a reason prefers them (a quantity of the loop before its
// inputs).
var reasonRows = []string{"adv", "delta", "ret", "white", "next", "value", "reward", "kld", "score"}

// wrongReason is why an unanticipated wrong number x to question b (whose
// answer is want) is what it is, when the engine can tell (issue 36, "an
// unanticipated wrong number gets a reason tied to the number"): minus the
// answer; the answer without the discount (γ = 1) or with another λ; another
// cell of the same table (the raw advantage for the whitened one, δ for A,
// the next token's cell). Otherwise it says honestly that this is not one of
// the mistakes the course knows. The result is HTML in the learner's
// language; known is false for the honest one.
//
// slug is the question's lesson: a lesson before GAE's, which teaches λ,
// never gets a λ reason.
func (lr LessonRequest) wrongReason(slug string, b *lessons.Predict, o predictOutcome) (reason string, known bool) {
	h := lr.Lang.HTML
	x := o.x
	if b.Kind == "sign" {
		return h("predict.why.unknown"), false
	}
	near := func(w float64) bool { return answer.Within(x, w, b.Tolerance) }
	if o.want != 0 && near(-o.want) {
		return h("predict.why.flipped", page.Num(o.want)), true
	}
	if b.On != "" {
		return h("predict.why.unknown"), false
	}
	s := o.v.S
	type variant struct {
		query, key string
		differs    bool
	}
	for _, vr := range []variant{
		{"gamma=1", "predict.why.gamma", s.Gamma != 1},
		{"lam=1", "predict.why.lam1", s.Lam != 1 && lr.lambdaTaught(slug)},
		{"lam=0", "predict.why.lam0", s.Lam != 0 && lr.lambdaTaught(slug)},
	} {
		if !vr.differs {
			continue
		}
		if w, ok := lr.BlockCells(b, vr.query).CellValue(b.Ask); ok && near(w) {
			return h(vr.key, page.Num(w)), true
		}
	}
	for _, row := range reasonRows {
		for t := range s.Len() {
			cell := row + "." + strconv.Itoa(t)
			if cell == b.Ask {
				continue
			}
			if w, ok := o.v.CellValue(cell); ok && near(w) {
				return h("predict.why.cell", o.v.CellLabel(cell), page.Num(w)), true
			}
		}
	}
	return h("predict.why.unknown"), false
}

// lambdaTaught reports whether lesson slug comes at or after the GAE
// lesson, which teaches λ.
func (lr LessonRequest) lambdaTaught(slug string) bool {
	l, _, _ := lessons.Embedded().Lesson(string(lr.Lang), slug)
	gae, _, _ := lessons.Embedded().Lesson(string(lr.Lang), "gae")
	return l != nil && gae != nil && l.Order >= gae.Order
}
