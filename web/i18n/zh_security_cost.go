package i18n

var zhSecurityCost = map[string]string{
	"limit.compute_quota":   "你的地址计算的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.views_quota":     "你的地址查看已存批次的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.previews_quota":  "你的地址请求链接预览的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.slow_body":       "请求发送得太慢（低于 %d KiB/s，从第 %d 秒之后算起），已经停止。请换一个更快的网络再试。",
	"limit.content_type":    "这个地址只接受 Content-Type 为 %s 的请求体。",
	"limit.shutting_down":   "GAE Lab 正在重启，已停止接收你的请求。请 %d 秒后重新发送。",
	"limit.bodies_per_addr": "你的地址还有太多请求正在发送：同时最多 %d 个。请 %d 秒后再试。",
}
