package i18n

// The PPO step on one page (/lessons/diagram).
var enDiagram = map[string]string{
	"diagram.title":          "One PPO step in verl, on one page",
	"diagram.intro":          "What happens to a batch of responses in one PPO step, from the rollout to the two updates. Each stage names verl's tensors and function, and links the lesson that teaches it.",
	"diagram.shapes":         "Every tensor is [B, R]: B responses (rows), R the width of the response tensor; t indexes the response's tokens from 0.",
	"diagram.text":           "The same, as text",
	"lessons.diagram":        "The PPO step on one page",
	"diagram.rollout.title":  "Rollout",
	"diagram.rollout.who":    "the actor writes B responses",
	"diagram.logprobs.title": "Old and reference log-probs",
	"diagram.logprobs.who":   "actor and reference model",
	"diagram.values.title":   "Values V(sₜ)",
	"diagram.values.who":     "critic",
	"diagram.rewards.title":  "Scores and rewards",
	"diagram.rewards.who":    "reward model, then r = score − β·KL",
	"diagram.gae.title":      "GAE",
	"diagram.gae.who":        "backward loop over t",
	"diagram.whiten.title":   "Whitening",
	"diagram.whiten.who":     "advantages over the whole batch",
	"diagram.critic.title":   "Critic update",
	"diagram.critic.who":     "values toward returns",
	"diagram.actor.title":    "Actor update",
	"diagram.actor.who":      "clipped ratio × advantages",
}
