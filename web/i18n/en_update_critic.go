package i18n

// The critic's clipping charts on /update/critic: the clip band on the value
// scale and the two squared errors.
var enUpdateCritic = map[string]string{
	"critic.chart.band.title":     "The clip band: $V(s_t) \\pm \\varepsilon$, vpreds, vpredclipped and $R_t$ per token",
	"critic.chart.band.desc":      "Per token, the band of width ±cliprange_value around the old value values[t], the current critic's prediction vpreds[t], the prediction clipped into the band and the return; a line from each prediction to the return is its error, the thick one is the error whose square max takes.",
	"critic.chart.errors.title":   "The two squared errors per token and the one max takes",
	"critic.chart.errors.desc":    "Per token, the unclipped squared error (vpreds − $R_t$)² (vf_losses1) and the clipped one (vpredclipped − $R_t$)² (vf_losses2); the per-token loss is the larger of the two.",
	"critic.chart.token_axis":     "token (index t)",
	"critic.chart.value_axis":     "value",
	"critic.chart.error_axis":     "squared error",
	"critic.chart.band":           "clip band values ± ε",
	"critic.chart.value":          "values (old $V(s_t)$)",
	"critic.chart.vpred":          "vpreds",
	"critic.chart.vclip":          "vpredclipped",
	"critic.chart.return":         "return $R_t$",
	"critic.chart.error1":         "vpreds − $R_t$",
	"critic.chart.error2":         "vpredclipped − $R_t$",
	"critic.chart.taken":          "the term max takes",
	"critic.chart.losses1":        "(vpreds − $R_t$)², vf_losses1",
	"critic.chart.losses2":        "(vpredclipped − $R_t$)², vf_losses2",
	"critic.chart.clipped_mark":   "✂",
	"critic.chart.clipped_legend": "the clipped term is taken",
}
