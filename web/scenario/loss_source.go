package scenario

import "gaelab/engine"

// LossSource is the generation whose losses the state's update views
// compute and the result that feeds them (res is s computed): in a v=3
// state its release's, else v0.9.0's losses fed by the newest GAE. It is
// what a link means for its losses, read from the link's version here so
// that no page branches on it.
func (s Scenario) LossSource(res Result) (engine.Generation, Result) {
	switch {
	case s.OwnLosses():
		return s.Gen(), res
	case s.Version != engine.VerlNewest || s.Release != "":
		s.Version, s.Release, s.Link = engine.VerlNewest, "", ""
		return engine.LastGeneration, s.Compute()
	}
	return engine.LastGeneration, res
}
