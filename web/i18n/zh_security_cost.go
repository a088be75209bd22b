package i18n

// 客户端触及限制匿名请求开销的各项上限时看到的说明（议题 #32）：各副本共享的配额、上传的准入、分享的空间。
var zhSecurityCost = map[string]string{
	"class.err.pair_guesses": "你所在的网络或这个课堂输入的配对码太多。请等 %d 秒，再在教师控制页上生成新的配对码，在这里输入。",
}
