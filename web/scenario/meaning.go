package scenario

import (
	"slices"

	"gaelab/engine"
)

// What a state's link version means, as the pages read it: no page branches
// on Version, Release or Link, only on these answers (and on Gen, whose
// engine properties say which GAE loop runs; LossSource, whose losses).

// FormLink is the link version every form writes (v=): an edited state
// names a whole release on every page (Edited).
const FormLink = LinkVersion3

// KLGen is the generation whose KL step computes the state's rewards: a v=1
// state's pseudo-generation (Version.V1Gen), else its release's.
func (s *Scenario) KLGen() engine.Generation {
	if s.Release == "" {
		return s.Version.V1Gen()
	}
	return s.Gen()
}

// OwnLosses reports whether the update views compute the state's release's
// own losses, fed by its own GAE and whitening (a v=3 state). A v=2 state's
// /update pages compute v0.9.0's losses from the newest GAE; a v=1 state
// names no release.
func (s *Scenario) OwnLosses() bool { return s.Release != "" && s.Link != LinkVersion2 }

// Edited is the state as an edit writes it: v=3, its release named (a v=1
// state's ver, or its absence, becomes the release its GAE generation is,
// ReleaseOf: v0.2 or the newest tag; a v=2 state keeps its release).
func (s Scenario) Edited() Scenario {
	if s.Release == "" {
		s.Tokens = slices.Clone(s.Tokens)
		s.SetRelease(ReleaseOf(s.Version))
	}
	s.Link = LinkVersion3
	return s
}

// EditRecomputes reports whether an edit may change the state's numbers: a
// v=1 state's (Edited names a whole release where it named a GAE loop); a
// state naming a release computes its playground numbers alike in v=2 and v=3.
func (s *Scenario) EditRecomputes() bool { return s.Release == "" }

// EditRelease is the release tag an edit of the state names (Edited): the
// one the release picker selects.
func (s *Scenario) EditRelease() string { return EditRelease(s.Release, s.Version) }

// VerifyRelease is the release whose names a verify script of the state
// uses: the release it names, else the one a v=1 version stands for.
func (s *Scenario) VerifyRelease() engine.Release { return VerifyRelease(s.Release, s.Version) }

// NewestV1 is the state with a v=1 state's version made newest, so that
// its rewards are newest verl's; a state naming a release is unchanged (its
// release computes them).
func (s Scenario) NewestV1() Scenario {
	s.Version = engine.VerlNewest
	return s
}

// SetGAELoop makes s a v=1 state whose GAE runs generation g's loop: the
// mask-aware one (newest) or the plain one (early).
func (s *Scenario) SetGAELoop(g engine.Generation) {
	s.Version, s.Release, s.Link = engine.VerlEarly, "", ""
	if g.Has(engine.GAEMaskAware) {
		s.Version = engine.VerlNewest
	}
}

// EditRelease is the release an edit names: release, else the one v=1
// version v becomes (ReleaseOf). Batches share it (batch.Batch.EditRelease).
func EditRelease(release string, v engine.Version) string {
	if release == "" {
		return ReleaseOf(v)
	}
	return release
}

// VerifyRelease is the release whose names a script uses: release (a v=2 or
// v=3 state's, the whole release), else the one a two-generation v=1 version
// v stands for: v0.2 (G01) or the newest tag (G06–G12 compute its GAE).
// Batches share it (batch.Batch.VerifyRelease).
func VerifyRelease(release string, v engine.Version) engine.Release {
	if r, err := engine.ParseRelease(release); release != "" && err == nil {
		return r
	}
	r, _ := engine.ParseRelease(ReleaseOf(v))
	return r
}
