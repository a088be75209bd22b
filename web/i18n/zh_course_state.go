package i18n

// zhCourseState: what a lesson restores from the browser's stored progress.
var zhCourseState = map[string]string{
	"progress.answered": "✓ 你之前已答对这道题（记录保存在本浏览器中）。",
}
