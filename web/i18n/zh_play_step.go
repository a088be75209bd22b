package i18n

// 逐步演示的自动播放速度（speed=）。
var zhPlayStep = map[string]string{
	"step.speed":        "每秒步数",
	"step.speed.choice": "每秒 %[1]s 步（每 %[2]s 秒一步）",
	"warn.speed":        "链接中的 speed=«%[1]s» 不是自动播放的速度（每秒 %[2]s 到 %[3]s 步），按每秒 %[4]s 步播放。",
}
