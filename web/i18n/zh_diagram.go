package i18n

// 一页看懂 PPO 的一步（/lessons/diagram）。
var zhDiagram = map[string]string{
	"diagram.title":          "一页看懂 verl 中 PPO 的一步",
	"diagram.intro":          "一批回复在 PPO 的一步里经历了什么：从采样到两次更新。每个阶段写出 verl 的张量和函数，并链接讲解它的那一课。",
	"diagram.shapes":         "每个张量的形状都是 [B, R]：B 条回复（行），R 是回复张量的宽度；t 从 0 开始给回复的 token 编号。",
	"diagram.text":           "同样的内容，文字版",
	"lessons.diagram":        "一页看懂 PPO 的一步",
	"diagram.rollout.title":  "采样",
	"diagram.rollout.who":    "actor 写出 B 条回复",
	"diagram.logprobs.title": "旧策略与参考模型的对数概率",
	"diagram.logprobs.who":   "actor 与参考模型",
	"diagram.values.title":   "价值 V(sₜ)",
	"diagram.values.who":     "critic",
	"diagram.rewards.title":  "得分与奖励",
	"diagram.rewards.who":    "奖励模型，然后 r = 得分 − β·KL",
	"diagram.gae.title":      "GAE",
	"diagram.gae.who":        "对 t 的反向循环",
	"diagram.whiten.title":   "白化",
	"diagram.whiten.who":     "在整个批次上白化优势",
	"diagram.critic.title":   "critic 更新",
	"diagram.critic.who":     "让价值靠近回报",
	"diagram.actor.title":    "actor 更新",
	"diagram.actor.who":      "裁剪后的比率 × 优势",
}
