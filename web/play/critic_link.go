package play

import (
	"math"

	"gaelab/engine/explain"
	"gaelab/web/scenario"
)

// CriticDefaultCV is /update/critic's default cliprange_value.
const CriticDefaultCV = 0.5

// CriticLink is the view's state opened in /update/critic with the
// predictions of a later mini-batch that show the value clip: each valid
// token's vpreds[t] three quarters of the way from values[t] to R_t, and a
// cliprange_value that makes at least one token clip on each side where the
// returns allow it (explain.ClippingCritic). Without such a critic (every
// return equals its value) it is the state's plain link. The link is
// canonical: vp= and cv= as /update/critic writes them.
func (v View) CriticLink() string {
	old := Values(v.S)
	_, feed := v.S.LossSource(v.Res) // the returns that feed the state's value loss
	ret := feed.GAE.Returns[0]
	vp, cv, ok := explain.ClippingCritic(old, ret, v.Res.Mask, CriticDefaultCV)
	for _, x := range vp {
		ok = ok && math.Abs(x) <= scenario.MaxMagnitude // what vp= accepts
	}
	if !ok {
		return v.link("/update/critic")
	}
	w := scenario.ExtendLink(v.State)
	w.Numbers("vp", vp, old)
	w.Number("cv", cv, CriticDefaultCV)
	return v.Req.LinkTo("/update/critic", w.String())
}
