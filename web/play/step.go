package play

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// stepMarks says, at step k of GAE's backward loop, which cells exist yet
// and which the step reads and writes. Step k has processed t = T−1 … T−k;
// k = 0 is before the loop, k = T after it.
type stepMarks struct {
	active bool
	k, n   int
	cur    int         // the t written by step k (T−k), or −1
	reads  [][2]string // (row, t) cells the step reads
}

func (v View) stepMarks() stepMarks {
	m := stepMarks{active: v.S.Step >= 0, k: v.S.Step, n: v.S.Len(), cur: -1}
	if !m.active || m.k == 0 {
		return m
	}
	m.cur = m.n - m.k
	m.reads = append(m.reads, [2]string{"reward", strconv.Itoa(m.cur)}, [2]string{"value", strconv.Itoa(m.cur)})
	if j := v.nextIndex(m.cur); j >= 0 {
		m.reads = append(m.reads, [2]string{"value", strconv.Itoa(j)})
	}
	if m.cur+1 < m.n {
		m.reads = append(m.reads, [2]string{"adv", strconv.Itoa(m.cur + 1)})
	}
	return m
}

// nextIndex is the position whose value the loop used as V(s_{t+1}) at t
// (the engine's trace, GAEResult.NextIndex), −1 for the terminal value 0.
func (v View) nextIndex(t int) int { return v.Res.GAE.NextIndex(0, t) }

// loopRows are the rows the loop writes.
var loopRows = map[string]bool{"next": true, "delta": true, "adv": true, "ret": true}

// hidden reports whether a cell has not been computed yet at this step.
func (m stepMarks) hidden(row string, t int) bool {
	if !m.active {
		return false
	}
	if row == "white" {
		return m.k < m.n
	}
	return loopRows[row] && t < m.n-m.k
}

// class returns the step classes of a cell.
func (m stepMarks) class(row string, t int) string {
	var c string
	for _, r := range m.reads {
		if r[0] == row && r[1] == strconv.Itoa(t) {
			c = " step-read"
		}
	}
	if t == m.cur && loopRows[row] {
		c += " step-write"
	}
	return c
}

// markedRows are the rows whose cells a step reads or writes.
var markedRows = map[string]bool{"reward": true, "value": true, "next": true, "delta": true, "adv": true, "ret": true}

// id returns the id of a cell the step-through marks at some step ("" for
// the others and before the loop): "cell-<row>-<t>", the same at every step,
// so that the outline can pass from one step's cells to the next's.
func (m stepMarks) id(row string, t int) string {
	if !m.active || !markedRows[row] {
		return ""
	}
	return "cell-" + row + "-" + strconv.Itoa(t)
}

// step is the step-through panel.
func (v View) step() templates.Step {
	n := v.S.Len()
	st := templates.Step{Heading: v.T("step.heading"), Play: v.T("step.play"), Pause: v.T("step.pause")}
	base := v.stateOnly
	at := func(k int) string { return v.stepLink(base, k, v.S.Speed) }
	if v.S.Step < 0 {
		st.Start = templates.Link{Label: v.T("step.start"), URL: at(0)}
		return st
	}
	k := v.S.Step
	st.Active = true
	st.First = templates.Link{Label: v.T("step.first")}
	st.Back = templates.Link{Label: v.T("step.back")}
	st.Next = templates.Link{Label: v.T("step.next")}
	st.Last = templates.Link{Label: v.T("step.last")}
	if k > 0 {
		st.First.URL, st.Back.URL = at(0), at(k-1)
	}
	if k < n {
		st.Next.URL, st.Last.URL = at(k+1), at(n)
	}
	st.Exit = templates.Link{Label: v.T("step.exit"), URL: at(-1)}
	v.speeds(&st, base)
	switch {
	case k == 0:
		st.Status = v.T("step.before", v.Idx(n-1), v.Idx(0))
	default:
		t := n - k
		st.Status = v.T("step.at", k, n, v.Idx(t))
		st.Lines = v.stepLines(t)
		if k == n {
			st.Lines = append(st.Lines, templates.Rich(v.Req.Lang.HTML("step.done")))
		}
	}
	return st
}

// stepLines says what the step at t read, wrote and carried, its symbols
// typeset as MathML.
func (v View) stepLines(t int) []templates.Rich {
	g, i, lang := v.Res.GAE, "{"+v.Idx(t)+"}", v.Req.Lang
	next, aNext := page.Num(g.NextValues[0][t]), "0"
	if t+1 < v.S.Len() {
		aNext = page.Num(g.Advantages[0][t+1])
	}
	// Each equation is its own formula, so that a narrow step panel (a
	// projector's) wraps a line between them.
	line := func(key string, pairs ...string) templates.Rich {
		var eqs []string
		for i := 0; i+1 < len(pairs); i += 2 {
			eqs = append(eqs, i18n.Math(page.Joinf(pairs[i], pairs[i+1]), false))
		}
		return templates.Rich(lang.HTML(key, i18n.RawHTML(strings.Join(eqs, ", "))))
	}
	lines := []templates.Rich{line("step.read", "r_"+i, page.Num(v.Res.Rewards[t]), "V(s_"+i+")", page.Num(v.S.Tokens[t].Value), `V_{\text{next}}`, next, `A_{\text{next}}`, aNext)}
	if v.S.Gen().Has(engine.GAEMaskAware) && v.S.Tokens[t].Kind != scenario.Valid {
		lines = append(lines, line("step.write", `\delta_`+i, page.Num(g.Deltas[0][t])), templates.Rich(lang.HTML("step.skip")))
	} else {
		// δ_t and A_t formed from what the step read (the line above holds
		// the numbers), then R_t.
		delta := `\delta_` + i + ` = r_` + i + ` + \gamma V_{\text{next}} - V(s_` + i + `) = ` + page.Num(g.Deltas[0][t])
		adv := i18n.Math(`A_`+i+` = \delta_`+i+` + \gamma\lambda A_{\text{next}} = `+page.Num(g.Advantages[0][t]), false) + ", " +
			i18n.Math(`R_`+i+` = A_`+i+` + V(s_`+i+`) = `+page.Num(g.Returns[0][t]), false)
		lines = append(lines, templates.Rich(lang.HTML("step.write", i18n.RawHTML(i18n.Math(delta, false)))), templates.Rich(lang.HTML("step.write", i18n.RawHTML(adv))))
	}
	carriedV := v.S.Tokens[t].Value
	if v.S.Gen().Has(engine.GAEMaskAware) && v.S.Tokens[t].Kind != scenario.Valid {
		carriedV = g.NextValues[0][t]
	}
	lines = append(lines, templates.Rich(lang.HTML("step.carry", page.Num(carriedV), page.Num(g.Advantages[0][t]))))
	return lines
}

// stepLink is the playground's link of this state, encoded without its
// view as base (scenario.EncodeState), at step k (−1: not stepping) and
// auto-play speed x, as with() writes it; the step panel encodes the state
// once for its ten links.
func (v View) stepLink(base string, k int, x float64) string {
	s := v.S
	s.Step = k
	s.SetSpeed(x)
	pr := v.Req
	pr.View.WinSet = false
	return pr.LinkTo("/play", base+s.ViewQuery())
}

// speeds sets auto-play's interval from the link's speed= and links the
// speeds on offer (SpeedChoices, and the link's own when it is another).
func (v View) speeds(st *templates.Step, base string) {
	cur := v.S.StepsPerSecond()
	st.Interval = int(math.Round(1000 / cur))
	st.SpeedLabel = v.T("step.speed")
	choices := scenario.SpeedChoices
	if !slices.Contains(choices, cur) {
		choices = append(slices.Clone(choices), cur)
		slices.Sort(choices)
	}
	for _, x := range choices {
		st.Speeds = append(st.Speeds, templates.Link{
			Label: scenario.FormatNumber(x), Current: x == cur,
			Title: v.T("step.speed.choice", scenario.FormatNumber(x), scenario.FormatNumber(1/x)),
			URL:   v.stepLink(base, v.S.Step, x),
		})
	}
}
