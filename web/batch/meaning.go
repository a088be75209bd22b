package batch

import (
	"gaelab/engine"
	"gaelab/web/scenario"
)

// What a batch's link version means, as the /batch page reads it (see
// scenario's meaning.go): no page branches on Version, Release or Link.

// OwnEstimators reports whether the batch shows its release's own outcome
// estimators (a v=2 or v=3 state) rather than newest verl's beside its GAE
// generation (a v=1 state).
func (b *Batch) OwnEstimators() bool { return b.Release != "" }

// EstimatorGen is the generation whose outcome estimators the batch shows:
// its release's, else newest verl's.
func (b *Batch) EstimatorGen() engine.Generation {
	if b.OwnEstimators() {
		return b.Gen()
	}
	return engine.LastGeneration
}

// EditRecomputes reports whether an edit may change the batch's numbers: a
// v=1 batch's, whose edit names a whole release (Edited).
func (b *Batch) EditRecomputes() bool { return !b.OwnEstimators() }

// EditRelease is the release tag an edit of the batch names: the one the
// release picker selects.
func (b *Batch) EditRelease() string { return scenario.EditRelease(b.Release, b.Version) }

// Edited is the batch as an edit computes it: its release named.
func (b Batch) Edited() Batch {
	b.Release = b.EditRelease()
	return b
}

// VerifyRelease is the release whose names a verify script of the batch
// uses (scenario.VerifyRelease).
func (b *Batch) VerifyRelease() engine.Release { return scenario.VerifyRelease(b.Release, b.Version) }

// VerifiesEstimators reports whether the batch's verify script checks its
// outcome estimators: whether they are VerifyRelease's. A v=1 batch of
// v0.2 shows newest verl's estimators beside v0.2's GAE: its script checks
// the GAE only.
func (b *Batch) VerifiesEstimators() bool { return b.OwnEstimators() || b.Version == engine.VerlNewest }
