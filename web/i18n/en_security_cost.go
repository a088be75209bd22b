package i18n

// What a client sees when it reaches one of the limits that bound an
// anonymous request's cost (issue #32): quotas every replica shares, the
// uploads' admission, the shares' budget.
var enSecurityCost = map[string]string{
	"class.err.pair_guesses": "Too many pairing codes were typed, from your network or for this class. Wait %d seconds, then show a new code on the teacher's controls and type it here.",
}
