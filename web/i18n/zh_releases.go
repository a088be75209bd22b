package i18n

// verl 各版本：版本选择器、每一代改了什么，以及标注版本的文字和提示。
func init() {
	for k, v := range map[string]string{
		"err.release":         "«%[1]s» 不是 verl 的版本：请选 newest，或 v0.2 到 v0.9.0 之间的一个标签",
		"release.option":      "%[1]s",
		"release.group":       "%[1]s — %[2]s",
		"release.first":       "GAE Lab 复现的第一个版本",
		"release.label":       "verl %[1]s",
		"release.range":       "按 verl %[1]s 的算法计算",
		"release.alias":       "%[1]s 的计算与 %[2]s 完全相同（同一代的所有版本都一样）",
		"release.notice.v2":   "这个链接现在指整个版本 %[1]s（v=2 链接）：%[2]s。",
		"release.batch_note":  "GAE 和结果估计器都按 verl %[1]s 的算法计算；该版本还没有的估计器会注明。",
		"release.notice.same": "本页没有任何数字改变",

		"compare.upgrade.heading":  "升级 verl",
		"compare.upgrade.intro":    "当训练从 verl %[1]s 换到 verl %[2]s 时，实验台场景里有哪些数字改变：同样的奖励和价值分别经过两个版本各自的 KL、GAE 和白化，逐个单元格对比。不同的单元格标有 ≠，并注明两个版本之间能解释它的改动；两者之间的所有改动及其 PR 列在下方。",
		"compare.upgrade.results":  "verl %[1]s → verl %[2]s，逐个单元格",
		"compare.upgrade.caption":  "每个量在 verl %[1]s（上行）和 verl %[2]s（下行）中的值",
		"compare.upgrade.same_gen": "%[1]s 和 %[2]s 的每个数字算法都相同：两者同属 %[3]s，是 verl 算法的同一代。",
		"compare.upgrade.same":     "从 %[1]s 到 %[2]s，这个场景没有任何数字改变；下面列出的改动会在其他输入上体现。",
		"compare.upgrade.count":    "有 %[1]d 个单元格改变。",
		"compare.upgrade.here":     "它改变了这个场景中的单元格（用它的标记标出）。",
		"compare.upgrade.not_here": "它没有改变这个场景的任何单元格：它作用于损失、估计器，或这个场景没有的输入。",
		"compare.upgrade.link":     "从 %[1]s 升级到 %[2]s 会改变什么",

		"update.actor.early_nonfinite": "verl %[1]s 在这里返回 %[2]s：它的张量是 float32，对数比率超过 88.72 时 exp(log_probs − old_log_probs) 溢出，而 v0.2 没有 ±20 截断（PR verl#1779 在 v0.4.1 加入）；被遮盖 token 上的 inf·0 是 NaN。",

		"release.notice.edit": "编辑这个批次会生成指向整个版本 %[1]s 的 v=2 链接，以下数字随之变为该版本的结果：%[2]s。",

		"change.rloo":                    "新增 RLOO（#341）",
		"change.masked-mean-eps":         "masked_mean 除以 Σmask + 1e-8（#782）",
		"change.kl-metric-eps":           "空行的 KL 指标为 0，不再是 NaN（#782）",
		"change.dual-clip":               "双重裁剪；clip_ratio_c ≤ 1 会报错（#784）",
		"change.clip-low-high":           "clip_ratio_low / clip_ratio_high（#623）",
		"change.agg-loss":                "loss_agg_mode：token-mean 和三种 seq-mean 模式（#623）",
		"change.vf-loss-no-half":         "vf_loss 去掉了系数 0.5（#1340；v0.4.1 由 #2016 恢复）",
		"change.kl-k123":                 "KL 名称接受 k1/k2/k3（#1781）",
		"change.use-kl-in-reward":        "当且仅当 use_kl_in_reward 时把 KL 放进奖励（#644）",
		"change.estimators-v0.4":         "新增 OPO、pass@k、REINFORCE++-baseline、Dr.GRPO（#1796、#1621、#908、#990）",
		"change.log-ratio-clamp":         "对数比率在取 exp 之前截断到 ±20（#1779）",
		"change.k3-pre-clamp":            "k3 先截断指数；前向数值不变（#1779）",
		"change.gae-mask-aware":          "GAE 跳过 mask 为 0 的 token：V_next 和 A_next 跨过它们传递（#2337）",
		"change.masked-sum-where":        "masked_sum 忽略被遮盖位置上的值（#2377）",
		"change.gpg":                     "新增 GPG（#2057）",
		"change.vectorized":              "新增向量化的 GRPO 和 RLOO（#3635、#3555）",
		"change.vectorized-grpo-crash":   "向量化 GRPO 在 pytest 之外抛出 TypeError（直到 #4961）",
		"change.kl-plus-routed":          "“+” KL 名称已接入，但仍报错（#2953）",
		"change.seq-mean-skip-empty":     "seq-mean 模式跳过空行（#3915）",
		"change.token-mean-no-eps":       "token-mean = Σ/Σmask，不加 ε：全部被遮盖的批次再次得到 NaN（#4211）",
		"change.sum-norm-per-seq":        "seq-mean-token-sum-norm = seq-mean-token-sum / R（#5366）",
		"change.gdpo":                    "新增 GDPO（#5503）",
		"change.kl-plus":                 "“+” KL 名称可用（#6058）",
		"change.vectorized-no-var-floor": "向量化 GRPO 去掉方差下限（#6348）",
		"change.token-sum":               "loss_agg_mode token-sum（#7197）",
		"change.reinforce-carry":         "REINFORCE++ 的回报跨过观察 token 传递（#7300）",
	} {
		zh[k] = v
	}
}
