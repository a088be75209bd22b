package engine

import (
	"slices"
	"testing"
)

// TestKnownKLGenIsTheList checks the allocation-free name check against the
// list the UI offers, for every name the golden file asks about and a few
// that no release knows, in every generation.
func TestKnownKLGenIsTheList(t *testing.T) {
	names := append([]string{"", "+", "kl++", "k4", "K1", "low_var_kl ", "full+"}, AllKLNames...)
	for _, g := range Generations() {
		for _, n := range names {
			if got, want := knownKLGen(g, n), slices.Contains(KLNames(g), n); got != want {
				t.Errorf("%s: knownKLGen(%q) = %v, KLNames lists it: %v", g, n, got, want)
			}
		}
	}
}
