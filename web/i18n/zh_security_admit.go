package i18n

// 服务器对高开销请求的准入限制的回答：过慢的上传、检查配额和计算结果的大小。
var zhSecurityAdmit = map[string]string{
	"limit.slow":             "上传太慢（低于 %d KiB/s，持续 %d 秒），已经停止。请换一个更快的网络再试。",
	"limit.inspect_quota":    "你的地址检查的批次太多：每小时最多 %d 个，连续最多 %d 个。请 %d 秒后再试。",
	"compare.bugs.too_large": "这次对比太大，无法一次画出：%d 个错误 × %d 行 × %d 个 token，超过了 %d 个 token 列。请少选几个错误、只看一行，或缩短回复。",
}
