package web

import (
	"errors"
	"net/http"
	"slices"

	"gaelab/engine"
	"gaelab/web/batch"
	"gaelab/web/inspect"
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
	row := func(x []float64) [][]float64 { return [][]float64{x} }
	values := make([]float64, v.s.Len())
	old, ref := make([]float64, v.s.Len()), make([]float64, v.s.Len())
	for t, tok := range v.s.Tokens {
		values[t], old[t], ref[t] = tok.Value, tok.Old, tok.Ref
	}
	g := v.res.GAE
	c := verify.Case{
		Release: stateRelease(v.s.Release, v.s.Version), Source: v.link("/play"),
		Mask: row(v.res.Mask), Values: row(values), KL: v.s.KL, Beta: v.s.Beta, Gamma: v.s.Gamma, Lam: v.s.Lam,
		Rewards: row(v.res.Rewards), GAE: &g,
	}
	if !v.s.DirectRewards {
		c.Scores, c.OldLogProbs, c.RefLogProb = row(v.res.Scores), row(old), row(ref)
		c.KLD, c.KLMetric = row(v.res.KLD), v.res.KLMetric
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
		http.Error(w, requestLang(r).T("verify.too_large", verify.MaxElements), http.StatusRequestEntityTooLarge)
		return
	}
	w.Header().Set("Content-Type", "text/x-python; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="verify.py"`)
	w.Write([]byte(s))
}
