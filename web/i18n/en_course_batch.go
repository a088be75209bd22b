package i18n

// The English messages of the lessons' batch blocks and of the questions
// asked on a batch (keys lessons.batch.* and hint.batch.*).
var enCourseBatch = map[string]string{
	"lessons.batch.open":          "Open in the batch view",
	"lessons.batch.cell":          "%[1]s of response i = %[2]d at t = %[3]s",
	"lessons.batch.stat.mean":     "the mean score of group %[1]s",
	"lessons.batch.stat.std":      "the unbiased std of group %[1]s's scores",
	"lessons.batch.stat.score":    "the score s_i of response %[1]s",
	"lessons.batch.stat.wmean":    "the mean of the raw advantages over the batch's valid tokens",
	"lessons.batch.stat.wstd":     "the std of the raw advantages over the batch's valid tokens",
	"lessons.batch.whiten":        "Whitening over the whole batch: %[1]d valid tokens of %[2]d responses, mean %[3]s, std %[4]s (unbiased).",
	"lessons.batch.whiten_hidden": "Whitening over the whole batch: its mean and std appear once you answer the question above.",
	"hint.batch.reward":           "Each response's score sits on its last valid token; every other reward is 0 (no KL here).",
	"hint.batch.value":            "values[i][t] = $V(s_t)$ of response i: the state before token t.",
	"hint.batch.adv":              "Run GAE backwards along response i only: $A_t = \\delta_t + \\gamma\\lambda A_{t+1}$, with $\\delta_t = r_t + \\gamma V(s_{t+1}) - V(s_t)$ and nothing after its last valid token.",
	"hint.batch.white":            "Whitening uses one mean and one std over every valid token of every response: (A − mean)/std.",
	"hint.batch.grpo":             "GRPO compares the response's score with its group: $(s_i - \\text{mean})/(\\text{std} + \\text{1e-6})$, the same on each of its valid tokens.",
	"hint.batch.drgrpo":           "Without the std, GRPO's advantage is the score minus the group mean, $s_i - \\text{mean}$.",
	"hint.batch.rloo":             "RLOO subtracts the mean of the other responses of the group: $\\frac{n}{n-1}(s_i - \\text{mean})$.",
	"hint.batch.rpp":              "REINFORCE++ whitens the reward-to-go over the whole batch.",
	"hint.batch.rppb":             "REINFORCE++-baseline subtracts the group mean, then whitens over the whole batch.",
	"hint.batch.remax":            "ReMax subtracts the greedy response's reward $b_i$ from the reward-to-go.",
	"hint.batch.mean":             "Add the group's scores and divide by how many there are.",
	"hint.batch.std":              "The unbiased std divides the sum of squared deviations from the mean by n − 1, then takes the square root.",
	"hint.batch.score":            "$s_i$ adds up response i's rewards: here its score alone.",
	"hint.batch.wmean":            "Average the raw advantages $A_t$ of every valid token of every response, padding left out.",
	"hint.batch.wstd":             "Take the raw advantages of every valid token of the batch, their mean, then the unbiased std around it.",
}

// The English messages of the questions on the variance lab (keys
// lessons.lab.* and hint.lab.*).
var enLab = map[string]string{
	"lessons.lab.cell":         "%[1]s of A₀, %[2]s, λ = %[3]s",
	"lessons.lab.stat.mean":    "the measured mean",
	"lessons.lab.stat.sqbias":  "the measured bias²",
	"lessons.lab.stat.var":     "the measured variance",
	"lessons.lab.stat.mse":     "the measured MSE",
	"lessons.lab.stat.xmean":   "the exact mean",
	"lessons.lab.stat.xsqbias": "the exact bias²",
	"lessons.lab.stat.xvar":    "the exact variance",
	"lessons.lab.stat.xmse":    "the exact MSE",
	"lessons.lab.true":         "the true advantage A(s₀, a₀)",
	"lessons.lab.best":         "the λ with the smallest measured MSE, %[1]s",
	"hint.lab.mean":            "Read the lab's table: the mean of the N estimates of A₀ for that critic and λ.",
	"hint.lab.sqbias":          "Bias² is the square of how far the estimates' mean sits from the true advantage.",
	"hint.lab.var":             "Read the lab's table: the variance column, on that critic's row for that λ.",
	"hint.lab.mse":             "MSE = bias² + variance: add the two columns of that row.",
	"hint.lab.best":            "Compare the MSE column of that critic's rows and take the λ of the smallest.",
	"hint.lab.true":            "The true advantage is the same on every row: the toy's A(s₀, a₀), known in closed form.",
}
