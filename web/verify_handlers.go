package web

import (
	"net/http"

	"gaelab/engine"
	"gaelab/web/verify"
)

// "Verify in verl": each page's state as a self-contained Python script
// (package web/verify) that calls verl's own functions for the page's verl
// release and asserts the numbers the page showed.

// versionRelease is the release a two-generation playground version stands
// for in a script: v0.2 (G01) or the newest tag (G06–G12 compute its GAE).
func versionRelease(v engine.Version) engine.Release {
	tag := engine.Newest
	if v == engine.VerlEarly {
		tag = "v0.2"
	}
	r, _ := engine.ParseRelease(tag)
	return r
}

// handlePlayVerify handles the "GET /play/verify.py" route: the playground's
// state (one response) as a verify script.
func (s *Server) handlePlayVerify(w http.ResponseWriter, r *http.Request) {
	v := newPlayView(s.readPlay(r))
	row := func(x []float64) [][]float64 { return [][]float64{x} }
	values := make([]float64, v.s.Len())
	old, ref := make([]float64, v.s.Len()), make([]float64, v.s.Len())
	for t, tok := range v.s.Tokens {
		values[t], old[t], ref[t] = tok.Value, tok.Old, tok.Ref
	}
	c := verify.Case{
		Release: versionRelease(v.s.Version), Source: v.link("/play"),
		Mask: row(v.res.Mask), Values: row(values), KL: v.s.KL, Beta: v.s.Beta, Gamma: v.s.Gamma, Lam: v.s.Lam,
		Rewards: row(v.res.Rewards), Advantages: v.res.GAE.Whitened, Returns: v.res.GAE.Returns,
	}
	if !v.s.DirectRewards {
		c.Scores, c.OldLogProbs, c.RefLogProb = row(v.res.Scores), row(old), row(ref)
	}
	writeVerify(w, r, c)
}

// handleBatchVerify handles the "GET /batch/verify.py" route: the batch's
// GAE (rewards given directly, β = 0) as a verify script.
func (s *Server) handleBatchVerify(w http.ResponseWriter, r *http.Request) {
	br := readBatch(r)
	v := newBatchView(br)
	res := v.res
	writeVerify(w, r, verify.Case{
		Release: versionRelease(v.b.Version), Source: v.url("/batch", v.b.Focus),
		Mask: res.Mask, Values: res.Values, Gamma: v.b.Gamma, Lam: v.b.Lam,
		Rewards: res.Rewards, Advantages: res.GAE.Whitened, Returns: res.GAE.Returns,
	})
}

// handleInspectVerify handles the "GET /inspect/{id}/verify.py" route: an
// uploaded batch (up to verify.MaxElements) as a verify script.
func (s *Server) handleInspectVerify(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, ok := s.fileAnalysis(w, r, ir)
	if !ok {
		return
	}
	if a.GAE == nil {
		http.Error(w, ir.lang.T("error.not_found"), http.StatusNotFound)
		return
	}
	b := a.Batch
	c := verify.Case{
		Release: a.Config.Release, Source: "/inspect/" + ir.id + ir.query(),
		Mask: b.Mask, Values: b.Values, KL: a.Config.KLPenalty, Beta: a.Config.KLCoef, Gamma: a.Config.Gamma, Lam: a.Config.Lam,
		Rewards: a.Rewards, Advantages: a.GAE.Whitened, Returns: a.GAE.Returns,
	}
	if b.Rewards == nil && a.Config.UseKLInReward {
		c.Scores, c.OldLogProbs, c.RefLogProb = b.Scores, b.OldLogProbs, b.RefLogProb
	}
	writeVerify(w, r, c)
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
