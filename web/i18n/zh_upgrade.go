package i18n

// /compare/versions 的升级视图：损失与结果估计器。
var zhUpgrade = map[string]string{
	"compare.upgrade.inputs":     "损失取一次更新的第一个 mini-batch，与 /update/critic 和 /update/actor 的初始状态相同：vpreds = V(s_t)，log_probs = old_log_probs（每个比率都是 1），cliprange_value 0.5，clip_ratio 0.2，clip_ratio_c 3；回报和白化后的优势都是各版本自己算出的。结果估计器把这个回答当作单独一组（uid 0），读取它的 token_level_rewards。短横表示该版本算不出这个数：把鼠标移到上面可看到 verl 抛出的异常。",
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
}
