package update

import (
	"errors"
	"net/http"

	"gaelab/engine"
	"gaelab/web/play"
	"gaelab/web/verify"
)

// updateCase is an update view's state as a verify case in the release
// whose losses the view computes: the state's own in a v=3 state, else
// v0.9.0, fed by the newest GAE (updateView).
func (v updateView) updateCase() verify.Case {
	rel := v.S.VerifyRelease()
	if !v.whole() {
		rel, _ = engine.ParseRelease(engine.Newest)
	}
	return play.PlayCase(v.S, v.feed, rel, v.link(v.Req))
}

// lossModes are the engine's numbers of a loss per loss_agg_mode; verl
// raises where the engine returned verl's error.
func lossModes[L any](names []engine.AggMode, losses []L, errs []error, numbers func(L) []float64) []verify.LossMode {
	var ms []verify.LossMode
	for i, mode := range names {
		var ve *engine.VerlError
		switch {
		case errors.As(errs[i], &ve):
			ms = append(ms, verify.LossMode{Mode: mode, Raises: true})
		case errs[i] == nil:
			ms = append(ms, verify.LossMode{Mode: mode, Numbers: numbers(losses[i])})
		}
	}
	return ms
}

// HandleCriticVerify handles the "GET /update/critic/verify.py"
// route: the state's GAE and the critic's value loss in every
// loss_agg_mode the page shows, as a verify script.
func (s *Room) HandleCriticVerify(w http.ResponseWriter, r *http.Request) {
	v := s.NewCriticView(r)
	c := v.updateCase()
	l := v.Compute()
	c.Value = &verify.ValueLoss{VPreds: [][]float64{v.vpreds}, Returns: [][]float64{l.returns}, ClipRange: v.CV,
		Modes: lossModes(l.modeNames, l.modes, l.modeErrs, func(x engine.ValueLoss) []float64 { return []float64{x.Loss, x.ClipFrac} })}
	play.WriteVerify(w, r, c)
}

// HandleActorVerify handles the "GET /update/actor/verify.py" route:
// the state's GAE and the actor's policy loss in every loss_agg_mode the
// page shows, as a verify script (without the loss when whitening failed
// and no advantages are typed).
func (s *Room) HandleActorVerify(w http.ResponseWriter, r *http.Request) {
	v := s.NewActorView(r)
	c := v.updateCase()
	if a := v.Compute(); a.err == nil {
		dual := c.Release.Gen.Has(engine.DualClip)
		c.Policy = &verify.PolicyLoss{LogProbs: [][]float64{v.logProbs}, OldLogProbs: [][]float64{v.Old}, Advantages: [][]float64{a.adv}, Clip: v.clip,
			Modes: lossModes(a.modeNames, a.modes, a.modeErrs, func(x engine.PolicyLoss) []float64 {
				if dual {
					return []float64{x.Loss, x.ClipFrac, x.PPOKL, x.ClipFracLower}
				}
				return []float64{x.Loss, x.ClipFrac, x.PPOKL}
			})}
	}
	play.WriteVerify(w, r, c)
}
