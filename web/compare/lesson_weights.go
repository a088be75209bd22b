package compare

import (
	"net/url"

	"gaelab/templates"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// LessonWeights is the λ sweep's weights panel for a lesson's weights block
// (issue 36): the state of q (a λ sweep query, as after /compare/lambda?,
// t= naming the token), the weights chart of that token's n-step estimates
// under the state's λ, the check of their mix against the engine's A_t, and
// the sweep's link at the same state and token. base carries the learner's
// language and view; its state is replaced by q's.
func LessonWeights(base play.Request, q url.Values) (panel templates.WeightsPanel, errs []string, link string) {
	pr := base
	pr.S, pr.Rep = scenario.Decode(q, LambdaKeys...)
	at := sweepToken(q, &pr)
	v := newLambdaView(pr, at)
	errs = append(v.Messages(v.Req.Rep.Problems), v.Messages(v.Req.Rep.Warnings)...)
	return v.weights(), errs, v.link()
}
