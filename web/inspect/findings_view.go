package inspect

import (
	"errors"
	"strconv"

	"gaelab/engine"
	"gaelab/templates"
)

// inspectFindingsView is what the checker found, in the page's language:
// the sanity findings, the releases that reproduce the upload (with the
// lead) and the check of each uploaded quantity.
func inspectFindingsView(ir inspectRequest, f Findings) (sanity, verdict templates.InspectNotes, checks []templates.InspectCheck) {
	t := ir.lang.T
	sanity, verdict = inspectSanityView(t, f.Sanity), inspectVerdictView(t, f.Check)
	sanity.Lines = append(sanity.Lines, RewardLines(t, f.Reward)...)
	verdict.Lines = append(VerdictLines(t, f, ir.config.Get("allow")), verdict.Lines...)
	if f.Check == nil {
		return sanity, verdict, nil
	}
	for _, q := range []struct {
		key string
		q   *Quantity
	}{{"advantages", f.Check.Advantages}, {"returns", f.Check.Returns}} {
		if q.q != nil {
			checks = append(checks, inspectCheckView(ir, q.key, q.q))
		}
	}
	return sanity, verdict, checks
}

// rowAt is the row view of row i at the window holding token t.
func rowAt(ir inspectRequest, i, t int) string {
	return "/inspect/" + ir.id + "/row/" + strconv.Itoa(i) + ir.query("from", strconv.Itoa(t-t%inspectWindow))
}

// whitenError says why whitening failed, in the page's language.
func whitenError(t func(string, ...any) string, err error) string {
	switch {
	case errors.Is(err, engine.ErrNoValidToken):
		return t("inspect.whiten.no_token")
	case errors.Is(err, engine.ErrOneValidToken):
		return t("inspect.whiten.one_token")
	}
	return t("inspect.err.invalid_value", "advantages")
}
