package i18n

// The upgrade view of /compare/versions: its losses and outcome estimators.
var enCompareUpgrade = map[string]string{
	"compare.upgrade.inputs":     "The losses are those of an update's first mini-batch, as /update/critic and /update/actor start: vpreds = V(sₜ) and log_probs = old_log_probs (every ratio 1), cliprange_value 0.5, clip_ratio 0.2, clip_ratio_c 3; the returns and whitened advantages are each release's own. The estimators read this response as a group of its own (uid 0) with its token_level_rewards. A dash is a number the release does not compute: hover it for the exception verl raises.",
	"upgrade.losses.caption":     "The losses per loss_agg_mode in both releases",
	"upgrade.losses.corner":      "loss · loss_agg_mode",
	"upgrade.loss.value":         "value loss",
	"upgrade.loss.policy":        "policy loss",
	"upgrade.loss.kl":            "actor KL loss",
	"upgrade.raises":             "verl raises %[1]s here",
	"upgrade.estimators.caption": "The outcome estimators' advantages per token, in verl %[1]s (upper row) and verl %[2]s (lower row)",
	"change.global-batch-info":   "engine actor: seq-mean modes divide by global_batch_size, empty rows included; direct calls unchanged (#4211)",
	"change.critic-global-batch": "engine critic: vf_loss with the global-batch arguments; direct calls unchanged (#6957)",
	"update.empty.note":          "Every token is masked. verl does not refuse such a batch: in %[1]s it divides a sum of nothing by the token count, and the answer depends on the release — %[2]s.",
	"update.empty.range":         "%[1]s: %[2]s",
	"update.empty.because":       "(%[1]s)",
	"update.empty.sep":           "; ",
	"update.empty.raises":        "an error",
	"batch.vec.crash":            "verl %[1]s's grpo_vectorized raises TypeError outside pytest on every batch: group_mean_std is called without a device and _resolve_device returns the torch module, so only pytest or VERL_FORCE_DEVICE runs it. The loop GRPO shown here is unaffected; v0.7.1 fixed it (PR #4961). Affected releases: %[4]s.",
	"batch.vec.negative":         "verl %[1]s's grpo_vectorized raises IndexError on this batch: every group id parses as an integer, so as_torch_index turns them into tensor indices, and %[3]s is negative. The loop GRPO shown here groups the ids as strings and computes.",
	"batch.vec.merged":           "verl %[1]s's grpo_vectorized puts the ids %[3]s into one group: when every id parses as an integer, as_torch_index converts them, so numeric-looking strings name the same integer. The loop GRPO shown here keeps them apart as strings, so its advantages differ at %[2]s.",
	"batch.vec.var-floor":        "verl %[1]s's grpo_vectorized floors each group's variance at ε = 1e-6 (std ≥ 1e-3), and the std of group %[3]s is smaller: its advantages differ from the loop's at %[2]s. v0.8.0 removed the floor (PR #6348).",
	"batch.vec.singleton":        "verl %[1]s's rloo_vectorized gives a response alone in its group 0, where the loop RLOO shown here gives it its score: they differ at %[2]s.",
	"batch.vec.other":            "verl %[1]s's grpo_vectorized differs from the loop GRPO at %[2]s beyond float rounding.",
	"batch.results.release":      "Results (GAE and outcome estimators: verl %[1]s)",
	"release.notice.edit_page":   "Editing here makes a v=3 link naming the whole release %[1]s, in which these numbers change: %[2]s.",
}
