package i18n

// and the limits of the quotas every replica shares, the uploads' admission
// and the shares' budget.
var zhSecurityCost = map[string]string{
	"limit.compute_quota":       "你的地址计算的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.views_quota":         "你的地址查看已存批次的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.previews_quota":      "你的地址请求链接预览的次数太多：每分钟最多 %d 次，连续最多 %d 次。请 %d 秒后再试。",
	"limit.slow_body":           "请求发送得太慢（低于 %d KiB/s，从第 %d 秒之后算起），已经停止。请换一个更快的网络再试。",
	"limit.content_type":        "这个地址只接受 Content-Type 为 %s 的请求体。",
	"limit.shutting_down":       "GAE Lab 正在重启，已停止接收你的请求。请 %d 秒后重新发送。",
	"class.err.pair_guesses":    "你所在的网络或这个课堂输入的配对码太多。请等 %d 秒，再在教师控制页上生成新的配对码，在这里输入。",
	"limit.upload_one":          "你的地址正在发送另一个上传。请等它传完，再发送这一个。",
	"limit.upload_memory":       "GAE Lab 正在接收的上传已达同时能容纳的上限（%d MiB）。请过几秒再试。",
	"inspect.err.share_quota":   "这个地址今天分享的批次已达上限。它的链接仍在 1 小时内有效；请明天再分享。",
	"inspect.err.shares_budget": "分享批次的空间已满；已分享的批次会按承诺保留 7 天。这个批次的链接仍在 1 小时内有效：请稍后再分享。",
	"limit.bodies_per_addr":     "你的地址还有太多请求正在发送：同时最多 %d 个。请 %d 秒后再试。",
}
