package engine

import (
	"math/rand/v2"
	"testing"
)

// TestGAENextIndexGolden checks the next-index trace on every golden case,
// for both GAE loops: the value at NextIndex is the next value verl's loop
// used (next_values_used), −1 exactly where it used the terminal 0, and
// the index is the loop's rule: t+1 for v0.2's, the next mask = 1 position
// for the newest.
func TestGAENextIndexGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		if _, ok := c.path(t, "gae"); !ok {
			continue
		}
		rewards, values, mask := goldenRewards(t, c), c.matrix(t, c.Inputs, "values"), c.matrix(t, c.Inputs, "response_mask")
		gamma, lam := c.cfg(t, "gamma", 1), c.cfg(t, "lam", 1)
		for _, v := range []Version{VerlEarly, VerlNewest} {
			raw, _ := c.path(t, "gae", v.String())
			want := decode[goldenGAE](t, raw)
			got := GAE(v.V1Gen(), rewards, values, mask, gamma, lam)
			for i := range got.Advantages {
				for k := range got.Advantages[i] {
					j := got.NextIndex(i, k)
					used := 0.0
					if j >= 0 {
						used = values[i][j]
					}
					if !closeTo(used, want.NextValues[i][k], tolF32) {
						t.Errorf("%s/%s row %d t=%d: NextIndex %d reads %v, verl used %v", c.ID, v, i, k, j, used, want.NextValues[i][k])
					}
					if rule := nextIndexRule(v, mask[i], k); j != rule {
						t.Errorf("%s/%s row %d t=%d: NextIndex %d, the loop's rule gives %d", c.ID, v, i, k, j, rule)
					}
				}
			}
		}
	}
}

// nextIndexRule is the position each loop reads as V(s_{t+1}), written from
// verl's two loops: the test's independent statement of what the trace holds.
func nextIndexRule(v Version, mask []float64, t int) int {
	for j := t + 1; j < len(mask); j++ {
		if v == VerlEarly || mask[j] == 1 {
			return j
		}
	}
	return -1
}

// TestGAENextIndexEveryGeneration checks the trace on random batches of odd
// and even sizes (rows run in pairs and alone) for every generation, and
// that GAEInto rewrites it in reused buffers.
func TestGAENextIndexEveryGeneration(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	var reused GAEResult
	for trial := range 60 {
		b, r := 1+trial%3, 1+rng.IntN(9)
		rewards, values, mask := newMatrix(b, r), newMatrix(b, r), newMatrix(b, r)
		for i := range b {
			for k := range r {
				rewards[i][k], values[i][k] = rng.Float64(), rng.Float64()
				if rng.IntN(3) > 0 {
					mask[i][k] = 1
				}
			}
		}
		for _, g := range Generations() {
			v := VerlEarly
			if g.Has(GAEMaskAware) {
				v = VerlNewest
			}
			GAEInto(&reused, g, rewards, values, mask, 1, 0.95)
			fresh := GAE(g, rewards, values, mask, 1, 0.95)
			for i := range b {
				for k := range r {
					if a, b := reused.NextIndex(i, k), fresh.NextIndex(i, k); a != b {
						t.Fatalf("trial %d %s row %d t=%d: GAEInto's reused trace %d, fresh %d", trial, g, i, k, a, b)
					}
					j := fresh.NextIndex(i, k)
					used := 0.0
					if j >= 0 {
						used = values[i][j]
					}
					if rule := nextIndexRule(v, mask[i], k); j != rule || used != fresh.NextValues[i][k] {
						t.Fatalf("trial %d %s row %d t=%d: NextIndex %d (rule %d) reads %v, the loop used %v", trial, g, i, k, j, rule, used, fresh.NextValues[i][k])
					}
				}
			}
		}
	}
}
