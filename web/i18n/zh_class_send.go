package i18n

var zhClassSend = map[string]string{
	"class.send.sending":       "正在发送…",
	"class.send.unsent":        "尚未发送：网络或服务器暂时不通。请保持此页面打开，它会自动重新发送。",
	"class.send.sent":          "已发送：你的答案已计入。",
	"class.resend.heading":     "尚未发送",
	"class.resend.message":     "你的答案还没有保存：课堂的数据库没有响应。请等几秒钟后再次发送（无论发送几次，只计一次）。",
	"class.resend.button":      "再次发送",
	"class.busy.heading":       "请过几秒钟再试",
	"class.busy.message":       "课堂的数据库没有响应。没有任何内容丢失：请等几秒钟后重试。",
	"class.busy.again":         "重试",
	"class.busy.waiting.one":   "%d 个答案正在等待：课堂的数据库没有响应。数据库恢复后答案会被计入，正在进行的计时也会按中断的时长顺延。",
	"class.busy.waiting.other": "%d 个答案正在等待：课堂的数据库没有响应。数据库恢复后答案会被计入，正在进行的计时也会按中断的时长顺延。",
	"class.err.body":           "这个表单太长了（超过 %d KiB）：答案最多 %d 个字符。请缩短后再次发送。",
}
