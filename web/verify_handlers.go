package web

import (
	"errors"
	"net/http"
	"slices"

	"gaelab/engine"
	"gaelab/web/batch"
	"gaelab/web/i18n"
	"gaelab/web/inspect"
	"gaelab/web/scenario"
	"gaelab/web/verify"
)

// "Verify in verl": each page's state as a self-contained Python script
// (package web/verify) that calls verl's own functions for the page's verl
// release and asserts the numbers the page showed.

// stateRelease is the release whose names a script uses: the release a v=2
// or v=3 state names (the whole release), else the one a two-generation v=1
// version stands for: v0.2 (G01) or the newest tag (G06–G12 compute its
// GAE).
func stateRelease(release string, v engine.Version) engine.Release {
	if r, err := engine.ParseRelease(release); release != "" && err == nil {
		return r
	}
	tag := engine.Newest
	if v == engine.VerlEarly {
		tag = "v0.2"
	}
	r, _ := engine.ParseRelease(tag)
	return r
}

// handlePlayVerify handles the "GET /play/verify.py" route: the playground's
// state (one response) as a verify script: its KL penalty and rewards, its
// raw and whitened advantages, whitening statistics and returns.
func (s *Server) handlePlayVerify(w http.ResponseWriter, r *http.Request) {
	v := newPlayView(s.readPlay(r))
	writeVerify(w, r, playCase(v.s, v.res, stateRelease(v.s.Release, v.s.Version), v.link("/play")))
}

// playCase is a one-response state and its result res, computed in release
// rel, as a verify case.
func playCase(sc scenario.Scenario, res scenario.Result, rel engine.Release, source string) verify.Case {
	row := func(x []float64) [][]float64 { return [][]float64{x} }
	values := make([]float64, sc.Len())
	old, ref := make([]float64, sc.Len()), make([]float64, sc.Len())
	for t, tok := range sc.Tokens {
		values[t], old[t], ref[t] = tok.Value, tok.Old, tok.Ref
	}
	g := res.GAE
	c := verify.Case{
		Release: rel, Source: source,
		Mask: row(res.Mask), Values: row(values), KL: sc.KL, Beta: sc.Beta, Gamma: sc.Gamma, Lam: sc.Lam,
		Rewards: row(res.Rewards), GAE: &g,
	}
	if !sc.DirectRewards {
		c.Scores, c.OldLogProbs, c.RefLogProb = row(res.Scores), row(old), row(ref)
		c.KLD, c.KLMetric = row(res.KLD), res.KLMetric
	}
	return c
}

// updateCase is an update view's state as a verify case in the release
// whose losses the view computes: the state's own in a v=3 state, else
// v0.9.0, fed by the newest GAE (updateView).
func (v updateView) updateCase() verify.Case {
	rel := stateRelease(v.s.Release, v.s.Version)
	if !v.whole() {
		rel, _ = engine.ParseRelease(engine.Newest)
	}
	return playCase(v.s, v.feed, rel, v.link(v.pr))
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

// handleUpdateCriticVerify handles the "GET /update/critic/verify.py"
// route: the state's GAE and the critic's value loss in every
// loss_agg_mode the page shows, as a verify script.
func (s *Server) handleUpdateCriticVerify(w http.ResponseWriter, r *http.Request) {
	v := s.newCriticView(r)
	c := v.updateCase()
	l := v.compute()
	c.Value = &verify.ValueLoss{VPreds: [][]float64{v.vpreds}, Returns: [][]float64{l.returns}, ClipRange: v.cv,
		Modes: lossModes(l.modeNames, l.modes, l.modeErrs, func(x engine.ValueLoss) []float64 { return []float64{x.Loss, x.ClipFrac} })}
	writeVerify(w, r, c)
}

// handleUpdateActorVerify handles the "GET /update/actor/verify.py" route:
// the state's GAE and the actor's policy loss in every loss_agg_mode the
// page shows, as a verify script (without the loss when whitening failed
// and no advantages are typed).
func (s *Server) handleUpdateActorVerify(w http.ResponseWriter, r *http.Request) {
	v := s.newActorView(r)
	c := v.updateCase()
	if a := v.compute(); a.err == nil {
		dual := c.Release.Gen.Has(engine.DualClip)
		c.Policy = &verify.PolicyLoss{LogProbs: [][]float64{v.logProbs}, OldLogProbs: [][]float64{v.old}, Advantages: [][]float64{a.adv}, Clip: v.clip,
			Modes: lossModes(a.modeNames, a.modes, a.modeErrs, func(x engine.PolicyLoss) []float64 {
				if dual {
					return []float64{x.Loss, x.ClipFrac, x.PPOKL, x.ClipFracLower}
				}
				return []float64{x.Loss, x.ClipFrac, x.PPOKL}
			})}
	}
	writeVerify(w, r, c)
}

// handleBatchVerify handles the "GET /batch/verify.py" route: the batch's
// GAE (rewards given directly, β = 0) and every outcome estimator its page
// shows, as a verify script. A v=1 state of v0.2 shows newest verl's
// estimators beside v0.2's GAE: its script checks the GAE only.
func (s *Server) handleBatchVerify(w http.ResponseWriter, r *http.Request) {
	v := newBatchView(readBatch(r))
	res := v.res
	c := verify.Case{
		Release: stateRelease(v.b.Release, v.b.Version), Source: v.url("/batch", v.b.Focus),
		Mask: res.Mask, Values: res.Values, Gamma: v.b.Gamma, Lam: v.b.Lam, Rewards: res.Rewards, GAE: &res.GAE,
	}
	if v.b.Release != "" || v.b.Version == engine.VerlNewest {
		in := v.b.Outcome(res.Mask, res.Rewards)
		c.Index, c.Baselines = in.Index, in.Baselines
		for _, e := range res.Estimates {
			if !errors.Is(e.Err, batch.ErrNotInRelease) {
				c.Outcomes = append(c.Outcomes, verify.Outcome{Key: e.Key, Advantages: e.Advantages})
			}
		}
	}
	writeVerify(w, r, c)
}

// handleInspectVerify handles the "GET /inspect/{id}/verify.py" route: an
// uploaded batch as a verify script that loads the user's own file, runs
// verl on it (GAE or the chosen outcome estimator, after the KL penalty when
// the rewards come from scores) and asserts the run's own advantages and
// returns; batches of up to verify.MaxElements also embed the engine's
// numbers.
func (s *Server) handleInspectVerify(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, ok := s.fileAnalysis(w, r, ir)
	if !ok {
		return
	}
	writeVerify(w, r, inspectCase(a, "/inspect/"+ir.id+ir.query()))
}

// inspectCase is an analysis as a verify case reading the uploaded file.
func inspectCase(a *inspect.Analysis, source string) verify.Case {
	b, cfg := a.Batch, a.Config
	f := &verify.File{MaskFrom: "response_mask", RewardsFrom: "token_level_rewards", R: b.R, Embed: b.B*b.R <= verify.MaxElements}
	if !slices.Contains(b.Present, "response_mask") {
		f.MaskFrom = "attention_mask"
	}
	if b.Rewards == nil {
		f.RewardsFrom = "token_level_scores"
	}
	for _, k := range []string{"uid", "index"} {
		if b.UID != nil && slices.Contains(b.Present, k) {
			f.UIDFrom = k
		}
	}
	if b.UID != nil && f.UIDFrom == "" {
		f.UIDFrom = "uid" // safetensors __metadata__
	}
	if q := a.Check; q != nil {
		if q.Advantages != nil {
			f.AdvTol = q.Advantages.Tolerance
		}
		if q.Returns != nil {
			f.RetTol = q.Returns.Tolerance
		}
	}
	c := verify.Case{
		Release: cfg.Release, Source: source, File: f,
		Mask: b.Mask, Values: b.Values, KL: cfg.KLPenalty, Beta: cfg.KLCoef, Gamma: cfg.Gamma, Lam: cfg.Lam,
		Rewards: a.Rewards, GAE: a.GAE, Index: b.UID,
	}
	if b.Rewards == nil && cfg.UseKLInReward {
		c.Scores, c.OldLogProbs, c.RefLogProb = b.Scores, b.OldLogProbs, b.RefLogProb
	}
	if a.GAE == nil {
		c.Outcomes = []verify.Outcome{{Key: cfg.Estimator, Advantages: a.Advantages, Returns: a.Returns}}
	}
	return c
}

func writeVerify(w http.ResponseWriter, r *http.Request, c verify.Case) {
	s, err := verify.Script(c)
	if err != nil {
		http.Error(w, i18n.Of(r).T("verify.too_large", verify.MaxElements), http.StatusRequestEntityTooLarge)
		return
	}
	w.Header().Set("Content-Type", "text/x-python; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="verify.py"`)
	w.Write([]byte(s))
}
