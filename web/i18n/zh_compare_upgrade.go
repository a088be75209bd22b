package i18n

// /compare/versions 的升级视图：损失与结果估计器。
var zhCompareUpgrade = map[string]string{
	"compare.upgrade.inputs":     "损失取一次更新的第一个小批次，与 /update/critic 和 /update/actor 的初始状态相同：vpreds = V(sₜ)，log_probs = old_log_probs（每个比率都是 1），cliprange_value 0.5，clip_ratio 0.2，clip_ratio_c 3；回报和白化后的优势都是各版本自己算出的。结果估计器把这个回答当作单独一组（uid 0），读取它的 token_level_rewards。短横表示该版本算不出这个数：把鼠标移到上面可看到 verl 抛出的异常。",
	"upgrade.losses.caption":     "两个版本中各 loss_agg_mode 下的损失",
	"upgrade.losses.corner":      "损失 · loss_agg_mode",
	"upgrade.loss.value":         "价值损失",
	"upgrade.loss.policy":        "策略损失",
	"upgrade.loss.kl":            "actor 的 KL 损失",
	"upgrade.raises":             "verl 在这里抛出 %[1]s",
	"upgrade.estimators.caption": "结果估计器逐 token 的优势：verl %[1]s（上行）与 verl %[2]s（下行）",
	"change.global-batch-info":   "engine actor：seq-mean 模式除以 global_batch_size，空行也计入；直接调用的结果不变（#4211）",
	"change.critic-global-batch": "engine critic：vf_loss 使用全局批次参数；直接调用的结果不变（#6957）",
	"update.empty.note":          "所有 token 都被遮盖。verl 不会拒绝这样的批次：在 %[1]s 模式下它把空的求和除以 token 数，结果取决于版本——%[2]s。",
	"update.empty.range":         "%[1]s：%[2]s",
	"update.empty.because":       "（%[1]s）",
	"update.empty.sep":           "；",
	"update.empty.raises":        "报错",
	"batch.vec.crash":            "verl %[1]s 的 grpo_vectorized 在 pytest 之外对任何批次都会抛出 TypeError：group_mean_std 调用时没有传设备，_resolve_device 返回的是 torch 模块，所以只有在 pytest 下或设置了 VERL_FORCE_DEVICE 时才能运行。这里显示的循环版 GRPO 不受影响；v0.7.1 修复了它（PR #4961）。受影响的版本：%[4]s。",
	"batch.vec.negative":         "verl %[1]s 的 grpo_vectorized 在这个批次上会抛出 IndexError：所有组 id 都能解析成整数，as_torch_index 把它们变成张量下标，而 %[3]s 是负数。这里显示的循环版 GRPO 按字符串分组，可以正常计算。",
	"batch.vec.merged":           "verl %[1]s 的 grpo_vectorized 把 id %[3]s 归为同一组：当所有 id 都能解析成整数时，as_torch_index 会转换它们，看起来像数字的字符串就成了同一个整数。这里显示的循环版 GRPO 把它们当作不同的字符串，所以在 %[2]s 处优势不同。",
	"batch.vec.var-floor":        "verl %[1]s 的 grpo_vectorized 把每组方差下限设为 ε = 1e-6（std ≥ 1e-3），而组 %[3]s 的 std 更小：它的优势在 %[2]s 处与循环版不同。v0.8.0 去掉了这个下限（PR #6348）。",
	"batch.vec.singleton":        "verl %[1]s 的 rloo_vectorized 给独自成组的回答 0，而这里显示的循环版 RLOO 给它自己的得分：两者在 %[2]s 处不同。",
	"batch.vec.other":            "verl %[1]s 的 grpo_vectorized 在 %[2]s 处与循环版 GRPO 的差别超出了浮点舍入。",
	"batch.results.release":      "结果（GAE 与结果估计器：verl %[1]s）",
	"release.notice.edit_page":   "在这里编辑会生成指向整个版本 %[1]s 的 v=3 链接，以下数字随之改变：%[2]s。",
}
