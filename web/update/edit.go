package update

import (
	"gaelab/engine"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// edited is the update view as its form submits it: the v=3 state, whose
// release's GAE feeds its own losses, with the view's own parameters read
// afresh by the caller (criticOf, actorOf).
func (v updateView) edited() updateView {
	e := v
	e.S = v.S.Edited()
	e.Res = e.S.Compute()
	e.gen, e.feed = e.S.LossSource(e.Res)
	e.own = scenario.Params{Q: v.own.Q}
	return e
}

// updateNotice is an update view's edit notice: what the view itself shows
// that its v=3 state computes differently, the quantities the feeding GAE
// gives (label) and the losses of the modes both compute (loss; a mode the
// release lacks is not a changed number: the edited page says it lacks it);
// none for a v=3 state.
func (v updateView) updateNotice(fed, edFed []float64, label string, losses, edLosses map[engine.AggMode][]float64, loss string) []string {
	if v.whole() {
		return nil
	}
	var changed []string
	if !play.SameNumbers(fed, edFed) {
		changed = append(changed, label)
	}
	for _, mode := range engine.AggModes {
		a, ok := losses[mode]
		b, edOK := edLosses[mode]
		if ok && edOK && !play.SameNumbers(a, b) {
			changed = append(changed, loss)
			break
		}
	}
	return v.NoticeOf(changed)
}
