package engine

import (
	"fmt"
	"slices"
)

// Bug names a mistake in GAE code that people really shipped. GAEWithBug
// computes what the buggy code computes, so that a page can draw it beside
// the correct result (GAE in the newest version of verl).
//
// Index convention, as everywhere in the package: t is the 0-based
// response-token index, values[t] = V(s_t) is the state before token t. L
// is a row's number of tokens up to and including its last valid token (so
// the last valid token, EOS, is at L−1 and the first slot after it at L).
type Bug string

const (
	// BugEOSLeak: values after EOS left unmasked. verl v0.2–v0.3.0.post1
	// masked the critic's values with the attention mask shifted by one (PR
	// verl#50, first released in v0.2; v0.1's critic did not mask its values
	// at all), which kept values[L], the value of the state after EOS (and
	// zeroed the padding after it), and its loop walked
	// through the padding: A_L = −V_L, and every valid token t gains
	// (γλ)^(L−1−t)·γ(1−λ)·V_L, which cancels when λ = 1. verl#847, verl#1758;
	// fixed by PR verl#1850 (v0.4.0). Reference §1, §3, §13.
	BugEOSLeak Bug = "eos-leak"
	// BugShift: values shifted by one. The critic's outputs taken one position
	// late, so V(s_{t+1}) stands in for V(s_t) (and 0 for V(s_{R−1})): every
	// TD error is wrong. verl's alignment is right (verl#1960 asked);
	// reference §1, §12, §13.
	BugShift Bug = "shift"
	// BugBootstrap: bootstrapping from the wrong place. The loop's terminal 0
	// sits at the end of the tensor, not at EOS (reference §3); with the
	// critic's values at the padding left unmasked, EOS bootstraps from
	// values[L] and every padding value flows back into valid advantages.
	// verl#50, alibaba/ROLL#447; reference §3, §12, §13.
	BugBootstrap Bug = "bootstrap"
	// BugWhitenedReturns: returns computed from the whitened advantages
	// instead of the raw ones. verl, TRL and OpenRLHF all compute returns
	// before whitening; reference §3 (Whitening), §9, §12.
	BugWhitenedReturns Bug = "whitened-returns"
	// BugNoReverse: the loop appends A_{R−1}, A_{R−2}, … to a list and the
	// code forgets to reverse it back (advantages_reversed[::-1]), so token t
	// gets the advantage of token R−1−t. Reference §3.
	BugNoReverse Bug = "no-reverse"
	// BugPerSeqWhiten: whitening each sequence with its own mean and variance
	// instead of over the whole batch. With one sequence the two agree.
	// Reference §3 (Whitening: the whole batch), §11.
	BugPerSeqWhiten Bug = "per-seq-whiten"
	// BugTRLRewardSlot: TRL's PPOTrainer adds the score one slot after EOS
	// (the first padding slot, at L) and keeps V there, so that slot is one
	// more time step; with γ = λ = 1 the valid tokens' advantages equal
	// verl's, with λ < 1 they do not. A response that fills the tensor keeps
	// its score at EOS. huggingface/trl#1893, #3750; reference §9, §13.
	BugTRLRewardSlot Bug = "trl-reward-slot"
)

// Bugs lists every Bug in a fixed order (the order links write them in).
var Bugs = []Bug{BugEOSLeak, BugShift, BugBootstrap, BugWhitenedReturns, BugNoReverse, BugPerSeqWhiten, BugTRLRewardSlot}

// ParseBug reads a bug's name.
func ParseBug(s string) (Bug, error) {
	if b := Bug(s); slices.Contains(Bugs, b) {
		return b, nil
	}
	return "", fmt.Errorf("engine: unknown bug %q", s)
}

// BugInput is one batch as GAE sees it. Every matrix is [B][R], indexed
// [i][t]; callers validate shapes, masks and finiteness as for GAE.
type BugInput struct {
	Rewards [][]float64 // token_level_rewards r_t
	// Scores is the outcome part of Rewards (token_level_scores), which
	// BugTRLRewardSlot moves; nil when Rewards hold no KL term (then the
	// whole reward at EOS moves).
	Scores     [][]float64
	Values     [][]float64 // values[t] = V(s_t)
	Mask       [][]float64 // response_mask
	Gamma, Lam float64
	// Correct is CorrectGAE's result when the caller has it (GAE of
	// Gen on these inputs), so the bugs that start from it do not run it
	// again; it is never modified. nil: computed.
	Correct *GAEResult
	// Gen is the generation whose GAE loop and whitening each bug changes
	// (the plain loop for v0.2–v0.4.1); zero is the newest (V1Newest).
	Gen Generation
	// Lean computes only what a bug returns to be compared: Advantages,
	// Whitened and Returns (and the whitening statistics), bit for bit, with
	// NextValues and Deltas nil (GAELean), so that a 512 × 8,192 check holds
	// three matrices per candidate instead of five or six.
	Lean bool
}

// gen is the generation the bugs are built on.
func (in BugInput) gen() Generation {
	if in.Gen == 0 {
		return V1Newest
	}
	return in.Gen
}

// BugResult is one computation, correct or buggy: GAE's trace and whitening,
// and the inputs its loop actually read.
type BugResult struct {
	GAEResult
	// Rewards and Values are what the loop read: the inputs, except that
	// BugTRLRewardSlot moves the score and BugShift shifts the values.
	// Returns = Advantages + Values.
	Rewards, Values [][]float64
	// RowWhitening holds each row's statistics under BugPerSeqWhiten, else
	// nil; GAEResult.Whitening, the batch's statistics, is then zero.
	RowWhitening []WhitenStats
}

// CorrectGAE is the reference the bugs are drawn beside: GAE as in.Gen
// computes it (the newest, PR #2337's mask-aware loop, by default),
// whitened over the whole batch.
func CorrectGAE(in BugInput) BugResult {
	if in.Lean {
		return BugResult{GAEResult: GAELean(in.gen(), in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam), Rewards: in.Rewards, Values: in.Values}
	}
	return BugResult{GAEResult: GAE(in.gen(), in.Rewards, in.Values, in.Mask, in.Gamma, in.Lam), Rewards: in.Rewards, Values: in.Values}
}

// GAEWithBug computes what code with the given bug computes (see each Bug
// for its story). Every variant is the correct computation with one change;
// whitening, where the bug does not touch it, runs over in.Mask as verl's.
// The error is non-nil for an unknown bug, and for BugWhitenedReturns when
// whitening fails (there are then no whitened advantages to build returns
// from); the result holds what could be computed.
func GAEWithBug(bug Bug, in BugInput) (BugResult, error) {
	correct := func() BugResult {
		if in.Correct != nil {
			return BugResult{GAEResult: *in.Correct, Rewards: in.Rewards, Values: in.Values}
		}
		return CorrectGAE(in)
	}
	switch bug {
	case BugEOSLeak: // the state after EOS joins the loop, with its value
		in.Values = mapRows(in.Values, func(row, out []float64) { copy(out, row) })
		for i, row := range in.Values {
			clear(row[min(eosEnd(in.Mask[i])+1, len(row)):]) // v0.2's shifted mask keeps values[L] only
		}
		return loopWithMask(in, in.Rewards, pastEOS(in.Mask, 1)), nil

	case BugBootstrap: // every padding slot joins the loop; the 0 sits at the tensor end
		return loopWithMask(in, in.Rewards, pastEOS(in.Mask, -1)), nil

	case BugTRLRewardSlot: // the score moves to the slot after EOS, which joins the loop
		return loopWithMask(in, moveScore(in), pastEOS(in.Mask, 1)), nil

	case BugShift: // V(s_{t+1}) stands in for V(s_t)
		shifted := mapRows(in.Values, func(row, out []float64) { copy(out, row[1:]) })
		return CorrectGAE(BugInput{Rewards: in.Rewards, Values: shifted, Mask: in.Mask, Gamma: in.Gamma, Lam: in.Lam, Gen: in.Gen, Lean: in.Lean}), nil

	case BugWhitenedReturns:
		res := correct()
		if res.WhitenErr != nil {
			return res, fmt.Errorf("engine: %s: no whitened advantages to build returns from: %w", bug, res.WhitenErr)
		}
		res.Returns = zipMatrix(res.Whitened, in.Values, func(a, v float64) float64 { return a + v })
		return res, nil

	case BugNoReverse: // the list of A_{R−1}, …, A_0 used as it was built
		res := correct()
		res.Advantages = mapRows(res.Advantages, func(row, out []float64) {
			for t := range out {
				out[t] = row[len(row)-1-t]
			}
		})
		res.Returns = zipMatrix(res.Advantages, in.Values, func(a, v float64) float64 { return a + v })
		res.Whitened, res.Whitening, res.WhitenErr = Whiten(in.gen(), res.Advantages, in.Mask)
		return res, nil

	case BugPerSeqWhiten: // each row whitened alone
		res := correct()
		res.Whitened, res.Whitening, res.WhitenErr = newMatrix(shapeOf(res.Advantages)), WhitenStats{}, nil
		for i, row := range res.Advantages {
			w, st, err := Whiten(in.gen(), [][]float64{row}, [][]float64{in.Mask[i]})
			res.RowWhitening = append(res.RowWhitening, st)
			switch {
			case err != nil && res.WhitenErr == nil:
				res.Whitened, res.WhitenErr = nil, fmt.Errorf("engine: %s: row %d: %w", bug, i, err)
			case err == nil && res.Whitened != nil:
				copy(res.Whitened[i], w[0])
			}
		}
		return res, nil
	}
	return correct(), fmt.Errorf("engine: unknown bug %q", bug)
}

// loopWithMask runs in.Gen's loop with loopMask deciding which positions
// are time steps (the plain loop, whose every position is one, only reads
// the rewards and values there), then whitens over the real mask, as verl
// does.
func loopWithMask(in BugInput, rewards, loopMask [][]float64) BugResult {
	var g GAEResult
	if in.Lean { // the loop's own whitening over loopMask, replaced below, is not computed
		g, _, _ = gaeLoops(in.gen(), rewards, in.Values, loopMask, in.Gamma, in.Lam)
	} else {
		g = GAE(in.gen(), rewards, in.Values, loopMask, in.Gamma, in.Lam)
	}
	res := BugResult{GAEResult: g, Rewards: rewards, Values: in.Values}
	res.Whitened, res.Whitening, res.WhitenErr = Whiten(in.gen(), res.Advantages, in.Mask)
	return res
}

// pastEOS returns a copy of mask in which the first n slots after each row's
// last valid token count as valid: n = 1 is the state after EOS, n < 0 the
// whole tail. A row without a valid token has its first n slots valid.
func pastEOS(mask [][]float64, n int) [][]float64 {
	return mapRows(mask, func(row, out []float64) {
		copy(out, row)
		L, end := eosEnd(row), len(out)
		if n >= 0 {
			end = min(end, L+n)
		}
		for t := L; t < end; t++ {
			out[t] = 1
		}
	})
}

// eosEnd is L: one past the row's last valid token (0 when there is none).
func eosEnd(mask []float64) int {
	for t := len(mask) - 1; t >= 0; t-- {
		if mask[t] == 1 {
			return t + 1
		}
	}
	return 0
}

// moveScore returns the rewards with each row's score moved from its last
// valid token (L−1) to the slot after it (L), where TRL adds it; a row
// that fills the tensor, or has no valid token, keeps its rewards.
func moveScore(in BugInput) [][]float64 {
	scores := in.Scores
	if scores == nil {
		scores = in.Rewards
	}
	out := mapRows(in.Rewards, func(row, out []float64) { copy(out, row) })
	for i, row := range out {
		if L := eosEnd(in.Mask[i]); L > 0 && L < len(row) {
			s := scores[i][L-1]
			row[L-1] -= s
			row[L] += s
		}
	}
	return out
}

// mapRows returns a new matrix of x's shape whose row i is filled by
// f(x[i], out[i]); out starts zeroed.
func mapRows(x [][]float64, f func(row, out []float64)) [][]float64 {
	out := newMatrix(shapeOf(x))
	for i, row := range x {
		f(row, out[i])
	}
	return out
}
