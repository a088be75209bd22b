package course

import (
	"net/url"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/play"
)

// weights is a lesson's weights block (issue 36): the λ sweep's weights
// chart of one token's n-step estimates, (1−λ)λ^(n−1) from
// explain.NStepWeights, the check that their mix is the engine's A_t, and a
// link that opens the sweep at the same state and token.
func (lr LessonRequest) weights(b *lessons.Weights) templates.WeightsBlock {
	q, _ := url.ParseQuery(b.Link)
	// The view's theme and presenting: the weights' labels are the lesson's
	// smallest chart text, drawn in the projector's type when presenting.
	pr := play.Request{Lang: lr.Lang, LangSet: lr.LangSet, View: page.View{Dark: lr.View.Dark, Present: lr.View.Present}, Charts: lr.Charts}
	panel, errs, link := compare.LessonWeights(pr, q)
	return templates.WeightsBlock{
		ID: "weights-" + b.ID, Errors: errs, Panel: panel,
		Open: templates.Link{Label: lr.Lang.T("weights.open"), URL: link},
	}
}
