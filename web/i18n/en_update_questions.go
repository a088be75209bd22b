package i18n

// The questions of the update views (/update/actor, /update/critic).
var enUpdateQuestions = map[string]string{
	"uq.heading":       "Check yourself on this state",
	"uq.value":         "The engine's answer: %[1]s.",
	"uq.ratio":         "What is the ratio π_θ/π_old at t = %[1]s? (4 decimals)",
	"uq.ratio.log":     "That is the log-ratio, log π_θ − log π_old (negative_approx_kl). The ratio is its exponential.",
	"uq.ratio.inverse": "That is π_old/π_θ, upside down: the ratio puts the current policy π_θ on top.",
	"uq.clipped":       "How many valid tokens does the clip touch (pg_losses2 > pg_losses1)? The band is [%[1]s, %[2]s].",
	"uq.clipped.band":  "That counts every ratio outside the band. The clip only binds where it lowers the objective: above 1 + ε with A > 0, below 1 − ε with A < 0; elsewhere the unclipped term is the larger loss and wins.",
	"uq.grad":          "At t = %[1]s (A = %[2]s), does raising log π_θ(token) raise (+) or lower (−) this token's pg_loss, or leave it flat (0)?",
	"uq.grad.flat":     "On this token the clip is active: the loss is the clipped term, constant in the ratio, so raising the log-prob changes nothing — no gradient flows through it.",
	"uq.grad.opposite": "The other way round: pg_loss = −A·ratio, so with A > 0 the loss falls as the token's probability rises (and with A < 0 it rises). Minimising the loss raises the objective.",
	"uq.grad.live":     "The clip is not active on this token, so the loss −A·ratio still moves with the ratio: the gradient is not zero.",
	"uq.band":          "The value clip keeps vpreds[t] within cliprange_value = %[2]s of something. What is the lower end of the band at t = %[1]s?",
	"uq.band.returns":  "That band is around the return R_t. verl clips the new prediction around the old value: values[t] ± cliprange_value.",
	"uq.band.vpred":    "That band is around the new prediction itself. The band is around the old value values[t], so the critic cannot move far from it in one step.",
	"uq.vclipped":      "How many valid tokens does the value clip touch (vf_losses2 > vf_losses1)?",
	"uq.vclipped.band": "That counts every prediction outside the band. The clipped error counts only where it is the larger one: max(vf_losses1, vf_losses2) picks it when the clipped prediction is further from the return.",
}
