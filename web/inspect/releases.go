package inspect

import (
	"math"

	"gaelab/engine"
)

// ReleaseFit is every release whose arithmetic reproduces each uploaded
// quantity within its tolerance, as ranges of release tags ("exact for
// v0.5.0–v0.9.0, not for v0.2–v0.4.1"). Every is true when all releases
// from v0.2 to v0.9.0 do (right-padded single-turn data, where their
// arithmetic agrees).
type ReleaseFit struct {
	ExactFor []string `json:"exact_for"`
	NotFor   []string `json:"not_for"`
	Every    bool     `json:"every_release"`
}

// releaseSpans are the spans of generations that compute the estimator
// alike (engine.StableRange of the changes it depends on), oldest first.
func (a *Analysis) releaseSpans() [][2]engine.Generation {
	ids := engine.WhitenedGAEChanges
	if a.Config.Estimator != "gae" {
		ids = engine.EstimatorChanges(a.Config.Estimator)
	}
	var spans [][2]engine.Generation
	for g := engine.FirstGeneration; g <= engine.LastGeneration; {
		from, to := engine.StableRange(g, ids...)
		spans = append(spans, [2]engine.Generation{from, to})
		g = to + 1
	}
	return spans
}

// releaseFit checks every span: the chosen release's with the "exact"
// candidate, the others with the candidate already tried under the span's
// label, else computed now. Neighbouring spans with the same answer merge.
func (a *Analysis) releaseFit(c *Check, tried map[string][2]float64) *ReleaseFit {
	fits := func(d [2]float64) bool {
		return (c.Advantages == nil || d[0] <= c.Advantages.Tolerance) && (c.Returns == nil || d[1] <= c.Returns.Tolerance)
	}
	rf := &ReleaseFit{ExactFor: []string{}, NotFor: []string{}}
	var from engine.Generation
	var prev bool
	flush := func(to engine.Generation) {
		if from == 0 {
			return
		}
		if l := engine.RangeLabel(from, to); prev {
			rf.ExactFor = append(rf.ExactFor, l)
		} else {
			rf.NotFor = append(rf.NotFor, l)
		}
	}
	for _, sp := range a.releaseSpans() {
		d, ok := tried[engine.RangeLabel(sp[0], sp[1])]
		if g := a.Config.Release.Gen; g >= sp[0] && g <= sp[1] {
			d, ok = tried["exact"]
		}
		if !ok {
			d = a.spanDiffs(c, sp[0], tried["exact"])
		}
		if f := fits(d); from == 0 || f != prev {
			flush(sp[0] - 1)
			from, prev = sp[0], f
		}
	}
	flush(engine.LastGeneration)
	rf.Every = len(rf.NotFor) == 0
	return rf
}

// spanDiffs computes generation g's max |diff| for each uploaded quantity
// (GAE's row by row, as the check's candidates); a matrix that is the
// chosen release's own (the same loop and whitening) keeps the "exact"
// candidate's diff.
func (a *Analysis) spanDiffs(c *Check, g engine.Generation, exact [2]float64) [2]float64 {
	var cd candidate
	var own [2]bool // the quantity is the chosen release's own matrix
	if a.Config.Estimator == "gae" {
		cd = streamed("", a.loopRows(g, true))
		own[1], own[0] = a.ownLoop(g)
		own[0] = own[0] && a.Advantages != nil
	} else {
		for _, e := range g.OutcomeEstimators() {
			if e.Key == a.Config.Estimator {
				cd.adv, cd.ret, _ = e.Run(a.outcomeInputs())
			}
		}
		for k, m := range [2][2][][]float64{{cd.adv, a.Advantages}, {cd.ret, a.Returns}} {
			own[k] = m[0] != nil && m[1] != nil && &m[0][0][0] == &m[1][0][0]
		}
	}
	var got [2][][]float64
	for k, q := range [2]struct {
		dst *Quantity
		run [][]float64
	}{{c.Advantages, a.Batch.Advantages}, {c.Returns, a.Batch.Returns}} {
		if q.dst != nil && !own[k] {
			got[k] = q.run
		}
	}
	var d [2]float64
	if got[0] != nil || got[1] != nil {
		d, _ = cd.diffs(got, a.Batch.Mask)
	}
	for k, q := range []*Quantity{c.Advantages, c.Returns} {
		if q != nil && own[k] {
			d[k] = exact[k]
		}
	}
	if math.IsNaN(d[0]) || math.IsNaN(d[1]) {
		return [2]float64{math.Inf(1), math.Inf(1)}
	}
	return d
}
