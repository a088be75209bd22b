package i18n

// Link previews: the OpenGraph and Twitter card tags of a scenario page and
// its preview image (/play/preview.png).
var enPreview = map[string]string{
	"card.title":       "%[1]s — %[2]s",
	"card.edited":      "edited from «%[1]s»",
	"card.tokens":      "%[1]d tokens: %[2]s",
	"card.desc":        "%[1]s (%[2]s). $V(s_t)$, $R_t$ and the GAE advantages $A_t$, token by token, as verl %[3]s computes them.",
	"card.batch.desc":  "%[1]s: %[2]d responses to one prompt, GAE whitened over the batch, as verl %[3]s computes it.",
	"card.image.alt":   "Chart of the scenario: $V(s_t)$ on the boundaries between the tokens, $R_t$ and $A_t$ on the tokens.",
	"card.batch.row":   "response i = %[1]d · verl %[2]s",
	"preview.too_long": "A link preview draws at most %[1]d tokens; this response has %[2]d.",
}
