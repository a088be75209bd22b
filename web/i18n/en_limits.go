package i18n

// The answers of the server's guards: limits, overload, timeouts and
// internal errors: the error page's message (page.ErrorPage), plain text
// or the JSON API's message.
var enLimits = map[string]string{
	"limit.url":        "This link is too long: at most %d bytes, this one has %d. Shorten the response or reset the fields you do not need.",
	"limit.body":       "The request body is too large: at most %d bytes.",
	"limit.busy":       "GAE Lab is busy right now. Try again in %d second(s).",
	"limit.timeout":    "This took too long to compute and was stopped. Try a shorter response.",
	"error.not_found":  "There is no page here. The playground is at /play, the course at /lessons.",
	"error.method":     "This address answers %s only.",
	"error.internal":   "Something went wrong on our side. Request id: %s",
	"error.heading":    "Error %d",
	"error.request_id": "Request id: %s",
}
