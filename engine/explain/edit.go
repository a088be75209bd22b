package explain

import (
	"slices"

	"gaelab/engine"
)

// Run is one computation of a response's playground numbers: the rewards
// after the KL step, and verl's GAE (with whitening) on them, [1][T].
type Run struct {
	Rewards []float64 // token_level_rewards r_t
	KLErr   error     // why the KL step failed, or nil
	GAE     engine.GAEResult
}

// RunChanges are the quantities a second computation of one response (the
// same scenario computed by another release) gives differently from a first.
type RunChanges struct {
	Rewards    bool // r_t, or whether the KL step fails
	Advantages bool // A_t or the returns, before whitening
	Whitened   bool // the whitened advantages, or whether whitening fails
}

// CompareRuns reports what run b computes differently from run a; numbers
// differ by Differs, per token t, and a run whose step fails differs from
// one whose step succeeds.
func CompareRuns(a, b Run) RunChanges {
	return RunChanges{
		Rewards:    (a.KLErr == nil) != (b.KLErr == nil) || !SameNumbers(a.Rewards, b.Rewards),
		Advantages: !SameNumbers(row0(a.GAE.Advantages), row0(b.GAE.Advantages)) || !SameNumbers(row0(a.GAE.Returns), row0(b.GAE.Returns)),
		Whitened:   (a.GAE.WhitenErr == nil) != (b.GAE.WhitenErr == nil) || !SameNumbers(row0(a.GAE.Whitened), row0(b.GAE.Whitened)),
	}
}

// SameNumbers reports whether two lists hold the same numbers: one length,
// and no position where they differ (Differs).
func SameNumbers(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return !Differs(x, y) })
}

// row0 is row 0 of a [1][T] matrix, or nil.
func row0(m [][]float64) []float64 {
	if len(m) == 0 {
		return nil
	}
	return m[0]
}
