package play

import (
	"errors"
	"net/http"

	"gaelab/engine"
	"gaelab/web/batch"
	"gaelab/web/httperr"
	"gaelab/web/scenario"
	"gaelab/web/verify"
)

// "Verify in verl": each page's state as a self-contained Python script
// (package web/verify) that calls verl's own functions for the page's verl
// release and asserts the numbers the page showed.

// HandlePlayVerify handles the "GET /play/verify.py" route: the playground's
// state (one response) as a verify script: its KL penalty and rewards, its
// raw and whitened advantages, whitening statistics and returns.
func (s *Room) HandlePlayVerify(w http.ResponseWriter, r *http.Request) {
	v := NewView(s.Read(r))
	WriteVerify(w, r, PlayCase(v.S, v.Res, v.S.VerifyRelease(), v.link("/play")))
}

// PlayCase is a one-response state and its result res, computed in release
// rel, as a verify case.
func PlayCase(sc scenario.Scenario, res scenario.Result, rel engine.Release, source string) verify.Case {
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

// HandleBatchVerify handles the "GET /batch/verify.py" route: the batch's
// GAE (rewards given directly, β = 0) and every outcome estimator its page
// shows, as a verify script. A v=1 state of v0.2 shows newest verl's
// estimators beside v0.2's GAE: its script checks the GAE only.
func (s *Room) HandleBatchVerify(w http.ResponseWriter, r *http.Request) {
	v := NewBatchView(readBatch(r))
	res := v.Res
	c := verify.Case{
		Release: v.B.VerifyRelease(), Source: v.URL("/batch", v.B.Focus),
		Mask: res.Mask, Values: res.Values, Gamma: v.B.Gamma, Lam: v.B.Lam, Rewards: res.Rewards, GAE: &res.GAE,
	}
	if v.B.VerifiesEstimators() {
		in := v.B.Outcome(res.Mask, res.Rewards)
		c.Index, c.Baselines = in.Index, in.Baselines
		for _, e := range res.Estimates {
			if !errors.Is(e.Err, batch.ErrNotInRelease) {
				c.Outcomes = append(c.Outcomes, verify.Outcome{Key: e.Key, Advantages: e.Advantages})
			}
		}
	}
	WriteVerify(w, r, c)
}

func WriteVerify(w http.ResponseWriter, r *http.Request, c verify.Case) {
	s, err := verify.Script(c)
	if err != nil {
		httperr.Write(w, r, httperr.New("too_large", "verify.too_large", verify.MaxElements))
		return
	}
	w.Header().Set("Content-Type", "text/x-python; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="verify.py"`)
	w.Write([]byte(s))
}
