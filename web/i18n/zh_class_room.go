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

// 需要在教室里才能加入：只在投影上显示的加入口令、锁定加入、移除没有作答的座位。
var zhClassAdmit = map[string]string{
	"class.flow.word.on":      "要求输入加入口令（只在投影上显示）",
	"class.flow.word.off":     "不再要求加入口令",
	"class.flow.word.hint":    "开启后，手机只有输入投影上的 4 位数字才能占座：没看到投影的脚本占不到座位。",
	"class.flow.lock.on":      "锁定加入",
	"class.flow.lock.off":     "重新开放加入",
	"class.flow.prune":        "移除所有没有作答的座位",
	"class.flow.word.label":   "加入口令（投影上的 4 位数字）",
	"class.flow.word.send":    "加入",
	"class.flow.word.first":   "输入投影上显示的加入口令，才能加入这个课堂。",
	"class.wall.word":         "加入口令：%s",
	"class.err.word":          "这不是这个课堂的加入口令。请看投影，输入上面的 4 位数字。",
	"class.err.word.first":    "请先输入投影上显示的加入口令，然后才能作答。",
	"class.err.locked":        "这个课堂已锁定加入：现在不接受新学生。",
	"class.flow.seated.one":   "已就座 %d 名学生：移除某一位",
	"class.flow.seated.other": "已就座 %d 名学生：移除某一位",
	"class.flow.seat.nick":    "%s（%s）",
	"class.flow.remove":       "移除",
	"class.err.student":       "这个课堂里没有学生 %s。",
}
