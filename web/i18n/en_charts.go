package i18n

// Charts made legible: the reward chart's KL panel, the token
// table's compact row labels on a phone, the widget tables' scroll hint.
var enCharts = map[string]string{
	"chart.kl_inset":      "−β·KL alone, on its own scale",
	"chart.kl_inset.desc": "Under the chart, a second panel draws the KL penalty −β·KL alone, on a y axis of its own, because beside the score its bars are too short to see.",
	"table.legend":        "Rows:",
	"row.sym.score":       "score",
	"row.sym.kld":         "KLₜ",
	"row.sym.reward":      "rₜ",
	"row.sym.value":       "V(sₜ)",
	"row.sym.next":        "Vₙₑₓₜ",
	"row.sym.delta":       "δₜ",
	"row.sym.adv":         "Aₜ",
	"row.sym.ret":         "Rₜ",
	"row.sym.white":       "Âₜ",
}
