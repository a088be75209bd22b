package engine

import "fmt"

// Version is the early or newest a v=1 link names. What it computes is the
// pseudo-generation V1Gen (V1Early, V1Newest), whose GAE is Gen's.
type Version int

const (
	// VerlEarly is verl v0.2 (tag v0.2, 828df7e8, 2025-02-15): the GAE mask is
	// used only for whitening, masked_mean has no ε, there is no log-ratio
	// clamp and no dual clip, and only token-mean aggregation exists.
	VerlEarly Version = iota
	// VerlNewest is verl v0.5.0 through v0.9 (1dda039b, identical to v0.9.0
	// for these functions): the mask acts inside the GAE recursion.
	VerlNewest
)

// String names the version as the UI and the API spell it.
func (v Version) String() string {
	switch v {
	case VerlEarly:
		return "early"
	case VerlNewest:
		return "newest"
	}
	return fmt.Sprintf("Version(%d)", int(v))
}
