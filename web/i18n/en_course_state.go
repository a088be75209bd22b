package i18n

// enCourseState: what a lesson restores from the browser's stored progress.
var enCourseState = map[string]string{
	"progress.answered": "✓ You answered this right before (kept in this browser).",
}
