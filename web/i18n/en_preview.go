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
}
