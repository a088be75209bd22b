package i18n

// 服务器防护的回答：限制、过载、超时和内部错误。它们是纯文本（或 JSON API 的 message）。
var zhLimits = map[string]string{
	"limit.url":        "这个链接太长：最多 %d 字节，它有 %d 字节。请缩短回复，或重置不需要的字段。",
	"limit.body":       "请求体太大：最多 %d 字节。",
	"limit.busy":       "GAE Lab 现在很忙，请 %d 秒后再试。",
	"limit.timeout":    "计算时间太长，已经停止。请试一条更短的回复。",
	"error.not_found":  "这里没有页面。实验台在 /play，课程在 /lessons。",
	"error.method":     "这个地址只接受 %s 请求。",
	"error.internal":   "我们这边出了错。请求编号：%s",
	"error.heading":    "错误 %d",
	"error.request_id": "请求编号：%s",
}
