package i18n

// The upgrade view of /compare/versions: its losses and outcome estimators.
var enUpgrade = map[string]string{
	"compare.upgrade.inputs":     "The losses are those of an update's first mini-batch, as /update/critic and /update/actor start: vpreds = V(s_t) and log_probs = old_log_probs (every ratio 1), cliprange_value 0.5, clip_ratio 0.2, clip_ratio_c 3; the returns and whitened advantages are each release's own. The estimators read this response as a group of its own (uid 0) with its token_level_rewards. A dash is a number the release does not compute: hover it for the exception verl raises.",
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
}
