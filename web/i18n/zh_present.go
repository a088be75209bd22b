package i18n

// 投影演示模式：词元窗口、二维码全屏层。
var zhPresent = map[string]string{
	"window.earlier":       "◀",
	"window.later":         "▶",
	"window.earlier.title": "前面的词元（%[1]s–%[2]s）",
	"window.later.title":   "后面的词元（%[1]s–%[2]s）",
}
