package i18n

// 课程里 batch 块与批次上的问题的中文消息（lessons.batch.* 与 hint.batch.*）。
var zhCapstone = map[string]string{
	"lessons.batch.open":          "在批次视图中打开",
	"lessons.batch.cell":          "回复 i = %[2]d 在 t = %[3]s 处的%[1]s",
	"lessons.batch.stat.mean":     "组 %[1]s 得分的均值",
	"lessons.batch.stat.std":      "组 %[1]s 得分的无偏标准差",
	"lessons.batch.stat.score":    "回复 %[1]s 的得分 s_i",
	"lessons.batch.stat.wmean":    "整个批次有效 token 上原始优势的均值",
	"lessons.batch.stat.wstd":     "整个批次有效 token 上原始优势的标准差",
	"lessons.batch.whiten":        "在整个批次上白化：%[2]d 条回复的 %[1]d 个有效 token，均值 %[3]s，标准差 %[4]s（无偏）。",
	"lessons.batch.whiten_hidden": "在整个批次上白化：回答上面的问题后，这里显示它的均值和标准差。",
	"hint.batch.reward":           "每条回复的得分放在它最后一个有效 token 上；其余奖励都是 0（这里没有 KL）。",
	"hint.batch.value":            "values[i][t] = 回复 i 的 V(s_t)：token t 之前的状态。",
	"hint.batch.adv":              "只沿回复 i 反向跑 GAE：A_t = δ_t + γλ·A_{t+1}，其中 δ_t = r_t + γ·V(s_{t+1}) − V(s_t)，最后一个有效 token 之后什么也没有。",
	"hint.batch.white":            "白化用同一个均值和同一个标准差，覆盖所有回复的所有有效 token：(A − 均值)/标准差。",
	"hint.batch.grpo":             "GRPO 把回复的得分和它所在的组比较：(s_i − 均值)/(标准差 + 1e-6)，它的每个有效 token 上都一样。",
	"hint.batch.drgrpo":           "不除以标准差时，GRPO 的优势就是得分减去组均值，s_i − 均值。",
	"hint.batch.rloo":             "RLOO 减去同组其他回复的均值：n/(n−1)·(s_i − 均值)。",
	"hint.batch.rpp":              "REINFORCE++ 把未来奖励之和在整个批次上白化。",
	"hint.batch.rppb":             "REINFORCE++-baseline 先减去组均值，再在整个批次上白化。",
	"hint.batch.remax":            "ReMax 从未来奖励之和中减去贪心回复的奖励 b_i。",
	"hint.batch.mean":             "把组内的得分加起来，再除以个数。",
	"hint.batch.std":              "无偏标准差：与均值之差的平方和除以 n − 1，再开平方。",
	"hint.batch.score":            "s_i 是回复 i 的奖励之和：这里就是它的得分。",
	"hint.batch.wmean":            "对所有回复的所有有效 token 的原始优势 A_t 取平均，padding 不算。",
	"hint.batch.wstd":             "取整个批次所有有效 token 的原始优势，求它们的均值，再求围绕均值的无偏标准差。",
}
