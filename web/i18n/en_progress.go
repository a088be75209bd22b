package i18n

// The course map's progress: kept in the browser, carried as a link.
var enProgress = map[string]string{
	"progress.heading":  "Your progress",
	"progress.note":     "This browser keeps your progress (lessons read to the end, questions answered right) on this device only: no account, nothing sent to the server. To continue on another device, open the link below there.",
	"progress.share":    "Link to your progress",
	"progress.bad":      "«%[1]s» is not a progress link's code, so nothing was restored. Copy the whole link again from the other device.",
	"progress.restored": "Progress restored from the link: the course map shows it, and this browser keeps it.",
	"progress.new":      "not started",
	"progress.doing":    "in progress",
	"progress.done":     "done",
}
