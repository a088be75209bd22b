package i18n

// Link previews: the OpenGraph and Twitter card tags of a scenario page and
// its preview image (/play/preview.png).
var enPreview = map[string]string{
	"card.title":       "%[1]s — %[2]s",
	"card.edited":      "edited from «%[1]s»",
	"card.tokens":      "%[1]d tokens: %[2]s",
	"card.diff":        "Changed from the example: %[1]s.",
	"card.diff.sep":    "; ",
	"card.diff.gamma":  "γ = %[1]s",
	"card.diff.lam":    "λ = %[1]s",
	"card.diff.beta":   "β = %[1]s",
	"card.diff.prompt": "the prompt",
	"card.diff.tok":    "%[1]d of %[2]d tokens",
	"card.diff.len":    "%[1]d tokens instead of %[2]d",
	"card.desc":        "%[1]s (%[2]s). $V(s_t)$, $R_t$ and the GAE advantages $A_t$, token by token, as verl %[3]s computes them.",
	"card.batch.desc":  "%[1]s: %[2]d responses to one prompt, GAE whitened over the batch, as verl %[3]s computes it.",
	"card.image.alt":   "Chart of the scenario: $V(s_t)$ on the boundaries between the tokens, $R_t$ and $A_t$ on the tokens.",
	"card.batch.row":   "response i = %[1]d · verl %[2]s",
	"preview.too_long": "A link preview draws at most %[1]d tokens; this response has %[2]d.",
	// The preview of a link whose numbers cannot be drawn (issue 35): a
	// PNG all the same, since a chat app shows nothing for an error.
	"preview.undrawable":      "This link's numbers cannot be drawn.",
	"preview.undrawable.open": "Open the link: the page names the field to fix.",
	// Each compare and update page's own preview (issue 35): what the page
	// shows (%[1]s the scenario, %[2]s its tokens, %[3]s the release) and
	// what its image draws.
	"card.page.compare.desc":            "%[1]s (%[2]s): the same response across λ, estimators, critics, verl releases and shipped bugs, as verl %[3]s computes it.",
	"card.page.compare.alt":             "Chart of the scenario's advantages Aₜ for λ = 0, 0.5, 0.9, 0.95 and 1, token by token.",
	"card.page.compare.lambda.desc":     "%[1]s (%[2]s): the GAE advantages Aₜ for λ = 0, 0.5, 0.9, 0.95 and 1 and the link's own λ, token by token, as verl %[3]s computes them.",
	"card.page.compare.lambda.alt":      "Chart of the advantages Aₜ for λ = 0, 0.5, 0.9, 0.95 and 1, the link's λ highlighted, token by token.",
	"card.page.compare.estimators.desc": "%[1]s (%[2]s): Monte Carlo vs TD(0) vs GAE advantages per token, and what each bootstraps from, as verl %[3]s computes them.",
	"card.page.compare.estimators.alt":  "Chart of the Monte Carlo, TD(0) and GAE advantages, token by token.",
	"card.page.compare.variance.desc":   "%[1]s (%[2]s): the variance lab, bias², variance and MSE of GAE's A₀ per λ with a perfect and a biased critic, as verl %[3]s computes it.",
	"card.page.compare.variance.alt":    "Chart of the exact MSE of A₀'s estimates against λ, for the perfect and the biased critic.",
	"card.page.compare.versions.desc":   "%[1]s (%[2]s): verl v0.2 vs the newest verl, cell by cell, each difference with its reason and pull request (this link: verl %[3]s).",
	"card.page.compare.versions.alt":    "Chart of the raw advantages Aₜ of verl v0.2 and of the newest verl, token by token.",
	"card.page.compare.bugs.desc":       "%[1]s (%[2]s): bugs people shipped and easy mistakes, each beside the correct result of verl %[3]s.",
	"card.page.compare.bugs.alt":        "Chart of the correct advantages beside the buggy ones, token by token.",
	"card.page.update.desc":             "%[1]s (%[2]s): how the critic and the actor learn from these advantages and returns, with verl %[3]s's losses.",
	"card.page.update.alt":              "Chart of the critic's clip band: V(sₜ) ± ε, vpreds, vpredclipped and Rₜ, token by token.",
	"card.page.update.critic.desc":      "%[1]s (%[2]s): the critic's clipped value loss, which tokens clip and vf_loss per aggregation mode, as verl %[3]s computes them.",
	"card.page.update.critic.alt":       "Chart of the critic's clip band: V(sₜ) ± ε, vpreds, vpredclipped and Rₜ, token by token.",
	"card.page.update.actor.desc":       "%[1]s (%[2]s): the actor's clipped surrogate, the ratio and the loss per token and per mode, as verl %[3]s computes them.",
	"card.page.update.actor.alt":        "Chart of the clipped objective per unit |Aₜ| against the ratio ρ, for Aₜ > 0 and Aₜ < 0, with the tokens at their ratio.",
	"card.band.lo":                      "V(sₜ) − ε",
	"card.band.hi":                      "V(sₜ) + ε",
	"var.preview.title":                 "Exact MSE of A₀'s estimates, by λ",
	"var.preview.axis":                  "MSE",
	"card.page.compare.upgrade.desc":    "%[1]s (%[2]s): what changes when a run upgrades verl from %[4]s to %[5]s, cell by cell (rewards, GAE, whitening, the losses and the estimators), each change with its pull requests.",
	"card.page.compare.upgrade.alt":     "Chart of the raw advantages Aₜ of the two releases, token by token.",
	"card.upgrade.title":                "Raw advantages Aₜ: verl %[1]s vs %[2]s",
	"card.upgrade.legend":               "Aₜ, verl %[1]s",
}
