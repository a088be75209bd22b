package play

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// What just changed (issue 35): after an edit, a preset or a step, one line
// under the boundary chart names the one to three cells that moved most and
// why. The state is a link, so the state before is the link the request
// came from: htmx's HX-Current-URL (static/edit.js sends, for every request
// of one drag or one typed edit, the link the edit started from). A whole
// page (a link opened directly, a form sent without JavaScript) has no
// before, and shows no line: what an old link shows never depends on it.

// maxMoved is the most cells the line names.
const maxMoved = 3

// beforeOf is the playground state an htmx request came from, or nil: a
// whole-page request, a request from another page, or a link that does not
// read without a problem.
func beforeOf(r *http.Request) *scenario.Scenario {
	if r.Header.Get("HX-Request") != "true" || r.Header.Get("HX-History-Restore-Request") == "true" {
		return nil
	}
	u, err := url.Parse(r.Header.Get("HX-Current-URL"))
	if err != nil || u.Path != "/play" {
		return nil
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return nil
	}
	s, rep := scenario.Decode(q, pageKeys...)
	if len(rep.Problems) > 0 {
		return nil
	}
	return &s
}

// moved is the line: "" when there is no before, nothing visible moved, or
// the page is a presentation or still hides a part for the class to
// predict (the line would give its numbers away).
func (v View) moved() string {
	b := v.Req.before
	if b == nil || v.Req.View.Present || v.Req.View.NextHidden() != "" {
		return ""
	}
	if scenario.EncodeState(*b) == v.stateOnly {
		return v.movedStep(b.Step)
	}
	before := b.Compute()
	moves := explain.Moves(gaeRun(*b, before), gaeRun(v.S, v.Res))
	var parts []string
	for _, m := range moves {
		if len(parts) == maxMoved {
			break
		}
		was, is := cellOf(before.GAE, m.Row, m.T), cellOf(v.Res.GAE, m.Row, m.T)
		if page.Num(was) == page.Num(is) || v.Req.View.Hidden(string(m.Row)) {
			continue // not a change the page shows
		}
		dir := "moved.rose"
		if m.Delta < 0 {
			dir = "moved.fell"
		}
		parts = append(parts, v.T("moved.cell", v.T("moved.sym."+string(m.Row), v.sub(m.T)), v.T(dir), delta(m.Delta), v.because(m)))
	}
	return strings.Join(parts, v.T("moved.sep"))
}

// delta is |Δ| with two significant digits (two decimals from 1 up): the
// size of a move, where the table keeps the exact values.
func delta(d float64) string {
	if d = math.Abs(d); d >= 1 {
		return strconv.FormatFloat(d, 'f', 2, 64)
	}
	return strconv.FormatFloat(d, 'g', 2, 64)
}

// because words a move's cause.
func (v View) because(m explain.Move) string {
	switch m.Cause {
	case explain.CauseGamma:
		return v.T("moved.gamma")
	case explain.CauseLambda:
		return v.T("moved.lambda")
	case explain.CauseReward:
		return v.T("moved.reward", v.sub(m.Source))
	case explain.CauseValue:
		switch {
		case m.Row == explain.Returns && m.Source == m.T:
			return v.T("moved.value_return", v.sub(m.T))
		case m.Also >= 0:
			return v.T("moved.value_next", v.sub(m.Source), v.sub(m.Also))
		}
		return v.T("moved.value", v.sub(m.Source))
	case explain.CauseNext:
		if m.Source >= 0 {
			return v.T("moved.next", v.sub(m.T), v.sub(m.Source))
		}
	case explain.CauseLater:
		if m.Source >= 0 && m.Also >= 0 {
			return v.T("moved.later", v.sub(m.T), v.sub(m.Source), v.sub(m.Also))
		}
		return v.T("moved.later_none", v.sub(m.T))
	}
	return v.T("moved.mask")
}

// movedStep is the line after a step: the advantage the step wrote, or the
// ones a jump forward wrote; "" for a step back, leaving or starting.
func (v View) movedStep(was int) string {
	k, n := v.S.Step, v.S.Len()
	if k <= max(was, 0) || k > n {
		return ""
	}
	if k-max(was, 0) > 1 {
		return v.T("moved.steps", max(was, 0)+1, k, v.sub(n-max(was, 0)-1), v.sub(n-k))
	}
	t, g := n-k, &v.Res.GAE
	next := g.NextIndex(0, t)
	switch {
	case v.S.Gen().Has(engine.GAEMaskAware) && v.S.Tokens[t].Kind != scenario.Valid:
		if next < 0 {
			return "" // tail padding: its advantage stays 0
		}
		return v.T("moved.step_skip", k, v.sub(t), v.sub(next))
	case next < 0:
		return v.T("moved.step_last", k, v.sub(t), page.Num(g.Advantages[0][t]))
	}
	return v.T("moved.step", k, v.sub(t), page.Num(g.Advantages[0][t]), v.sub(next))
}

// sub is token t's index in the chosen numbering, in subscript digits.
func (v View) sub(t int) string { return subscript(v.Idx(t)) }

// gaeRun is a computed scenario as explain reads it.
func gaeRun(s scenario.Scenario, res scenario.Result) explain.GAERun {
	return explain.GAERun{Gen: s.Gen(), Rewards: res.Rewards, Values: Values(s), Mask: res.Mask, Gamma: s.Gamma, Lam: s.Lam, GAE: res.GAE}
}

// cellOf is the cell (q, t) of a result.
func cellOf(g engine.GAEResult, q explain.Quantity, t int) float64 {
	m := g.Advantages
	switch q {
	case explain.Returns:
		m = g.Returns
	case explain.Whitened:
		m = g.Whitened
	}
	if len(m) == 0 || t >= len(m[0]) {
		return math.NaN()
	}
	return m[0][t]
}
