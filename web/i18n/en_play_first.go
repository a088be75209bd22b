package i18n

// The playground's first screen: the example's story, with an
// English gloss of each preset's Chinese prompt and response, the
// invitation to drag a mark, and the way to lesson 1.
var enPlayFirst = map[string]string{
	"first.story":  "The example: %[1]s → %[2]s%[3]s",
	"first.gloss":  " (%s)",
	"first.lesson": "Start with lesson 1 →",
	"first.invite": "Drag V(s%[1]s) and watch A%[1]s change.",

	"preset.seed-a.gloss":         "“Tell a three-word story” → “Once upon a time, there was a mountain”",
	"preset.seed-b.gloss":         "“Is 1+1=2?” → “Yes, it equals 2!”",
	"preset.pipeline.gloss":       "“Do you know that 1+1=2?” → “Yes, 1+1=2”",
	"preset.kl-only.gloss":        "“Is 1+1=2?” → “Yes, it equals 2!”",
	"preset.eos-padding.gloss":    "“1+1=?” → “Equals 2.”",
	"preset.v02-eos-leak.gloss":   "“1+1=?” → “Equals 2.”",
	"preset.multi-turn.gloss":     "“3 squared? Use a calculator.” → “calls calc, answer: 9”",
	"preset.perfect-critic.gloss": "“1+1=?” → “1+1 equals 2.”",
	"preset.zero-critic.gloss":    "“1+1=?” → “1+1 equals 2.”",
	"preset.lambda-0.gloss":       "“Tell a three-word story” → “Once upon a time, there was a mountain”",
	"preset.lambda-1.gloss":       "“Tell a three-word story” → “Once upon a time, there was a mountain”",
}
