package i18n

// 更新页面（/update/actor、/update/critic）上的问题。
var zhUpdateQuestions = map[string]string{
	"uq.heading":       "用这个状态检验一下自己",
	"uq.value":         "引擎的答案：%[1]s。",
	"uq.ratio":         "t = %[1]s 处的比率 π_θ/π_old 是多少？（保留 4 位小数）",
	"uq.ratio.log":     "这是对数比率 log π_θ − log π_old（negative_approx_kl）。比率是它的指数。",
	"uq.ratio.inverse": "这是 π_old/π_θ，颠倒了：比率的分子是当前策略 π_θ。",
	"uq.clipped":       "裁剪作用在多少个有效 token 上（pg_losses2 > pg_losses1）？区间是 [%[1]s, %[2]s]。",
	"uq.clipped.band":  "这数的是所有落在区间外的比率。裁剪只在它让目标变小的地方生效：A > 0 时比率高于 1 + ε，A < 0 时比率低于 1 − ε；其他地方未裁剪的项损失更大，取它。",
	"uq.grad":          "在 t = %[1]s（A = %[2]s）处，提高 log π_θ(token) 会让这个 token 的 pg_loss 变大（+）、变小（−），还是不变（0）？",
	"uq.grad.flat":     "这个 token 上裁剪生效：损失是裁剪后的项，不随比率变化，所以提高对数概率什么也不改变——没有梯度经过它。",
	"uq.grad.opposite": "方向反了：pg_loss = −A·比率，A > 0 时 token 的概率升高损失就下降（A < 0 时上升）。最小化损失就是提高目标。",
	"uq.grad.live":     "这个 token 上裁剪没有生效，损失 −A·比率 仍随比率变化：梯度不为零。",
	"uq.band":          "价值裁剪把 vpreds[t] 限制在某个数值的 cliprange_value = %[2]s 之内。t = %[1]s 处这个区间的下端是多少？",
	"uq.band.returns":  "这是以回报 R_t 为中心的区间。verl 围绕旧的价值裁剪新的预测：values[t] ± cliprange_value。",
	"uq.band.vpred":    "这是以新预测本身为中心的区间。区间以旧的价值 values[t] 为中心，所以 critic 一步之内不能离它太远。",
	"uq.vclipped":      "价值裁剪作用在多少个有效 token 上（vf_losses2 > vf_losses1）？",
	"uq.vclipped.band": "这数的是所有落在区间外的预测。只有裁剪后的误差更大时才算：当裁剪后的预测离回报更远，max(vf_losses1, vf_losses2) 才选它。",
}
