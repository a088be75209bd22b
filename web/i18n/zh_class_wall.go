package i18n

// zhClassWall is enClassWall in Chinese.
var zhClassWall = map[string]string{
	"class.controls.heading": "课堂 %s — 控制页",
	"class.controls.keep":    "这是你的控制页：请勿投影本页。请投影“投影视图”，它不显示钥匙，也没有表单。",
	"class.wall.open":        "打开投影视图（用于投影仪）",
	"class.wall.join":        "显示加入方式（二维码）",
	"class.wall.hide":        "隐藏二维码",
	"class.others":           "其他",
	"class.pair.heading":     "其他设备",
	"class.pair.button":      "为控制页配对一部手机",
	"class.pair.note":        "配对码只能使用一次，%d 分钟内有效；用它的手机即可使用本控制页。",
	"class.key.label":        "教师钥匙",
	"class.key.note":         "请妥善保管。凭课堂代码和它，可在任何浏览器中、在开始课堂的页面上打开本控制页。",
	"class.pair.steps":       "在手机上打开 %s（或扫描此二维码），输入下面的配对码。它只能使用一次，%d 分钟内有效。",
	"class.pair.back":        "返回控制页",
	"class.pair.form":        "打开课堂 %s 的控制页",
	"class.pair.intro":       "输入教师控制页上显示的配对码。",
	"class.pair.label":       "配对码（8 个字母和数字）",
	"class.pair.submit":      "配对",
	"class.enter.heading":    "回到你开始的课堂",
	"class.enter.intro":      "输入课堂代码和教师钥匙（在控制页的“教师钥匙”下）。",
	"class.enter.submit":     "打开控制页",
	"class.hop.next":         "打开课堂页面",
	"class.err.open":         "此控制台链接已被使用或已过期：它只能使用一次，%d 秒内有效。请改在 /class 页面用课堂代码和教师钥匙打开控制页。",
	"class.err.pair":         "配对码有误、已被使用或已过期。请在教师控制页上生成新的配对码，再在这里输入。",
	"class.err.enter":        "课堂代码或教师钥匙有误，或课堂已结束。请检查两者后重新提交。",
}
