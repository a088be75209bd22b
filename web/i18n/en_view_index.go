package i18n

// Finding one's way (issue 26, point 7): the comparison and update views'
// index pages and their entries in the navigation.
var enViewIndex = map[string]string{
	"nav.compare":         "Compare",
	"nav.update":          "Update",
	"index.compare.title": "Compare — GAE Lab",
	"index.compare.intro": "The same response seen five ways. Each picture is drawn from the scenario you have open; click a view to explore it.",
	"index.update.title":  "Update — GAE Lab",
	"index.update.intro":  "What the advantages and returns do next: the critic's and the actor's update, for the scenario you have open.",
	"index.alt":           "Chart of the %s for this scenario",
	"index.lambda":        "How the advantages change as λ goes from 0 (one-step TD) to 1 (Monte Carlo).",
	"index.estimators":    "Monte Carlo, TD and GAE advantages of the same response, side by side.",
	"index.variance":      "How much each estimator varies over many sampled rewards, with a perfect and a biased critic.",
	"index.versions":      "The same response under each verl release: where the numbers differ and why.",
	"index.bugs":          "Bugs verl shipped, each one tick away: what it did to the advantages.",
	"index.critic":        "The value loss and its clipping: which tokens move the critic.",
	"index.actor":         "The PPO objective per token: where the ratio is clipped and the gradient stops.",
}
