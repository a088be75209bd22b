package i18n

// The update views of a v=3 link, where ver names the whole release: the
// release's own GAE feeds its own losses, and the notes say what the
// release has and lacks, with the release ranges from the engine's
// generation table.
var enUpdateRelease = map[string]string{
	"update.release.returns_note":          "$R_t = A_t + V(s_t)$ are verl %[1]s's GAE returns, taken before whitening: the release trains its critic on them, and its own compute_value_loss (verl %[2]s) gives the losses below.",
	"update.release.adv_note":              "$A_t$ are verl %[1]s's whitened GAE advantages, the ones its actor reads, and its own compute_policy_loss (verl %[2]s) gives the losses below.",
	"update.release.adv_typed":             "$A_t$ are the advantages typed in adv=, in place of verl %[1]s's whitened GAE advantages (as the API's inputs.advantages).",
	"update.release.no_agg":                "verl %[1]s has no loss_agg_mode: every loss is a token-mean masked_mean (agg_loss arrived in verl %[2]s, PR #%[3]d).",
	"update.release.no_mode":               "verl %[1]s does not know loss_agg_mode %[2]s, which arrived in verl %[3]s (PR #%[4]d).",
	"update.release.one_clip":              "verl %[1]s has one clip_ratio ε: the ratio is clipped to [1 − ε, 1 + ε] (clip_ratio_low and clip_ratio_high arrived in verl %[2]s, PR #%[3]d).",
	"update.release.no_dual":               "verl %[1]s has no dual clip: the loss of a negative advantage is not capped at $c \\cdot |A_t|$ (clip_ratio_c arrived in verl %[2]s, PR #%[3]d).",
	"update.release.no_clamp":              "verl %[1]s does not clamp the log-ratio (the ±20 clamp arrived in verl %[2]s, PR #%[3]d): its tensors are float32, so beyond a log-ratio of 88.72 the ratio is +inf.",
	"update.release.no_half":               "verl %[1]s drops the factor 0.5: vf_loss = agg_loss(max(vf_losses1, vf_losses2)) (PR #%[2]d; restored in verl %[3]s).",
	"update.release.ratio1_eps":            "log_probs = old_log_probs: every ratio is 1, as at the first step of the learner dialogue. ρ = 1 lies inside the clip range, so nothing clips (pg_clipfrac = 0), ppo_kl = 0, and each token's loss is $-A_t$; whitened advantages average to 0, so the token-mean loss is about 0 (not exactly: whitening's masked_mean divides by the token count + 1e-8, and so does the verl %[1]s token-mean loss, so the mean is off 0 by about μ·1e-8/(N·σ), and rounding adds its own).",
	"update.release.clips_no_dual":         "The ratios moved. The clip holds %[1]s (pg_losses2 > pg_losses1: no gradient pushes them further this step); there is no dual clip.",
	"update.release.not_in":                "verl %[1]s has no %[2]s, so the link's %[2]s=«%[3]s» was ignored.",
	"update.release.nonfinite":             "verl %[1]s gives %[2]s here",
	"update.release.critic_losses_no_half": "vf_loss = agg(max(vf_losses1, vf_losses2)) for every loss_agg_mode, without the factor 0.5",
	"update.release.adv":                   "advantages (default: verl %[1]s's whitened Aₜ)",
	"update.clip_one":                      "ε (clip_ratio)",
	"update.clip_one.help":                 "the ratio is clipped to [1 − ε, 1 + ε]; default 0.2, in [0, 1]",
}
