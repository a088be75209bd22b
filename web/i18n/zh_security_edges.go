package i18n

// 服务器在安全边界上的回答：来自其他网站的请求、未知的主机名、已满的上传存储。
var zhSecurityEdges = map[string]string{
	"error.cross_site":        "这个表单已过期或来自其他网站，已被拒绝。请刷新 GAE Lab 页面后重新提交。",
	"inspect.err.shares_full": "服务器的上传空间已被分享的批次占满，它们会按承诺保留 7 天。请稍后再试。",
}
