package explain

import (
	"errors"
	"slices"
	"testing"

	"gaelab/engine"
)

// one wraps a row as a [1][T] matrix.
func one(x []float64) [][]float64 { return [][]float64{x} }

// valueLoss is vf_loss in mode of a response with a hole, vpreds = values,
// as generation g computes it (returns from g's own GAE).
func valueLoss(mode engine.AggMode) Numbers {
	r := []float64{0.1, 0, 0, 1, 0}
	v := []float64{0.2, 0.4, 0.6, 0.8, 0}
	m := []float64{1, 0, 0, 1, 0}
	return func(g engine.Generation) ([]float64, error) {
		gae := engine.GAE(g, one(r), one(v), one(m), 1, 0.95)
		vt := engine.ValueLossTerms(one(v), one(v), gae.Returns, 0.5)
		l, err := engine.AggregateValueLoss(g, vt, one(m), mode)
		return []float64{l.Loss}, err
	}
}

// The value loss of v0.3.0.post1 → v0.4.0 loses its factor 0.5 (#1340),
// and v0.4.0 → v0.4.1 gets it back (#2016): across both nothing changes
// unless GAE changes too. Across v0.4.1 → v0.5.0 the mask-aware GAE moves
// the returns, and only that change is named.
func TestUpgradeValueLoss(t *testing.T) {
	deps := append(engine.ValueLossChanges(engine.TokenMean), engine.WhitenedGAEChanges...)
	q := valueLoss(engine.TokenMean)
	cases := []struct {
		from, to engine.Generation
		differs  bool
		changes  []engine.ChangeID
	}{
		{engine.G03, engine.G04, true, []engine.ChangeID{engine.ValueLossNoHalf}},
		{engine.G04, engine.G05, true, []engine.ChangeID{engine.ValueLossNoHalf}},
		{engine.G03, engine.G05, false, nil},
		{engine.G05, engine.G06, true, []engine.ChangeID{engine.GAEMaskAware}},
		{engine.G06, engine.G05, true, []engine.ChangeID{engine.GAEMaskAware}},
		{engine.G01, engine.G01, false, nil},
		{engine.G10, engine.G12, false, nil},
		{engine.G03, engine.G06, true, []engine.ChangeID{engine.GAEMaskAware}},
	}
	for _, c := range cases {
		cells := Upgrade(c.from, c.to, q, deps)
		if len(cells) != 1 || cells[0].Differs != c.differs || !slices.Equal(cells[0].Changes, c.changes) {
			t.Errorf("%s → %s: %+v, want differs %v by %v", c.from, c.to, cells, c.differs, c.changes)
		}
	}
}

// A step that moves a cell through none of the listed changes is explained
// by every change of that step; every named change is in force at one end
// and not at the other.
func TestUpgradeFallbackAndConsistency(t *testing.T) {
	q := valueLoss(engine.TokenMean)
	cells := Upgrade(engine.G03, engine.G04, q, nil)
	if !cells[0].Differs || len(cells[0].Changes) != len(engine.ChangesAt(engine.G04)) {
		t.Errorf("no dependencies: %+v, want all %d changes of v0.4.0", cells, len(engine.ChangesAt(engine.G04)))
	}
	for _, mode := range engine.AggModes {
		q := valueLoss(mode)
		deps := append(engine.ValueLossChanges(mode), engine.WhitenedGAEChanges...)
		for _, a := range engine.Generations() {
			for _, b := range engine.Generations() {
				for _, c := range Upgrade(a, b, q, deps) {
					for _, id := range c.Changes {
						if !slices.ContainsFunc(engine.ChangesBetween(a, b), func(ch engine.Change) bool { return ch.ID == id }) &&
							!(movesBack(id, a, b) && len(c.Changes) == 1) {
							t.Errorf("%s %s → %s: change %s named but not between them", mode, a, b, id)
						}
					}
					if c.Differs && len(c.Changes) == 0 {
						t.Errorf("%s %s → %s differs without a reason", mode, a, b)
					}
				}
			}
		}
	}
}

// movesBack reports whether change id starts and ends between a and b (so
// ChangesBetween omits it although a cell may move through it).
func movesBack(id engine.ChangeID, a, b engine.Generation) bool {
	c, _ := engine.LookupChange(id)
	lo, hi := min(a, b), max(a, b)
	return c.Until != 0 && c.From > lo && c.Until <= hi
}

// Errors count: a quantity a release lacks (or raises in) differs from one
// that has numbers, and two errors are the same.
func TestUpgradeErrors(t *testing.T) {
	tokenSum := func(g engine.Generation) ([]float64, error) {
		if !g.Has(engine.TokenSumMode) {
			return nil, errors.New("no token-sum")
		}
		return []float64{1, 2}, nil
	}
	cells := Upgrade(engine.G11, engine.G12, tokenSum, []engine.ChangeID{engine.TokenSumMode})
	if len(cells) != 2 || !cells[0].Differs || !slices.Equal(cells[1].Changes, []engine.ChangeID{engine.TokenSumMode}) {
		t.Errorf("token-sum v0.8.0 → v0.9.0: %+v", cells)
	}
	if cells := Upgrade(engine.G04, engine.G11, tokenSum, nil); len(cells) != 0 {
		t.Errorf("both raise: %+v, want no cell", cells)
	}
}
