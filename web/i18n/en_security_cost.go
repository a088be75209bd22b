package i18n

// The answers of the per-address quotas on what computes (the compute API,
// the views of stored uploads, link previews) and of the connection and
// body limits of every request; and the limits of the quotas every replica shares, the uploads' admission
// and the shares' budget.
var enSecurityCost = map[string]string{
	"limit.compute_quota":       "Too many computations from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.views_quota":         "Too many views of stored batches from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.previews_quota":      "Too many link previews from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.slow_body":           "The request arrived too slowly (under %d KiB/s after its first %d second(s)) and was stopped. Try again on a faster connection.",
	"limit.content_type":        "This address takes a body of Content-Type %s.",
	"limit.shutting_down":       "GAE Lab is restarting and stopped receiving your request. Send it again in %d second(s).",
	"class.err.pair_guesses":    "Too many pairing codes were typed, from your network or for this class. Wait %d seconds, then show a new code on the teacher's controls and type it here.",
	"limit.upload_one":          "Your address is sending another upload right now. Wait until it has arrived, then send this one.",
	"limit.upload_memory":       "GAE Lab is receiving as many uploads as it holds at once (%d MiB). Try again in a few seconds.",
	"inspect.err.share_quota":   "This address has shared as many batches as it may today. Its link still works for 1 hour; try sharing again tomorrow.",
	"inspect.err.shares_budget": "The space for shared batches is full; the batches shared already are kept for the 7 days they were promised. This batch's link still works for 1 hour: try sharing it later.",
	"limit.bodies_per_addr":     "Too many requests are still arriving from your address: at most %d at once. Try again in %d second(s).",
}
