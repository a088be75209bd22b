package i18n

// 课程地图的进度：保存在浏览器里，可以用链接带走。
var zhProgress = map[string]string{
	"progress.heading":  "你的进度",
	"progress.note":     "进度（读到结尾的课、答对的题）只保存在这台设备的浏览器里：不需要账号，也不会发送到服务器。要在另一台设备上继续，请在那里打开下面的链接。",
	"progress.share":    "你的进度链接",
	"progress.bad":      "“%[1]s”不是进度链接里的代码，所以没有恢复任何进度。请从另一台设备重新复制完整的链接。",
	"progress.restored": "已从链接恢复进度：课程地图显示了它，这个浏览器也会保存它。",
	"progress.new":      "未开始",
	"progress.doing":    "进行中",
	"progress.done":     "已完成",
}
