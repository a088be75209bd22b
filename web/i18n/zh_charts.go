package i18n

// 图表可读性（issue 12）：奖励图的 KL 面板、手机上 token 表的简写行名、小组件表格的滚动提示。
var zhCharts = map[string]string{
	"chart.kl_inset":      "单独的 −β·KL（独立刻度）",
	"chart.kl_inset.desc": "图下方的第二个面板用独立的 y 轴单独画出 KL 惩罚 −β·KL，因为在得分旁边它的条形短得看不见。",
	"table.legend":        "各行：",
	"row.sym.score":       "得分",
	"row.sym.kld":         "KLₜ",
	"row.sym.reward":      "rₜ",
	"row.sym.value":       "V(sₜ)",
	"row.sym.next":        "Vₙₑₓₜ",
	"row.sym.delta":       "δₜ",
	"row.sym.adv":         "Aₜ",
	"row.sym.ret":         "Rₜ",
	"row.sym.white":       "Âₜ",
}
