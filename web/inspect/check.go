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

// candidate is one way of computing the batch: its matrices, or its rows
// (a computation the check streams row by row rather than hold, as a bug's).
type candidate struct {
	id       string
	adv, ret [][]float64 // nil where the candidate has no such result
	rows     *engine.Rows
}

// streamed is a candidate computed row by row.
func streamed(id string, rows engine.Rows) candidate { return candidate{id: id, rows: &rows} }

// diffs is max |got − candidate| and where, for the run's advantages
// (got[0]) and returns (got[1]), as maxDiff; a quantity not uploaded (got
// nil) is left 0.
func (cd candidate) diffs(got [2][][]float64, mask [][]float64) (d [2]float64, at [2][2]int) {
	if cd.rows == nil {
		for k, want := range [2][][]float64{cd.adv, cd.ret} {
			if got[k] != nil {
				d[k], at[k] = maxDiff(got[k], want, mask)
			}
		}
		return d, at
	}
	acc := [2]maxAbs{newMaxAbs(), newMaxAbs()}
	noAdv := false
	cd.rows.Each(func(i int, adv, ret []float64) {
		if adv == nil {
			noAdv = true
		} else if got[0] != nil {
			acc[0].row(i, got[0][i], adv, mask[i])
		}
		if got[1] != nil {
			acc[1].row(i, got[1][i], ret, mask[i])
		}
	})
	if noAdv {
		acc[0] = maxAbs{d: math.Inf(1), at: [2]int{-1, -1}}
	}
	for k := range acc {
		if got[k] != nil {
			d[k], at[k] = acc[k].d, acc[k].at
		}
	}
	return d, at
}

// matrices are the candidate's advantages and returns whole.
func (cd candidate) matrices() (adv, ret [][]float64) {
	if cd.rows == nil {
		return cd.adv, cd.ret
	}
	adv, ret, _ = cd.rows.Matrices()
	return adv, ret
}

// check compares the run's numbers with every candidate, one at a time,
// each but the chosen release's row by row (candidates).
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
		ds, ats := cd.diffs([2][][]float64{b.Advantages, b.Returns}, b.Mask)
		for k, q := range []*Quantity{c.Advantages, c.Returns} {
			if q == nil {
				continue
			}
			d, at := ds[k], ats[k]
			rec[k] = d
			if cd.id == "exact" {
				q.MaxAbsDiff, q.At = d, at
			}
			q.Tried = append(q.Tried, Tried{ID: cd.id, MaxAbsDiff: d, At: at})
			if d <= q.Tolerance {
				q.Matches = append(q.Matches, cd.id)
				if q.ExplainedBy == nil {
					id := cd.id
					q.ExplainedBy = &id
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
// without whitening), then the other generations without whitening. The
// chosen release's candidates are its matrices; every other is computed
// row by row while it is compared (engine.Rows), so that a 512 × 8,192
// check holds the batch, the chosen release's results and a few rows
// (budget_view_test.go).
func (a *Analysis) candidates(each func(candidate) bool) {
	a.eachCandidate(each)
	a.other = nil // not kept in a cached analysis
}

func (a *Analysis) eachCandidate(each func(candidate) bool) {
	yield := func(cd candidate) bool { return each(cd) && !a.ended() } // none computed once the request ended
	b, c := a.Batch, a.Config
	if c.Estimator != "gae" {
		if !yield(candidate{id: "exact", adv: a.Advantages, ret: a.Returns}) {
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
			if !yield(candidate{id: e.Key, adv: adv, ret: ret}) {
				return
			}
		}
		return
	}
	if !yield(candidate{id: "exact", adv: a.Advantages, ret: a.Returns}) {
		return
	}
	var others []gaeGroup
	for _, gg := range gaeGroups {
		if c.Release.Gen < gg.from || c.Release.Gen > gg.to {
			others = append(others, gg)
		}
	}
	for _, gg := range others {
		if !yield(streamed(gg.id(), a.loopRows(gg.from, true))) {
			return
		}
	}
	if !yield(candidate{id: "no-whiten", adv: a.GAE.Advantages, ret: a.GAE.Returns}) {
		return
	}
	// Every named bug is built on the chosen release's own GAE: the plain
	// loop for v0.2–v0.4.1, the mask-aware one from v0.5.0.
	g := c.Release.Gen
	correct := *a.loop(g)
	correct.Whitened = a.whitenedAt(g)
	in := engine.BugInput{Rewards: a.Rewards, Scores: b.Scores, Values: b.Values, Mask: b.Mask, Gamma: c.Gamma, Lam: c.Lam, Correct: &correct, Gen: g, Lean: true}
	for _, bug := range engine.Bugs {
		// per-seq-whiten's rows that masked_whiten refuses are given as
		// engine.WhitenRows gives them: every row length gets an answer.
		if !yield(bugCandidate(string(bug), bug, in, false)) {
			return
		}
		if bug != engine.BugPerSeqWhiten && bug != engine.BugWhitenedReturns {
			if !yield(bugCandidate(string(bug)+"+no-whiten", bug, in, true)) {
				return
			}
		}
	}
	for _, gg := range others {
		if !yield(streamed(gg.id()+"+no-whiten", a.loopRows(gg.from, false))) {
			return
		}
	}
}

// loopRows is generation g's GAE, its advantages whitened with g's
// masked_mean ε (whitenedAt) or raw, and its returns, row by row: the
// chosen release's matrices when g runs the same loop (or the loops
// agree), else g's loop run again a row at a time.
func (a *Analysis) loopRows(g engine.Generation, whitened bool) engine.Rows {
	c, b := a.Config, a.Batch
	if c.Release.Gen.Has(engine.GAEMaskAware) != g.Has(engine.GAEMaskAware) && !a.loopsAgree() {
		return engine.GAERows(g, a.Rewards, b.Values, b.Mask, c.Gamma, c.Lam, whitened)
	}
	r := a.GAE
	switch {
	case !whitened:
		return engine.MatrixRows(r.Advantages, r.Returns)
	case c.Release.Gen.Has(engine.MaskedMeanEps) == g.Has(engine.MaskedMeanEps):
		return engine.MatrixRows(r.Whitened, r.Returns)
	}
	return engine.MatrixRows(r.Advantages, r.Returns).Whitened(g, b.Mask)
}

// ownLoop reports whether generation g's GAE is the chosen release's
// matrices (loopRows): the same loop, and, for the whitened advantages,
// the same masked_mean ε.
func (a *Analysis) ownLoop(g engine.Generation) (returns, whitened bool) {
	gen := a.Config.Release.Gen
	returns = gen.Has(engine.GAEMaskAware) == g.Has(engine.GAEMaskAware) || a.loopsAgree()
	return returns, returns && gen.Has(engine.MaskedMeanEps) == g.Has(engine.MaskedMeanEps)
}

// loop is GAE's trace for generation g's loop (the plain loop before
// v0.5.0, the mask-aware one after) as matrices, computed once per
// analysis: the chosen generation's when it runs the same loop, else kept
// until the check's candidates end (the check itself streams another
// loop's rows: loopRows). Its Whitened are whitened with its own
// generation's ε (whitenedAt gives another's).
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

// bugCandidate is bug's candidate: its whitened advantages (raw: its
// advantages before whitening) and returns, row by row (engine.BugRows).
func bugCandidate(id string, bug engine.Bug, in engine.BugInput, raw bool) candidate {
	rows, err := engine.BugRows(bug, in, raw)
	if err != nil {
		return candidate{id: id}
	}
	return streamed(id, rows)
}

// maxDiff is max |got − want| over mask = 1 positions and where; +Inf when
// want is missing.
func maxDiff(got, want, mask [][]float64) (float64, [2]int) {
	if want == nil {
		return math.Inf(1), [2]int{-1, -1}
	}
	m := newMaxAbs()
	for i, row := range got {
		m.row(i, row, want[i], mask[i])
	}
	return m.d, m.at
}

// maxAbs is maxDiff as it runs over the rows, in order.
type maxAbs struct {
	d  float64
	at [2]int
}

func newMaxAbs() maxAbs { return maxAbs{at: [2]int{-1, -1}} }

// row continues over row i.
func (m *maxAbs) row(i int, got, want, mask []float64) {
	for t, g := range got {
		if mask[t] != 1 {
			continue
		}
		if x := math.Abs(g - want[t]); x > m.d || m.at[0] < 0 {
			m.d, m.at = x, [2]int{i, t}
		}
	}
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
