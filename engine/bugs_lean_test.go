package engine

import (
	"math/rand/v2"
	"testing"
)

// TestBugsLeanBitIdentical: BugInput.Lean (what web/inspect's check asks
// for) gives every bug's Advantages, Whitened, Returns and whitening
// statistics bit for bit as the full computation does, in every generation,
// on ragged rows (with an empty row and a one-token row), and leaves the
// trace it does not need (NextValues, Deltas) nil; GAELean is GAE's outputs.
func TestBugsLeanBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const b, r = 6, 9
	in := BugInput{Rewards: randomBatch(rng, b, r, -1, 1), Values: randomBatch(rng, b, r, -1, 1), Mask: newMatrix(b, r), Gamma: 0.97, Lam: 0.9}
	for i, L := range []int{9, 4, 0, 1, 7, 3} {
		for t := range L {
			in.Mask[i][t] = 1
		}
	}
	for _, g := range Generations() {
		in.Gen = g
		full := GAE(g, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam)
		lean := GAELean(g, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam)
		sameOutputs(t, g.String()+" GAELean", lean, full)
		for _, bug := range Bugs {
			want, werr := GAEWithBug(bug, in)
			lin := in
			lin.Lean = true
			got, gerr := GAEWithBug(bug, lin)
			if (werr == nil) != (gerr == nil) {
				t.Errorf("%s %s: lean error %v, full %v", g, bug, gerr, werr)
			}
			sameOutputs(t, g.String()+" "+string(bug), got.GAEResult, want.GAEResult)
		}
	}
}

func sameOutputs(t *testing.T, at string, got, want GAEResult) {
	t.Helper()
	if got.NextValues != nil || got.Deltas != nil {
		t.Errorf("%s: lean result holds NextValues or Deltas", at)
	}
	if (got.WhitenErr == nil) != (want.WhitenErr == nil) {
		t.Errorf("%s: WhitenErr %v, want %v", at, got.WhitenErr, want.WhitenErr)
	}
	if got.Whitening != want.Whitening {
		t.Errorf("%s: whitening %+v, want %+v", at, got.Whitening, want.Whitening)
	}
	sameMatrices(t, at, map[string][2][][]float64{"Advantages": {got.Advantages, want.Advantages}, "Whitened": {got.Whitened, want.Whitened}, "Returns": {got.Returns, want.Returns}})
}

// sameMatrices fails the test where a named pair of matrices (got, want)
// differs: one nil and not the other, or a cell not bit for bit the same
// (the first such cell of each pair).
func sameMatrices(t *testing.T, at string, pairs map[string][2][][]float64) {
	t.Helper()
	for name, m := range pairs {
		if (m[0] == nil) != (m[1] == nil) {
			t.Errorf("%s: %s nil %v, want nil %v", at, name, m[0] == nil, m[1] == nil)
			continue
		}
	cells:
		for i := range m[1] {
			for k := range m[1][i] {
				if !sameBits(m[0][i][k], m[1][i][k]) {
					t.Errorf("%s: %s[%d][%d] = %v, want %v", at, name, i, k, m[0][i][k], m[1][i][k])
					break cells
				}
			}
		}
	}
}
