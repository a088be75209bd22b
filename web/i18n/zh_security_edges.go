package i18n

// 服务器在安全边界上的回答：来自其他网站的请求、未知的主机名、已满的上传存储。
var zhSecurityEdges = map[string]string{
	"error.cross_site":        "这个表单已过期或来自其他网站，已被拒绝。请刷新 GAE Lab 页面后重新提交。",
	"inspect.err.shares_full": "服务器的上传空间已被分享的批次占满，它们会按承诺保留 7 天。请稍后再试。",
	"qr.err.host":             "服务器不认识打开此页面所用的地址，因此不为它生成二维码。管理员可以用 -public-url 或 -allowed-hosts 指定服务器的地址。",
	"qr.host.unknown":         "服务器不认识打开此页面所用的地址，因此只显示不含地址的链接，不生成二维码。请用 -public-url（手机访问的地址）或 -allowed-hosts 启动服务器。",
	"link.err.missing":        "u：缺少要打开的链接：请给出本站的链接，以“/”开头。",
	"link.err.off_site":       "u：要打开的链接必须在本站：以“/”开头的路径。",
	"link.err.chars":          "u：要打开的链接含控制字符，或不是有效的 UTF-8。",
	"link.err.long":           "u：链接长 %[1]d 字节，二维码最多容纳 %[2]d 字节。",
}
