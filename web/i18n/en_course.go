package i18n

// The course's questions: diagnoses, hints, choice boxes and the cells a
// widget hides while a question asks for them.
func init() {
	for k, v := range map[string]string{
		"predict.diagnosed":   "Not quite — and the number says why:",
		"predict.hint":        "Hint:",
		"predict.hidden_cell": "?",
		"predict.hidden_note": "The cells marked ? (and the chart) appear once you answer the question above or show its answer.",
		"lessons.objectives":  "You will be able to:",
		"lessons.needs":       "You need:",
		"lessons.needs.none":  "nothing before this lesson.",
		"lessons.history":     "In verl's history",
		"lessons.answer":      "Answer",
		"quiz.title":          "Final test",
		"quiz.intro":          "%[1]d questions from every lesson. Answer them all, then check: the server scores them with the engine's numbers, explains each wrong answer and links the section that teaches it. The link holds the test, so you can retake the same one.",
		"quiz.check":          "Check my answers",
		"quiz.score":          "%[1]d of %[2]d right.",
		"quiz.section":        "Reread it: %[1]s",
		"quiz.another":        "Another test",
		"quiz.unanswered":     "Not answered.",
		"quiz.bad_seed":       "«%[1]s» is not a test number (a whole number up to 4294967295); here is test 1.",
		"lessons.quiz":        "Final test",
		"glossary.title":      "Glossary",
		"glossary.intro":      "Every term the lessons and the pages use, from one glossary file: its name in English and Chinese, verl's tensor, its symbol in the code's 0-based numbering and in the textbook's 1-based one, a one-line definition and the lesson that teaches it.",
		"glossary.col.term":   "term",
		"glossary.col.other":  "中文",
		"glossary.col.tensor": "verl tensor",
		"glossary.col.zero":   "0-based (code)",
		"glossary.col.one":    "1-based (textbook)",
		"glossary.col.def":    "definition",
		"glossary.col.lesson": "taught in",
		"lessons.glossary":    "Glossary",
		"choice.legend":       "Pick one answer",
		"choice.unknown":      "Pick one of the options.",
		"choice.answer":       "The answer is %[1]s.",

		"hint.score":  "The score sits on one token only: the last valid one (its EOS in most setups); every other token's score is 0.",
		"hint.kld":    "k1 is log π_old − log π_ref at the token; k3 is e^(ref − old) − (ref − old) − 1, never negative.",
		"hint.reward": "r_t = score_t − β·KL_t: start from the score (0 except on the last valid token) and subtract β times the token's KL.",
		"hint.value":  "values[t] = V(s_t) is the state before token t: count tokens from 0 in the code's numbering, from 1 in the textbook's.",
		"hint.next":   "The next value of token t is values[t + 1], the state after the token; at the end of the tensor it is 0.",
		"hint.delta":  "$\\delta_t = r_t + \\gamma V(s_{t+1}) - V(s_t)$: the token's reward plus the next state's value, minus the value before the token.",
		"hint.adv":    "Run the recursion backwards from the last token: $A_t = \\delta_t + \\gamma\\lambda A_{t+1}$, with A = 0 after the end.",
		"hint.ret":    "The return is the advantage plus the value it was measured against: R_t = A_t + V(s_t).",
		"hint.white":  "Whitening subtracts the mean of all valid advantages and divides by their standard deviation: compare this token's A_t with the mean.",
	} {
		en[k] = v
	}
}
