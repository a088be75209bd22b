package i18n

// v=3 链接的更新视图：ver 指整个版本，该版本自己的 GAE 输入它自己的损失；
// 说明中的版本范围都取自引擎的代际表。
var zhUpdateRelease = map[string]string{
	"update.release.returns_note":          "$R_t = A_t + V(s_t)$ 是 verl %[1]s 的 GAE 在白化之前得到的回报：该版本用它们训练 critic，下面的损失由它自己的 compute_value_loss（verl %[2]s）计算。",
	"update.release.adv_note":              "$A_t$ 是 verl %[1]s 的 GAE 白化后的优势，也就是它的 actor 读取的优势；下面的损失由它自己的 compute_policy_loss（verl %[2]s）计算。",
	"update.release.adv_typed":             "$A_t$ 是 adv= 中输入的优势，代替 verl %[1]s 的 GAE 白化后的优势（与 API 的 inputs.advantages 相同）。",
	"update.release.no_agg":                "verl %[1]s 没有 loss_agg_mode：每个损失都是按 token 平均的 masked_mean（agg_loss 在 verl %[2]s 中加入，PR #%[3]d）。",
	"update.release.no_mode":               "verl %[1]s 不认识 loss_agg_mode %[2]s，它在 verl %[3]s 中加入（PR #%[4]d）。",
	"update.release.one_clip":              "verl %[1]s 只有一个 clip_ratio ε：比率被裁剪到 [1 − ε, 1 + ε]（clip_ratio_low 和 clip_ratio_high 在 verl %[2]s 中加入，PR #%[3]d）。",
	"update.release.no_dual":               "verl %[1]s 没有双重裁剪：负优势的损失不会被限制在 $c \\cdot |A_t|$（clip_ratio_c 在 verl %[2]s 中加入，PR #%[3]d）。",
	"update.release.no_clamp":              "verl %[1]s 不限制对数比率（±20 的限制在 verl %[2]s 中加入，PR #%[3]d）：它的张量是 float32，对数比率超过 88.72 时比率为 +inf。",
	"update.release.no_half":               "verl %[1]s 去掉了系数 0.5：vf_loss = agg_loss(max(vf_losses1, vf_losses2))（PR #%[2]d；在 verl %[3]s 中恢复）。",
	"update.release.ratio1_eps":            "log_probs = old_log_probs：每个比率都是 1，就像学习者对话中的第一步。ρ = 1 在裁剪区间之内，所以没有裁剪（pg_clipfrac = 0），ppo_kl = 0，每个 token 的损失就是 $-A_t$；白化后的优势平均为 0，所以 token-mean 损失约为 0（并不精确为 0：白化时 masked_mean 除以 token 数 + 1e-8，verl %[1]s 的 token-mean 损失也是如此，均值偏离 0 约 μ·1e-8/(N·σ)，舍入误差也有贡献）。",
	"update.release.clips_no_dual":         "比率变了。裁剪住的 token：%[1]s（pg_losses2 > pg_losses1：这一步不再有梯度把它们往外推）；没有双裁剪。",
	"update.release.not_in":                "verl %[1]s 没有 %[2]s，因此链接中的 %[2]s=«%[3]s» 被忽略。",
	"update.release.nonfinite":             "verl %[1]s 在这里给出 %[2]s",
	"update.release.critic_losses_no_half": "每种 loss_agg_mode 的 vf_loss = agg(max(vf_losses1, vf_losses2))，没有系数 0.5",
	"update.release.adv":                   "advantages（默认：verl %[1]s 的 GAE 白化后的 Aₜ）",
	"update.clip_one":                      "ε（clip_ratio）",
	"update.clip_one.help":                 "比率被裁剪到 [1 − ε, 1 + ε]；默认 0.2，取值 [0, 1]",
}
