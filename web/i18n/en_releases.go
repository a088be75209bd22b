package i18n

// verl releases: the release picker, what changed at each generation, and
// the labels and notices that name a release.
func init() {
	for k, v := range map[string]string{
		"err.release":         "«%[1]s» is not a verl release: choose newest or a tag from v0.2 to v0.9.0",
		"release.option":      "%[1]s",
		"release.group":       "%[1]s — %[2]s",
		"release.first":       "the first release GAE Lab reproduces",
		"release.label":       "verl %[1]s",
		"release.range":       "computed as verl %[1]s computes it",
		"release.alias":       "%[1]s computes exactly as %[2]s (every release of this generation does)",
		"release.notice.v2":   "This link now names the whole release %[1]s (a v=2 link): %[2]s.",
		"release.batch_note":  "GAE and the outcome estimators are computed as verl %[1]s computes them; an estimator the release does not have yet says so.",
		"release.notice.same": "no number on this page changes",

		"compare.upgrade.heading":  "Upgrading verl",
		"compare.upgrade.intro":    "What changes for the playground's scenario when a run moves from verl %[1]s to verl %[2]s: the same rewards and values through each release's own KL, GAE and whitening, cell by cell. A cell that differs is marked ≠ with the changes between the two releases that explain it; every change between them is listed below with its pull requests.",
		"compare.upgrade.results":  "verl %[1]s → verl %[2]s, cell by cell",
		"compare.upgrade.caption":  "Each quantity in verl %[1]s (upper row) and in verl %[2]s (lower row)",
		"compare.upgrade.same_gen": "%[1]s and %[2]s compute every number the same way: both are %[3]s, one generation of verl's arithmetic.",
		"compare.upgrade.same":     "No number of this scenario changes from %[1]s to %[2]s; the changes listed below show on other inputs.",
		"compare.upgrade.count":    "%[1]d cells change.",
		"compare.upgrade.here":     "It changes cells of this scenario (marked with its mark).",
		"compare.upgrade.not_here": "It changes no cell of this scenario: it acts on the losses, the estimators, or inputs this scenario does not have.",
		"compare.upgrade.link":     "What changes when upgrading from %[1]s to %[2]s",

		"update.actor.early_nonfinite": "verl %[1]s returns %[2]s here: its tensors are float32, exp(log_probs − old_log_probs) overflows beyond a log-ratio of 88.72, and v0.2 has no ±20 clamp (PR verl#1779 added it in v0.4.1); inf·0 at a masked token is NaN.",

		"release.notice.edit": "Editing this batch makes a v=2 link naming the whole release %[1]s, and these numbers become that release's: %[2]s.",

		"change.rloo":                    "RLOO added (#341)",
		"change.masked-mean-eps":         "masked_mean divides by Σmask + 1e-8 (#782)",
		"change.kl-metric-eps":           "an empty row's KL metric is 0, not NaN (#782)",
		"change.dual-clip":               "dual clip; clip_ratio_c ≤ 1 raises (#784)",
		"change.clip-low-high":           "clip_ratio_low / clip_ratio_high (#623)",
		"change.agg-loss":                "loss_agg_mode: token-mean and three seq-mean modes (#623)",
		"change.vf-loss-no-half":         "vf_loss without the factor 0.5 (#1340; restored in v0.4.1 by #2016)",
		"change.kl-k123":                 "k1/k2/k3 accepted as KL names (#1781)",
		"change.use-kl-in-reward":        "KL in the reward iff use_kl_in_reward (#644)",
		"change.estimators-v0.4":         "OPO, pass@k, REINFORCE++-baseline, Dr.GRPO (#1796, #1621, #908, #990)",
		"change.log-ratio-clamp":         "log-ratio clamped to ±20 before the exp (#1779)",
		"change.k3-pre-clamp":            "k3 clamps its exponent first; no forward value changes (#1779)",
		"change.gae-mask-aware":          "GAE skips mask-0 tokens: V_next and A_next carried across them (#2337)",
		"change.masked-sum-where":        "masked_sum ignores what sits at masked positions (#2377)",
		"change.gpg":                     "GPG added (#2057)",
		"change.vectorized":              "vectorized GRPO and RLOO added (#3635, #3555)",
		"change.vectorized-grpo-crash":   "vectorized GRPO raises TypeError outside pytest (until #4961)",
		"change.kl-plus-routed":          "“+” KL names routed, still raising (#2953)",
		"change.seq-mean-skip-empty":     "seq-mean modes skip empty rows (#3915)",
		"change.token-mean-no-eps":       "token-mean = Σ/Σmask without ε: an all-masked batch is NaN again (#4211)",
		"change.sum-norm-per-seq":        "seq-mean-token-sum-norm = seq-mean-token-sum / R (#5366)",
		"change.gdpo":                    "GDPO added (#5503)",
		"change.kl-plus":                 "“+” KL names work (#6058)",
		"change.vectorized-no-var-floor": "vectorized GRPO without the variance floor (#6348)",
		"change.token-sum":               "loss_agg_mode token-sum (#7197)",
		"change.reinforce-carry":         "REINFORCE++ carries its return across observation tokens (#7300)",
	} {
		en[k] = v
	}
}
