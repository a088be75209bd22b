package i18n

// 找到路（issue 26 第 7 点）：对比视图与更新视图的索引页及其导航入口。
var zhViewIndex = map[string]string{
	"nav.compare":         "对比",
	"nav.update":          "更新",
	"index.compare.title": "对比 — GAE Lab",
	"index.compare.intro": "同一条回复的五种看法。每张图都由你当前打开的场景画出；点击一个视图深入查看。",
	"index.update.title":  "更新 — GAE Lab",
	"index.update.intro":  "优势和回报接下来做什么：针对你当前打开的场景，critic 与 actor 的更新。",
	"index.alt":           "本场景的%s图",
	"index.lambda":        "λ 从 0（单步 TD）到 1（蒙特卡洛）时，优势如何变化。",
	"index.estimators":    "同一条回复的蒙特卡洛、TD 与 GAE 优势，并排对比。",
	"index.variance":      "在大量采样奖励下各估计量的波动有多大，分别用完美与有偏的 critic。",
	"index.versions":      "同一条回复在每个 verl 版本下的结果：数字在哪里不同、为什么。",
	"index.bugs":          "verl 曾发布的缺陷，每个只需勾选一次：它对优势做了什么。",
	"index.critic":        "价值损失及其裁剪：哪些 token 推动 critic。",
	"index.actor":         "逐 token 的 PPO 目标：比率在哪里被裁剪、梯度在哪里停止。",
}
