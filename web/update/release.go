package update

import (
	"math"
	"slices"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/page"
)

// The update views of a v=3 state compute the release's own losses
// (updateView.gen): only the loss_agg_modes it knows, its clip parameters
// as it has them, and NaN or ±inf where its float arithmetic gives them.
// The notes say what the release lacks, each with the release range and
// the release that brought it, from the engine's generation table.

// aggModes are the loss_agg_modes the view computes: every mode for
// v0.9.0's losses, the release's own in a v=3 state.
func (v updateView) aggModes() []engine.AggMode {
	if !v.whole() {
		return engine.AggModes
	}
	return v.gen.AggModes()
}

// arrival is the first release in which change id is in force, and its
// first pull request.
func arrival(id engine.ChangeID) (string, int) {
	c, _ := engine.LookupChange(id)
	return c.From.Tag(), c.PRs[0]
}

// since is the range of releases around the view's generation that agree
// with it on change id.
func (v updateView) since(id engine.ChangeID) string { return engine.StableLabel(v.gen, id) }

// modesNote says which loss_agg_modes the release does not know, and when
// each arrived; none for v0.9.0's losses or a release that knows them all.
func (v updateView) modesNote() []templates.Rich {
	if !v.whole() {
		return nil
	}
	if !v.gen.Has(engine.AggLoss) {
		tag, pr := arrival(engine.AggLoss)
		return []templates.Rich{v.HTML("update.release.no_agg", v.since(engine.AggLoss), tag, pr)}
	}
	var notes []templates.Rich
	for _, mode := range engine.AggModes {
		if !slices.Contains(v.aggModes(), mode) {
			tag, pr := arrival(engine.TokenSumMode)
			notes = append(notes, v.HTML("update.release.no_mode", v.since(engine.TokenSumMode), string(mode), tag, pr))
		}
	}
	return notes
}

// lossValue shows x as a loss row's value, or, where it is NaN or ±inf,
// says that the release gives it (the notes say why).
func (v updateView) lossValue(row *templates.LossRow, x float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		row.Error = v.T("update.release.nonfinite", v.gen.Range(), nonFiniteText(x))
		return
	}
	row.Value, row.Full = page.Num(x), page.Full(x)
}

// lossRule is the rule of mode's row: the releases that compute the loss
// exactly as the view's generation does.
func (v updateView) lossRule(mode engine.AggMode, changes []engine.ChangeID) string {
	return v.T("update.agg."+string(mode), engine.StableLabel(v.gen, changes...))
}

// finite reports whether every number of a metric is finite.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
