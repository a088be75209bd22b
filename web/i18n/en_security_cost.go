package i18n

// The answers of the per-address quotas on what computes (the compute API,
// the views of stored uploads, link previews) and of the connection and
// body limits of every request.
var enSecurityCost = map[string]string{
	"limit.compute_quota":   "Too many computations from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.views_quota":     "Too many views of stored batches from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.previews_quota":  "Too many link previews from your address: at most %d a minute, in bursts of up to %d. Try again in %d second(s).",
	"limit.slow_body":       "The request arrived too slowly (under %d KiB/s after its first %d second(s)) and was stopped. Try again on a faster connection.",
	"limit.content_type":    "This address takes a body of Content-Type %s.",
	"limit.shutting_down":   "GAE Lab is restarting and stopped receiving your request. Send it again in %d second(s).",
	"limit.bodies_per_addr": "Too many requests are still arriving from your address: at most %d at once. Try again in %d second(s).",
}
