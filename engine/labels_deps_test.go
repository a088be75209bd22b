package engine

import (
	"slices"
	"testing"
)

// KLNameChanges are the changes at which a name becomes accepted: none for
// kl, the aliases for k3, the working "+" names for k3+ (not #2953, which
// routes them and still raises).
func TestKLNameChanges(t *testing.T) {
	for name, want := range map[string][]ChangeID{
		"kl": nil, "low_var_kl": nil, "k3": {KLAliases}, "k3+": {KLPlusNames}, "low_var_kl+": {KLPlusNames}, "full": nil,
	} {
		if got := KLNameChanges(name); !slices.Equal(got, want) {
			t.Errorf("KLNameChanges(%q) = %v, want %v", name, got, want)
		}
	}
}

// Wherever an estimator appears (or disappears) between neighbouring
// generations, one of that step's changes is among its EstimatorChanges.
func TestEstimatorChangesCoverPresence(t *testing.T) {
	has := func(g Generation, key string) bool {
		return slices.ContainsFunc(g.OutcomeEstimators(), func(e OutcomeEstimator) bool { return e.Key == key })
	}
	for _, e := range LastGeneration.OutcomeEstimators() {
		deps := EstimatorChanges(e.Key)
		for g := FirstGeneration + 1; g <= LastGeneration; g++ {
			if has(g-1, e.Key) == has(g, e.Key) {
				continue
			}
			if !slices.ContainsFunc(ChangesAt(g), func(c Change) bool { return slices.Contains(deps, c.ID) }) {
				t.Errorf("%s appears at %s, but none of %v changes there", e.Key, g, deps)
			}
		}
		for _, id := range deps {
			if _, ok := LookupChange(id); !ok {
				t.Errorf("%s depends on unknown change %s", e.Key, id)
			}
		}
	}
}
