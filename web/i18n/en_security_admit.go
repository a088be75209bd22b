package i18n

// The answers of the server's admission limits on costly requests: slow
// uploads, the inspection quota and the size of a computed answer.
var enSecurityAdmit = map[string]string{
	"limit.slow":             "The upload arrived too slowly (under %d KiB/s over %d seconds) and was stopped. Try again on a faster connection.",
	"limit.inspect_quota":    "Too many batches inspected from your address: at most %d an hour, in bursts of up to %d. Try again in %d second(s).",
	"compare.bugs.too_large": "This comparison is too large to draw at once: %d bugs × %d row(s) × %d tokens is more than %d token columns. Choose fewer bugs, one row, or a shorter response.",
}
