package i18n

// The batch view's verdict, /inspect: what the tensors show before any GAE,
// every release that reproduces the upload, and a lead when nothing does.
var enInspectVerdict = map[string]string{
	"inspect.sanity.heading":                "Before the verdict: what the tensors show",
	"inspect.sanity.mass_where_masked":      "%s: %d cells hold reward mass where the mask is 0 (Σ|x| = %s), e.g. a score one token past EOS, into padding: v0.5.0+ GAE drops it silently, v0.2's loop reads it. Cells [row, t]: %s",
	"inspect.sanity.score_not_last":         "%s: in %d rows the only score is not on the last valid token. Cells [row, t]: %s",
	"inspect.sanity.values_where_masked":    "%s: %d cells hold a value where the mask is 0 (Σ|V| = %s). verl's critic zeroes them; the loop of v0.2–v0.4.1 reads the one after EOS (the EOS leak), so the releases differ here. Cells [row, t]: %s",
	"inspect.sanity.values_shifted":         "%s: the values agree better with the next token's return than with their own (squared error ratio %s): is the critic sliced values[:, -R:] instead of values[:, -R-1:-1]? Cells [row, t]: %s",
	"inspect.sanity.nonfinite_where_masked": "%s: %d cells are NaN or infinite where the mask is 0; they are read as 0 (a warning: from v0.5.0 verl's GAE never reads them). Cells [row, t]: %s",

	"inspect.verdict.heading": "Which releases reproduce the upload",
	"inspect.verdict.every":   "Exact for every release from v0.2 to v0.9.0: on this batch their arithmetic agrees (right-padded single-turn data with nothing where the mask is 0).",
	"inspect.verdict.ranges":  "Exact for %s; not for %s.",
	"inspect.verdict.none":    "No release's arithmetic reproduces it (not for %s).",

	"inspect.fit.params":                "A lead, fitted to the run's returns and values by least squares over %d valid tokens (%s loop): γλ = %s, γ = %s, λ = %s, β = %s; residual %s (0: GAE with these numbers reproduces the returns).",
	"inspect.fit.not_identifiable":      "not identifiable",
	"inspect.fit.beta_not":              "not identifiable (the KL is not in the reward)",
	"inspect.fit.loop.mask-aware":       "mask-aware, v0.5.0+",
	"inspect.fit.loop.plain":            "plain, v0.2–v0.4.1",
	"inspect.fit.whitening":             "The run's advantages against returns − values: %s.",
	"inspect.fit.white_item":            "%s, max |diff| %s",
	"inspect.fit.white.none":            "unwhitened",
	"inspect.fit.white.batch":           "whitened over the batch (verl's)",
	"inspect.fit.white.per-seq":         "whitened per sequence",
	"inspect.fit.whitened_by":           "They are returns − values %s.",
	"inspect.fit.look_at_whitening":     "Returns match, advantages don't: look at whitening.",
	"inspect.upload.kl_default":         "the file's, else kl",
	"inspect.upload.now":                "%s (this batch: %s)",
	"inspect.sanity.reward_kl_mismatch": "%s: %d cells are not token_level_scores − β·KL with the config's β and kl_penalty (max |diff| %s): what verl trained on is not what the config says. Cells [row, t]: %s",
	"inspect.reward.config":             "Reward check: token_level_rewards against token_level_scores − β·KL(old_log_probs, ref_log_prob) with kl_penalty %s and β = %s: max |diff| %s, tolerance %s.",
	"inspect.reward.config_off":         "Reward check: the config leaves the KL out of the reward, so token_level_rewards should be token_level_scores: max |diff| %s, tolerance %s.",
	"inspect.reward.fit":                "The rewards fit kl_penalty %s with β = %s (max |diff| %s).",
	"inspect.reward.fit_scores":         "The rewards are the scores: no KL in them (max |diff| %s).",
	"inspect.reward.fit_none":           "No KL type of the release reproduces the rewards; the closest is kl_penalty %s with β = %s (max |diff| %s).",
	"inspect.reward.fit_none_scores":    "No KL type of the release reproduces the rewards; the closest is the scores alone (max |diff| %s).",
}
