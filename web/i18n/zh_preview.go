package i18n

// 链接预览：场景页面的 OpenGraph 与 Twitter 卡片标签及其预览图。
var zhPreview = map[string]string{
	"card.title":       "%[1]s — %[2]s",
	"card.edited":      "改自「%[1]s」",
	"card.tokens":      "%[1]d 个 token：%[2]s",
	"card.diff":        "相对示例的改动：%[1]s。",
	"card.diff.sep":    "；",
	"card.diff.gamma":  "γ = %[1]s",
	"card.diff.lam":    "λ = %[1]s",
	"card.diff.beta":   "β = %[1]s",
	"card.diff.prompt": "提示词",
	"card.diff.tok":    "%[2]d 个 token 中的 %[1]d 个",
	"card.diff.len":    "%[1]d 个 token（原为 %[2]d 个）",
	"card.desc":        "%[1]s（%[2]s）。逐个 token 的 $V(s_t)$、$R_t$ 与 GAE 优势 $A_t$，按 verl %[3]s 的算法计算。",
	"card.batch.desc":  "%[1]s：同一提示词的 %[2]d 条回复，在整批上白化的 GAE，按 verl %[3]s 的算法计算。",
	"card.image.alt":   "场景的图：$V(s_t)$ 在 token 之间的边界上，$R_t$ 与 $A_t$ 在 token 上。",
	"card.batch.row":   "回复 i = %[1]d · verl %[2]s",
	"preview.too_long": "链接预览最多画 %[1]d 个 token；这条回复有 %[2]d 个。",
}
