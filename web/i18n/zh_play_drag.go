package i18n

// zhPlayDrag is enPlayDrag in Chinese.
var zhPlayDrag = map[string]string{
	"drag.value": "V(s%[1]s)",
	"drag.score": "token %[1]s 的得分",
	"edit.cell":  "%[1]s 的新数值",
}
