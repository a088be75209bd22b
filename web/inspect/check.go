package inspect

import (
	"encoding/json"
	"math"

	"gaelab/engine"
)

// Check is "check my numbers": the run's own advantages and returns against
// the engine's, and what explains them when they differ.
type Check struct {
	Advantages *Quantity `json:"advantages,omitempty"`
	Returns    *Quantity `json:"returns,omitempty"`
	// Releases are every release whose arithmetic reproduces the upload
	// (releases.go).
	Releases *ReleaseFit `json:"releases"`
	// Fit is the lead when something is unexplained (lead.go), else nil.
	Fit *Lead `json:"fit,omitempty"`
}

// Quantity is one uploaded tensor compared with the chosen release, cell
// by cell over the valid (mask = 1) tokens.
type Quantity struct {
	// MaxAbsDiff is max |upload − engine| against the chosen release, and
	// At its [row, t].
	MaxAbsDiff float64 `json:"max_abs_diff"`
	At         [2]int  `json:"at"`
	Tolerance  float64 `json:"tolerance"`
	// ExplainedBy is nil when nothing tried reproduces the upload within
	// Tolerance, "exact" when the chosen release does, else the first
	// candidate that does (a release such as "v0.2", a bug id of
	// engine/bugs.go such as "whitened-returns", "no-whiten",
	// "per-seq-whiten", or a combination joined by "+").
	ExplainedBy *string `json:"explained_by"`
	// Matches lists every candidate within Tolerance, in the order tried.
	Matches []string `json:"matches"`
	// Tried is every candidate with its max |diff|, in the order tried.
	Tried []Tried `json:"tried"`
}

// MarshalJSON writes an infinite difference (nothing to compare) as null.
func (q Quantity) MarshalJSON() ([]byte, error) {
	type plain Quantity
	return json.Marshal(struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}{plain(q), finite(q.MaxAbsDiff)})
}

// MarshalJSON writes an infinite difference (nothing to compare) as null.
func (t Tried) MarshalJSON() ([]byte, error) {
	type plain Tried
	return json.Marshal(struct {
		plain
		MaxAbsDiff *float64 `json:"max_abs_diff"`
	}{plain(t), finite(t.MaxAbsDiff)})
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// Tried is one candidate explanation and how far it is from the upload.
type Tried struct {
	ID         string  `json:"id"`
	MaxAbsDiff float64 `json:"max_abs_diff"` // +Inf (JSON null) when the candidate could not be computed
	At         [2]int  `json:"at"`
}

// candidate is one way of computing the batch.
type candidate struct {
	id       string
	adv, ret [][]float64 // nil where the candidate has no such result
}

// check compares the run's numbers with every candidate, one at a time so
// that only one candidate's matrices are alive at once.
func check(a *Analysis) *Check {
	b := a.Batch
	if b.Advantages == nil && b.Returns == nil {
		return nil
	}
	var c Check
	if b.Advantages != nil {
		c.Advantages = &Quantity{Tolerance: a.advantagesTolerance(), Matches: []string{}}
	}
	if b.Returns != nil {
		c.Returns = &Quantity{Tolerance: a.returnsTolerance(), Matches: []string{}}
	}
	tried := map[string][2]float64{} // each candidate's max |diff| for advantages and returns (0: not uploaded)
	a.candidates(func(cd candidate) bool {
		var rec [2]float64
		for k, q := range []struct {
			got, want [][]float64
			dst       *Quantity
		}{{b.Advantages, cd.adv, c.Advantages}, {b.Returns, cd.ret, c.Returns}} {
			if q.dst == nil {
				continue
			}
			d, at := maxDiff(q.got, q.want, b.Mask)
			rec[k] = d
			if cd.id == "exact" {
				q.dst.MaxAbsDiff, q.dst.At = d, at
			}
			q.dst.Tried = append(q.dst.Tried, Tried{ID: cd.id, MaxAbsDiff: d, At: at})
			if d <= q.dst.Tolerance {
				q.dst.Matches = append(q.dst.Matches, cd.id)
				if q.dst.ExplainedBy == nil {
					id := cd.id
					q.dst.ExplainedBy = &id
				}
			}
		}
		tried[cd.id] = rec
		// When the chosen release reproduces everything, nothing else is tried.
		return cd.id != "exact" || !(c.Advantages == nil || c.Advantages.ExplainedBy != nil) || !(c.Returns == nil || c.Returns.ExplainedBy != nil)
	})
	if a.ended() {
		return &c
	}
	c.Releases = a.releaseFit(&c, tried)
	c.Fit = a.lead(&c)
	return &c
}

// candidates calls yield with each way of computing the batch (until yield
// returns false), the chosen
// release first ("exact"), then the other generations, then whitening off
// and per-sequence whitening, then each bug of engine/bugs.go (each also
// without whitening), then the other generations without whitening. Each
// candidate's matrices are let go once yield returns, and the other loop's
// trace (loop) is held only while its candidates are compared, so that a
// 512 × 8,192 check holds the batch, the chosen release's results and one
// candidate (budget_view_test.go).
func (a *Analysis) candidates(each func(candidate) bool) {
	a.eachCandidate(each)
	a.other = nil // not kept in a cached analysis
}

func (a *Analysis) eachCandidate(each func(candidate) bool) {
	yield := func(cd candidate) bool { return each(cd) && !a.ended() } // none computed once the request ended
	b, c := a.Batch, a.Config
	if c.Estimator != "gae" {
		if !yield(candidate{"exact", a.Advantages, a.Returns}) {
			return
		}
		for _, e := range c.Release.Gen.OutcomeEstimators() {
			if e.Key == c.Estimator {
				continue
			}
			adv, ret, err := e.Run(a.outcomeInputs())
			if err != nil {
				adv, ret = nil, nil
			}
			if !yield(candidate{e.Key, adv, ret}) {
				return
			}
		}
		return
	}
	if !yield(candidate{"exact", a.Advantages, a.Returns}) {
		return
	}
	var others []gaeGroup
	for _, gg := range gaeGroups {
		if c.Release.Gen < gg.from || c.Release.Gen > gg.to {
			others = append(others, gg)
		}
	}
	for _, gg := range others {
		if !yield(candidate{gg.id(), a.whitenedAt(gg.from), a.loop(gg.from).Returns}) {
			return
		}
	}
	a.other = nil // not held beside the bugs' candidates; the last candidates compute it again
	if !yield(candidate{"no-whiten", a.GAE.Advantages, a.GAE.Returns}) {
		return
	}
	// Every named bug is built on the chosen release's own GAE: the plain
	// loop for v0.2–v0.4.1, the mask-aware one from v0.5.0.
	g := c.Release.Gen
	correct := *a.loop(g)
	correct.Whitened = a.whitenedAt(g)
	in := engine.BugInput{Rewards: a.Rewards, Scores: b.Scores, Values: b.Values, Mask: b.Mask, Gamma: c.Gamma, Lam: c.Lam, Correct: &correct, Gen: g, Lean: true}
	for _, bug := range engine.Bugs {
		r, err := engine.GAEWithBug(bug, in)
		if bug == engine.BugPerSeqWhiten && r.Whitened == nil && r.Advantages != nil {
			r.Whitened, err = engine.WhitenRows(g, r.Advantages, b.Mask), nil // every row length gets an answer
		}
		if !yield(bugCandidate(string(bug), r, err, false)) {
			return
		}
		if bug != engine.BugPerSeqWhiten && bug != engine.BugWhitenedReturns {
			if !yield(bugCandidate(string(bug)+"+no-whiten", r, err, true)) {
				return
			}
		}
	}
	for _, gg := range others {
		g := a.loop(gg.from)
		if !yield(candidate{gg.id() + "+no-whiten", g.Advantages, g.Returns}) {
			return
		}
	}
}

// loop is GAE's trace for generation g's loop (the plain loop before
// v0.5.0, the mask-aware one after), computed once per analysis: the
// chosen generation's when it runs the same loop, else kept for the other
// candidates. Its Whitened are whitened with its own generation's ε
// (whitenedAt gives another's).
func (a *Analysis) loop(g engine.Generation) *engine.GAEResult {
	aware := g.Has(engine.GAEMaskAware)
	if a.Config.Release.Gen.Has(engine.GAEMaskAware) == aware || a.loopsAgree() {
		return a.GAE
	}
	if a.other == nil {
		r := engine.GAELean(g, a.Rewards, a.Batch.Values, a.Batch.Mask, a.Config.Gamma, a.Config.Lam) // only the outputs and raw advantages are compared
		a.other, a.otherGen = &r, g
	}
	return a.other
}

// loopsAgree is engine.LoopsAgree of the batch, computed once.
func (a *Analysis) loopsAgree() bool {
	if a.agree == 0 {
		a.agree = -1
		if engine.LoopsAgree(a.Rewards, a.Batch.Values, a.Batch.Mask) {
			a.agree = 1
		}
	}
	return a.agree == 1
}

// whitenedAt is generation g's whitened advantages: its loop's, whitened
// again only when g's masked_mean ε differs from the loop's generation's.
func (a *Analysis) whitenedAt(g engine.Generation) [][]float64 {
	r, of := a.loop(g), a.otherGen
	if r == a.GAE {
		of = a.Config.Release.Gen
	}
	if of.Has(engine.MaskedMeanEps) == g.Has(engine.MaskedMeanEps) {
		return r.Whitened
	}
	w, _, _ := engine.Whiten(g, r.Advantages, a.Batch.Mask)
	return w
}

// gaeGroup is a span of generations whose GAE and whitening compute the
// same numbers: v0.2's plain loop without masked_mean's ε (G01–G02), the
// plain loop with it (G03–G05), and the mask-aware loop of PR #2337
// (G06–G12).
type gaeGroup struct{ from, to engine.Generation }

var gaeGroups = []gaeGroup{{engine.G01, engine.G02}, {engine.G03, engine.G05}, {engine.G06, engine.G12}}

// id names the group by its releases, e.g. "v0.2–v0.3.0.rc0".
func (gg gaeGroup) id() string { return engine.RangeLabel(gg.from, gg.to) }

func bugCandidate(id string, r engine.BugResult, err error, raw bool) candidate {
	if err != nil && r.Advantages == nil {
		return candidate{id: id}
	}
	if raw {
		return candidate{id, r.Advantages, r.Returns}
	}
	return candidate{id, r.Whitened, r.Returns}
}

// maxDiff is max |got − want| over mask = 1 positions and where; +Inf when
// want is missing.
func maxDiff(got, want, mask [][]float64) (float64, [2]int) {
	if want == nil {
		return math.Inf(1), [2]int{-1, -1}
	}
	d, at := 0.0, [2]int{-1, -1}
	for i, row := range got {
		for t, g := range row {
			if mask[i][t] != 1 {
				continue
			}
			if x := math.Abs(g - want[i][t]); x > d || at[0] < 0 {
				d, at = x, [2]int{i, t}
			}
		}
	}
	return d, at
}

// tolerance is precision × max(1, max |x|) over the valid tokens.
func tolerance(x, mask [][]float64, precision float64) float64 {
	m := 1.0
	for i, row := range x {
		for t, v := range row {
			if mask[i][t] == 1 {
				m = max(m, math.Abs(v))
			}
		}
	}
	return precision * m
}
