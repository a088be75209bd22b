package i18n

// 客户端触及限制匿名请求开销的各项上限时看到的说明（议题 #32）：各副本共享的配额、上传的准入、分享的空间。
var zhSecurityCost = map[string]string{
	"class.err.pair_guesses":    "你所在的网络或这个课堂输入的配对码太多。请等 %d 秒，再在教师控制页上生成新的配对码，在这里输入。",
	"limit.upload_one":          "你的地址正在发送另一个上传。请等它传完，再发送这一个。",
	"limit.upload_memory":       "GAE Lab 正在接收的上传已达同时能容纳的上限（%d MiB）。请过几秒再试。",
	"inspect.err.share_quota":   "这个地址今天分享的批次已达上限。它的链接仍在 1 小时内有效；请明天再分享。",
	"inspect.err.shares_budget": "分享批次的空间已满；已分享的批次会按承诺保留 7 天。这个批次的链接仍在 1 小时内有效：请稍后再分享。",
}
