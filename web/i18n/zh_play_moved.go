package i18n

// 游乐场上“刚才变了什么”（issue 35）：编辑、换预设或单步之后，边界图下的一行，
// 说出变化最大的格子和原因（engine/explain 的 Moves）；第一屏的拖动做完之后，邀请换成下一步。
var zhPlayMoved = map[string]string{
	"moved.rose": "上升",
	"moved.fell": "下降",
	// A₃ 下降了 0.36：V(s₃) 在 δ₃ 中被减去，也是 δ₂ 的下一状态价值
	"moved.cell":      "%[1]s %[2]s了 %[3]s：%[4]s",
	"moved.sep":       "；",
	"moved.sym.adv":   "A%s",
	"moved.sym.ret":   "R%s",
	"moved.sym.white": "Â%s",

	"moved.gamma":        "γ 变了，而 γ 折扣每个下一状态价值和之后的每个 δ",
	"moved.lambda":       "λ 变了，而 λ 以 (γλ)ᵏ 加权之后的每个 δ",
	"moved.mask":         "掩码变了：循环计入哪些 token、白化对哪些取平均都随之改变",
	"moved.reward":       "r%[1]s 在 δ%[1]s 中被加上",
	"moved.value":        "V(s%[1]s) 在 δ%[1]s 中被减去",
	"moved.value_next":   "V(s%[1]s) 在 δ%[1]s 中被减去，也是 δ%[2]s 的下一状态价值",
	"moved.value_return": "R%[1]s = A%[1]s + V(s%[1]s) 加上了 V(s%[1]s)",
	"moved.next":         "V(s%[2]s) 是 δ%[1]s 的下一状态价值",
	"moved.later":        "δ%[2]s 变了，而 A%[1]s 带着 γλ·A%[3]s",
	"moved.later_none":   "A%[1]s 带着 γλ 乘以它之后的优势",

	"moved.step":      "第 %[1]d 步写下 A%[2]s = %[3]s：δ%[2]s + γλ·A%[4]s",
	"moved.step_last": "第 %[1]d 步写下 A%[2]s = δ%[2]s = %[3]s：它之后没有可带的优势",
	"moved.step_skip": "第 %[1]d 步跳过 token %[2]s（掩码为 0）：A%[2]s 带着 A%[3]s",
	"moved.steps":     "第 %[1]d–%[2]d 步写下 A%[3]s … A%[4]s",

	"first.next": "下一步：看 GAE 的循环从最后一个 token 往回算出每个 Aₜ。",
}
