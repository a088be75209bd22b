package i18n

// 课程里的题目：诊断、提示、选择题，以及题目在问时小组件遮住的格子。
func init() {
	for k, v := range map[string]string{
		"predict.diagnosed":   "还不对——这个数说明了原因：",
		"predict.hint":        "提示：",
		"predict.hidden_cell": "？",
		"predict.hidden_note": "标着 ？ 的格子（以及图）在你回答上面的问题或查看答案之后才会显示。",
		"lessons.objectives":  "学完这一课，你将能够：",
		"lessons.needs":       "你需要先学：",
		"lessons.needs.none":  "不需要先学别的课。",
		"lessons.history":     "在 verl 的历史里",
		"lessons.answer":      "答案",
		"quiz.title":          "期末测验",
		"quiz.intro":          "%[1]d 道题，来自每一课。全部作答后点检查：服务器用引擎算出的数评分，解释每个错误答案，并链接到讲授它的那一节。链接里保存着这套题，可以再做一遍同样的。",
		"quiz.check":          "检查我的答案",
		"quiz.score":          "答对 %[1]d 题，共 %[2]d 题。",
		"quiz.section":        "回去再读：%[1]s",
		"quiz.another":        "换一套题",
		"quiz.unanswered":     "未作答。",
		"quiz.bad_seed":       "«%[1]s» 不是测验编号（不超过 4294967295 的整数）；这里给出第 1 套。",
		"lessons.quiz":        "期末测验",
		"glossary.title":      "术语表",
		"glossary.intro":      "课程和各页面用到的每个术语，都来自同一个术语文件：中英文名称、verl 中的张量、按代码从 0 开始编号和按教材从 1 开始编号的符号、一句话定义，以及讲授它的那一课。",
		"glossary.col.term":   "术语",
		"glossary.col.other":  "English",
		"glossary.col.tensor": "verl 张量",
		"glossary.col.zero":   "从 0 编号（代码）",
		"glossary.col.one":    "从 1 编号（教材）",
		"glossary.col.def":    "定义",
		"glossary.col.lesson": "所在课程",
		"lessons.glossary":    "术语表",
		"choice.legend":       "选一个答案",
		"choice.unknown":      "请从选项中选一个。",
		"choice.answer":       "答案是 %[1]s。",

		"hint.score":  "分数只落在一个 token 上：最后一个有效 token（多数设置下是它的 EOS）；其余 token 的分数都是 0。",
		"hint.kld":    "k1 是该 token 的 log π_old − log π_ref；k3 是 e^(ref − old) − (ref − old) − 1，永远不为负。",
		"hint.reward": "r_t = score_t − β·KL_t：从分数出发（除最后一个有效 token 外都是 0），再减去 β 乘以该 token 的 KL。",
		"hint.value":  "values[t] = V(s_t) 是 token t 之前的状态：代码编号从 0 数 token，教科书编号从 1 数。",
		"hint.next":   "token t 的下一个值是 values[t + 1]，即该 token 之后的状态；在张量末尾它是 0。",
		"hint.delta":  "$\\delta_t = r_t + \\gamma V(s_{t+1}) - V(s_t)$：该 token 的奖励加上下一个状态的值，再减去 token 之前的值。",
		"hint.adv":    "从最后一个 token 往回跑递推：$A_t = \\delta_t + \\gamma\\lambda A_{t+1}$，末尾之后 A = 0。",
		"hint.ret":    "回报等于优势加上衡量它所用的值：R_t = A_t + V(s_t)。",
		"hint.white":  "白化会减去所有有效优势的均值，再除以它们的标准差：拿这个 token 的 A_t 和均值比一比。",
	} {
		zh[k] = v
	}
}
