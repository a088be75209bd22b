package play

import (
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The batch view's tables: a response's token table, whitening's effect
// on the response in focus, and the group statistics.

// RowTable is response i's token table: r_t, V(s_t), raw and whitened GAE
// advantages, then every estimator's advantage.
func (v BatchView) RowTable(i int) templates.BatchRowTable {
	row, res := v.B.Rows[i], v.Res
	cols := v.columns(i)
	tb := templates.Table{Caption: v.T("batch.table.caption", i), Corner: "t", Columns: cols}
	tb.Rows = append(tb.Rows,
		numbersRow("reward", v.T("row.reward"), "token_level_rewards", "q-reward", res.Rewards[i], cols),
		numbersRow("value", v.T("row.value"), "values", "q-value", res.Values[i], cols),
		numbersRow("adv", v.T("row.adv"), "lastgaelam", "", res.GAE.Advantages[i], cols))
	if res.GAE.Whitened != nil {
		tb.Rows = append(tb.Rows, numbersRow("white", v.T("batch.row.white"), "advantages", "q-whitened", res.GAE.Whitened[i], cols))
	}
	for _, e := range batchEstimators {
		est, _ := res.Estimate(e.Key)
		if est.Err == nil {
			swatch := ""
			if e.ID == "grpo" {
				swatch = "q-advantage" // as in the chart
			}
			tb.Rows = append(tb.Rows, numbersRow(e.ID, v.T(e.Label), e.code, swatch, est.Advantages[i], cols))
		}
	}
	return templates.BatchRowTable{
		ID:      "batch-row-" + strconv.Itoa(i),
		Heading: v.T("batch.row.heading", i, row.Group, scenario.FormatNumber(res.Scores[i])),
		Table:   tb,
	}
}

// effect shows the response in focus whitened alone and in the batch.
func (v BatchView) effect() templates.BatchEffect {
	i := v.B.Focus
	g, alone := v.Res.GAE, v.Res.Alone[i]
	e := templates.BatchEffect{
		Heading:   v.T("batch.effect.heading", i),
		Point:     v.T("batch.effect.point"),
		PickLabel: v.T("batch.effect.pick"),
		Playground: templates.Link{Label: v.T("batch.open", i),
			URL: page.Link{Path: "/play", State: scenario.Encode(v.B.Scenario(i)), Lang: v.Br.Lang}.String()},
	}
	if s, ok := v.WhitenProblem(g.WhitenErr); ok {
		e.Stats = append(e.Stats, v.T("summary.whiten_none", s))
	} else {
		e.Stats = append(e.Stats, v.T("batch.effect.batch", g.Whitening.N, page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	if s, ok := v.WhitenProblem(alone.WhitenErr); ok {
		e.Stats = append(e.Stats, v.T("batch.effect.alone_none", s))
	} else {
		e.Stats = append(e.Stats, v.T("batch.effect.alone", alone.Whitening.N, page.Num(alone.Whitening.Mean), page.Num(alone.Whitening.VarUnbiased)))
	}
	cols := v.columns(i)
	e.Table = templates.Table{Caption: v.T("batch.effect.caption", i), Corner: "t", Columns: cols}
	e.Table.Rows = append(e.Table.Rows, numbersRow("eff-raw", v.T("batch.effect.raw"), "lastgaelam", "", g.Advantages[i], cols))
	if g.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-batch", v.T("batch.effect.in_batch"), "advantages", "q-whitened", g.Whitened[i], cols))
	}
	if alone.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-alone", v.T("batch.effect.alone_row"), "advantages", "", alone.Whitened[0], cols))
	}
	if g.Whitened != nil && alone.Whitened != nil {
		diff := make([]float64, v.Res.Width)
		for t := range diff {
			diff[t] = g.Whitened[i][t] - alone.Whitened[0][t]
		}
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-diff", v.T("batch.effect.diff"), "", "", diff, cols))
	}
	for k := range v.B.Rows {
		e.Pick = append(e.Pick, templates.Link{Label: "i = " + strconv.Itoa(k), Current: k == i, URL: v.URL("/batch", k)})
	}
	return e
}

// Groups is the group statistics table: per group its responses, their
// scores s_i, the group mean and the unbiased std GRPO uses.
func (v BatchView) Groups() templates.BatchGroups {
	gs := templates.BatchGroups{
		Heading: v.T("batch.groups.heading"), Caption: v.T("batch.groups.caption"), Note: v.T("batch.groups.note"),
		Head: []string{v.T("batch.groups.id"), v.T("batch.groups.members"), v.T("batch.groups.scores"),
			v.T("batch.groups.n"), v.T("batch.groups.mean"), v.T("batch.groups.std"), v.T("batch.groups.remark")},
	}
	for _, st := range v.Res.Groups {
		members, scores := make([]string, len(st.Members)), make([]string, len(st.Scores))
		for k, i := range st.Members {
			members[k] = strconv.Itoa(i)
		}
		for k, s := range st.Scores {
			scores[k] = scenario.FormatNumber(s)
		}
		note := ""
		if len(st.Members) == 1 {
			note = v.T("batch.groups.singleton")
		}
		gs.Rows = append(gs.Rows, []string{st.ID, strings.Join(members, ", "), strings.Join(scores, ", "),
			strconv.Itoa(len(st.Members)), page.Num(st.Mean), page.Num(st.StdUnbiased), note})
	}
	return gs
}
