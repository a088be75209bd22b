package i18n

// The live class when its database blips: an answer not sent yet, a page
// the database could not answer, an answer body too long.
var enClassSend = map[string]string{
	"class.send.sending":       "Sending…",
	"class.send.unsent":        "Not sent yet: the connection or the server is down. Keep this page open; it sends again by itself.",
	"class.send.sent":          "Sent: your answer counts.",
	"class.resend.heading":     "Not sent yet",
	"class.resend.message":     "Your answer was not saved yet: the class's database did not answer. Wait a few seconds, then send it again (it counts once, however often you send it).",
	"class.resend.button":      "Send again",
	"class.busy.heading":       "Try again in a few seconds",
	"class.busy.message":       "The class's database did not answer. Nothing is lost: wait a few seconds and try again.",
	"class.busy.again":         "Try again",
	"class.busy.waiting.one":   "%d answer waiting: the class's database is not answering. It counts once the database is back, and a running timer is extended by the outage.",
	"class.busy.waiting.other": "%d answers waiting: the class's database is not answering. They count once the database is back, and a running timer is extended by the outage.",
	"class.err.body":           "This form is too long (more than %d KiB): an answer has at most %d characters. Shorten it and send it again.",
}
