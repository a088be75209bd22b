package i18n

// 真实教室里的课堂（issue 40）：昵称在课堂内唯一、可改一次，老师看到并管理的教室。
var zhClassRoom = map[string]string{
	"class.flow.nick.fix":       "修改我的昵称（仅一次）",
	"class.flow.nick.fix.label": "打错了？昵称可以修改一次。",
	"class.err.nick.dup":        "这个课堂里已经有同学叫 %s。请换一个昵称。",
}

// 老师看到的教室：已连接的手机（跨副本），以及已回答的学生。
var zhClassPresence = map[string]string{
	"class.connected.one":     "已连接 %d 部手机",
	"class.connected.other":   "已连接 %d 部手机",
	"class.answers.connected": "已连接 %[2]d 人，其中 %[1]d 人已回答",
}
