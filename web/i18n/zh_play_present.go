package i18n

// 投影演示模式：词元窗口、二维码全屏层。
var zhPlayPresent = map[string]string{
	"window.earlier":       "◀",
	"window.later":         "▶",
	"window.earlier.title": "前面的 token（%[1]s–%[2]s）",
	"window.later.title":   "后面的 token（%[1]s–%[2]s）",
	"qr.title":             "本页的二维码",
	"qr.scan":              "用手机扫码打开本页（学习者视图：没有演示模式，也没有隐藏的内容）。",
	"qr.close":             "关闭",
	"qr.loopback":          "手机打不开这个链接：%[1]s 是本机的回环地址。请用 gaelab -addr 0.0.0.0:%[2]s 重新启动服务器，让教室里的手机能访问它（在反向代理后面则设置 -public-url）。",
	"qr.loopback.use":      "然后用本机的某个网络地址打开本页：",
	"qr.loopback.none":     "本机没有手机可用的网络地址：请先把它连到教室的网络。",
}
