package i18n

// What a client sees when it reaches one of the limits that bound an
// anonymous request's cost (issue #32): quotas every replica shares, the
// uploads' admission, the shares' budget.
var enSecurityCost = map[string]string{
	"class.err.pair_guesses":    "Too many pairing codes were typed, from your network or for this class. Wait %d seconds, then show a new code on the teacher's controls and type it here.",
	"limit.upload_one":          "Your address is sending another upload right now. Wait until it has arrived, then send this one.",
	"limit.upload_memory":       "GAE Lab is receiving as many uploads as it holds at once (%d MiB). Try again in a few seconds.",
	"inspect.err.share_quota":   "This address has shared as many batches as it may today. Its link still works for 1 hour; try sharing again tomorrow.",
	"inspect.err.shares_budget": "The space for shared batches is full; the batches shared already are kept for the 7 days they were promised. This batch's link still works for 1 hour: try sharing it later.",
}
