package i18n

// The answers of the server's admission limits on costly requests: slow
// uploads, the inspection quota and the size of a computed answer.
var enSecurityAdmit = map[string]string{
	"limit.slow":          "The upload arrived too slowly (under %d KiB/s over %d seconds) and was stopped. Try again on a faster connection.",
	"limit.inspect_quota": "Too many batches inspected from your address: at most %d an hour, %d at once. Try again in %d second(s).",
}
