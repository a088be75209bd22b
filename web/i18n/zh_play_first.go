package i18n

// 游乐场的第一屏（issue 26）：示例的故事、拖动标记的邀请和第 1 课的入口。
// 预设的英文释义只给英文读者看，中文页面不显示（它们在这里只为两种语言的键一致）。
var zhPlayFirst = map[string]string{
	"first.story":  "示例：%[1]s → %[2]s%[3]s",
	"first.gloss":  "（%s）",
	"first.lesson": "从第 1 课开始 →",
	"first.invite": "拖动 V(s%[1]s)，看 A%[1]s 如何变化。",

	"preset.seed-a.gloss":         "“讲一个三个词的故事” → “从前有座山”",
	"preset.seed-b.gloss":         "“请问1+1=2？” → “是的，等于2！”",
	"preset.pipeline.gloss":       "“你知道1+1=2吗？” → “是的，1+1=2”",
	"preset.kl-only.gloss":        "“请问1+1=2？” → “是的，等于2！”",
	"preset.eos-padding.gloss":    "“1+1=?” → “等于2。”",
	"preset.v02-eos-leak.gloss":   "“1+1=?” → “等于2。”",
	"preset.multi-turn.gloss":     "“3 的平方是多少？用计算器。” → “调用 calc(3*3) → 9，答案是 9”",
	"preset.perfect-critic.gloss": "“1+1=?” → “1+1 等于 2。”",
	"preset.zero-critic.gloss":    "“1+1=?” → “1+1 等于 2。”",
	"preset.lambda-0.gloss":       "“讲一个三个词的故事” → “从前有座山”",
	"preset.lambda-1.gloss":       "“讲一个三个词的故事” → “从前有座山”",
}
