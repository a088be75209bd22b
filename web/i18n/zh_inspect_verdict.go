package i18n

// 批次视图的结论（/inspect）：不跑 GAE 就能看出的问题、能复现上传数据的每个版本，以及都不能复现时的线索。
var zhInspectVerdict = map[string]string{
	"inspect.sanity.heading":                "结论之前：张量本身显示的问题",
	"inspect.sanity.mass_where_masked":      "%s：有 %d 个单元在掩码为 0 处带有奖励（Σ|x| = %s），例如得分写在 EOS 之后一格、落入填充区：v0.5.0 起的 GAE 会悄悄丢掉它，v0.2 的循环会读到它。单元 [行, t]：%s",
	"inspect.sanity.score_not_last":         "%s：有 %d 行唯一的得分不在最后一个有效 token 上。单元 [行, t]：%s",
	"inspect.sanity.values_where_masked":    "%s：有 %d 个单元在掩码为 0 处有价值（Σ|V| = %s）。verl 的 critic 会把它们置零；v0.2–v0.4.1 的循环会读到 EOS 之后的那一个（EOS 泄漏），因此各版本在这里结果不同。单元 [行, t]：%s",
	"inspect.sanity.values_shifted":         "%s：价值与下一个 token 的回报比与自己的回报更吻合（平方误差之比 %s）：critic 是否被切成了 values[:, -R:] 而不是 values[:, -R-1:-1]？单元 [行, t]：%s",
	"inspect.sanity.nonfinite_where_masked": "%s：有 %d 个单元在掩码为 0 处是 NaN 或无穷大，按 0 读取（仅为警告：从 v0.5.0 起 verl 的 GAE 不会读取它们）。单元 [行, t]：%s",

	"inspect.verdict.heading": "哪些版本能复现上传的数据",
	"inspect.verdict.every":   "从 v0.2 到 v0.9.0 的每个版本都完全一致：在这个批次上它们的算术相同（右填充的单轮数据，掩码为 0 处没有任何值）。",
	"inspect.verdict.ranges":  "%s 完全一致；%s 不一致。",
	"inspect.verdict.none":    "没有任何版本的算术能复现它（%s 均不一致）。",

	"inspect.fit.params":                "线索：用最小二乘在 %d 个有效 token 上拟合运行的回报和价值（%s 循环）：γλ = %s，γ = %s，λ = %s，β = %s；残差 %s（0 表示用这些数的 GAE 能复现回报）。",
	"inspect.fit.not_identifiable":      "无法确定",
	"inspect.fit.beta_not":              "无法确定（KL 不在奖励中）",
	"inspect.fit.loop.mask-aware":       "按掩码跳过，v0.5.0+",
	"inspect.fit.loop.plain":            "朴素，v0.2–v0.4.1",
	"inspect.fit.whitening":             "运行的优势与 回报 − 价值 的比较：%s。",
	"inspect.fit.white_item":            "%s，最大 |差| %s",
	"inspect.fit.white.none":            "未白化",
	"inspect.fit.white.batch":           "整批白化（verl 的做法）",
	"inspect.fit.white.per-seq":         "逐序列白化",
	"inspect.fit.whitened_by":           "它们是 回报 − 价值，%s。",
	"inspect.fit.look_at_whitening":     "回报一致而优势不一致：检查白化。",
	"inspect.upload.kl_default":         "用文件里的，否则 kl",
	"inspect.upload.now":                "%s（本批次：%s）",
	"inspect.sanity.reward_kl_mismatch": "%s：有 %d 个单元不等于按配置的 β 和 kl_penalty 算出的 token_level_scores − β·KL（最大 |差| %s）：verl 训练所用的奖励与配置所说的不同。单元 [行, t]：%s",
	"inspect.reward.config":             "奖励检查：用 kl_penalty %s、β = %s 计算 token_level_scores − β·KL(old_log_probs, ref_log_prob)，与 token_level_rewards 比较：最大 |差| %s，容差 %s。",
	"inspect.reward.config_off":         "奖励检查：配置没有把 KL 放进奖励，因此 token_level_rewards 应等于 token_level_scores：最大 |差| %s，容差 %s。",
	"inspect.reward.fit":                "奖励与 kl_penalty %s、β = %s 吻合（最大 |差| %s）。",
	"inspect.reward.fit_scores":         "奖励就是分数：其中没有 KL（最大 |差| %s）。",
	"inspect.reward.fit_none":           "该版本的任何 KL 类型都不能复现这些奖励；最接近的是 kl_penalty %s、β = %s（最大 |差| %s）。",
	"inspect.reward.fit_none_scores":    "该版本的任何 KL 类型都不能复现这些奖励；最接近的是分数本身（最大 |差| %s）。",
}
