package i18n

// /update/critic 的裁剪图：价值尺度上的裁剪带，以及两个平方误差。
var zhUpdateCritic = map[string]string{
	"critic.chart.band.title":     "裁剪带：每个 token 的 $V(s_t) \\pm \\varepsilon$、vpreds、vpredclipped 与 $R_t$",
	"critic.chart.band.desc":      "每个 token 上：旧价值 values[t] 周围宽为 ±cliprange_value 的带、当前 critic 的预测 vpreds[t]、裁剪进带内的预测，以及回报；每个预测到回报的连线就是它的误差，粗线是 max 取到其平方的那个误差。",
	"critic.chart.errors.title":   "每个 token 的两个平方误差，以及 max 取到的那个",
	"critic.chart.errors.desc":    "每个 token 上：未裁剪的平方误差 (vpreds − $R_t$)²（vf_losses1）与裁剪后的平方误差 (vpredclipped − $R_t$)²（vf_losses2）；逐 token 损失取两者中较大的一个。",
	"critic.chart.token_axis":     "token（下标 t）",
	"critic.chart.value_axis":     "价值",
	"critic.chart.error_axis":     "平方误差",
	"critic.chart.band":           "裁剪带 values ± ε",
	"critic.chart.value":          "values（旧的 $V(s_t)$）",
	"critic.chart.vpred":          "vpreds",
	"critic.chart.vclip":          "vpredclipped",
	"critic.chart.return":         "回报 $R_t$",
	"critic.chart.error1":         "vpreds − $R_t$",
	"critic.chart.error2":         "vpredclipped − $R_t$",
	"critic.chart.taken":          "max 取到的项",
	"critic.chart.losses1":        "(vpreds − $R_t$)²，vf_losses1",
	"critic.chart.losses2":        "(vpredclipped − $R_t$)²，vf_losses2",
	"critic.chart.clipped_mark":   "✂",
	"critic.chart.clipped_legend": "取到的是裁剪后的项",
}
