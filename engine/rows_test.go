package engine

import (
	"math/rand/v2"
	"testing"
)

// TestRowsBitIdentical: Rows give, row by row, every bug's Whitened (and
// its Advantages when raw) and Returns bit for bit as GAEWithBug computes
// them, and GAERows GAELean's, in every generation, on ragged rows (an
// empty row, a one-token row, a mid-row 0); and a batch with one valid
// token or none has no whitened rows, as Whiten refuses it.
func TestRowsBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const b, r = 6, 9
	ragged := newMatrix(b, r)
	for i, L := range []int{9, 4, 0, 1, 7, 3} {
		for t := range L {
			ragged[i][t] = 1
		}
	}
	ragged[0][4] = 0
	one, none := newMatrix(b, r), newMatrix(b, r)
	one[2][3] = 1
	for _, mask := range [][][]float64{ragged, one, none} {
		in := BugInput{Rewards: randomBatch(rng, b, r, -1, 1), Scores: randomBatch(rng, b, r, -1, 1), Values: randomBatch(rng, b, r, -1, 1), Mask: mask, Gamma: 0.97, Lam: 0.9, Lean: true}
		for _, g := range Generations() {
			in.Gen = g
			lean := GAELean(g, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam)
			sameRows(t, g.String()+" GAERows", GAERows(g, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam, true), lean.Whitened, lean.Returns)
			sameRows(t, g.String()+" GAERows raw", GAERows(g, in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam, false), lean.Advantages, lean.Returns)
			in.Correct = &lean
			for _, bug := range Bugs {
				want, _ := GAEWithBug(bug, in)
				if bug == BugPerSeqWhiten && want.Whitened == nil {
					want.Whitened = WhitenRows(g, want.Advantages, in.Mask)
				}
				s, err := BugRows(bug, in, false)
				if err != nil {
					t.Fatal(err)
				}
				sameRows(t, g.String()+" "+string(bug), s, want.Whitened, want.Returns)
				if s, _ = BugRows(bug, in, true); bug != BugPerSeqWhiten && bug != BugWhitenedReturns {
					sameRows(t, g.String()+" "+string(bug)+" raw", s, want.Advantages, want.Returns)
				}
			}
			in.Correct = nil
		}
	}
	if _, err := BugRows("nonsense", BugInput{}, false); err == nil {
		t.Error("an unknown bug has rows")
	}
}

func sameRows(t *testing.T, at string, s Rows, adv, ret [][]float64) {
	t.Helper()
	gotAdv, gotRet, _ := s.Matrices()
	sameMatrices(t, at, map[string][2][][]float64{"advantages": {gotAdv, adv}, "returns": {gotRet, ret}})
}

// TestGAETraceBitIdentical: GAETrace is GAE's NextValues and Deltas, bit
// for bit, in every generation, on ragged rows with a mid-row 0.
func TestGAETraceBitIdentical(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const b, r = 5, 9
	mask := newMatrix(b, r)
	for i, L := range []int{9, 4, 0, 1, 7} {
		for t := range L {
			mask[i][t] = 1
		}
	}
	mask[0][4], mask[4][2] = 0, 0
	rewards, values := randomBatch(rng, b, r, -1, 1), randomBatch(rng, b, r, -1, 1)
	for _, g := range Generations() {
		full := GAE(g, rewards, values, mask, 0.97, 0.9)
		next, delta := GAETrace(g, rewards, values, mask, 0.97)
		for i := range b {
			for k := range r {
				if !sameBits(next[i][k], full.NextValues[i][k]) || !sameBits(delta[i][k], full.Deltas[i][k]) {
					t.Fatalf("%s [%d][%d]: next %v delta %v, GAE's %v %v", g, i, k, next[i][k], delta[i][k], full.NextValues[i][k], full.Deltas[i][k])
				}
			}
		}
	}
}
