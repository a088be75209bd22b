package i18n

// What just changed on the playground: the line under the
// boundary chart after an edit, a preset or a step, naming the cells that
// moved most and why (engine/explain's Moves), and the invitation's next
// step once the first screen's drag is done.
var enPlayMoved = map[string]string{
	"moved.rose": "rose",
	"moved.fell": "fell",
	// A₃ fell by 0.36: V(s₃) is subtracted in δ₃ and is δ₂'s next value
	"moved.cell":      "%[1]s %[2]s by %[3]s: %[4]s",
	"moved.sep":       "; ",
	"moved.sym.adv":   "A%s",
	"moved.sym.ret":   "R%s",
	"moved.sym.white": "Â%s",

	"moved.gamma":        "γ changed, and γ discounts every next value and every later δ",
	"moved.lambda":       "λ changed, and λ weighs each later δ by (γλ)ᵏ",
	"moved.mask":         "the mask changed which tokens the loop counts and whitening averages",
	"moved.reward":       "r%[1]s is added in δ%[1]s",
	"moved.value":        "V(s%[1]s) is subtracted in δ%[1]s",
	"moved.value_next":   "V(s%[1]s) is subtracted in δ%[1]s and is δ%[2]s's next value",
	"moved.value_return": "R%[1]s = A%[1]s + V(s%[1]s) adds V(s%[1]s)",
	"moved.next":         "V(s%[2]s) is δ%[1]s's next value",
	"moved.later":        "δ%[2]s moved, and A%[1]s carries γλ·A%[3]s",
	"moved.later_none":   "A%[1]s carries γλ times the advantage after it",

	"moved.step":      "Step %[1]d wrote A%[2]s = %[3]s: δ%[2]s + γλ·A%[4]s",
	"moved.step_last": "Step %[1]d wrote A%[2]s = δ%[2]s = %[3]s: no advantage after it to carry",
	"moved.step_skip": "Step %[1]d skipped token %[2]s (mask 0): A%[2]s carries A%[3]s",
	"moved.steps":     "Steps %[1]d–%[2]d wrote A%[3]s … A%[4]s",

	"first.next": "Next: watch GAE's loop compute each Aₜ, from the last token back.",
}
