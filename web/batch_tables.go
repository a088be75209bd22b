package web

import (
	"gaelab/web/page"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/scenario"
)

// The batch view's tables: a response's token table, whitening's effect
// on the response in focus, and the group statistics.

// rowTable is response i's token table: r_t, V(s_t), raw and whitened GAE
// advantages, then every estimator's advantage.
func (v batchView) rowTable(i int) templates.BatchRowTable {
	row, res := v.b.Rows[i], v.res
	cols := v.columns(i)
	tb := templates.Table{Caption: v.t("batch.table.caption", i), Corner: "t", Columns: cols}
	tb.Rows = append(tb.Rows,
		numbersRow("reward", v.t("row.reward"), "token_level_rewards", "q-reward", res.Rewards[i], cols),
		numbersRow("value", v.t("row.value"), "values", "q-value", res.Values[i], cols),
		numbersRow("adv", v.t("row.adv"), "lastgaelam", "", res.GAE.Advantages[i], cols))
	if res.GAE.Whitened != nil {
		tb.Rows = append(tb.Rows, numbersRow("white", v.t("batch.row.white"), "advantages", "q-whitened", res.GAE.Whitened[i], cols))
	}
	for _, e := range batchEstimators {
		est, _ := res.Estimate(e.key)
		if est.Err == nil {
			swatch := ""
			if e.id == "grpo" {
				swatch = "q-advantage" // as in the chart
			}
			tb.Rows = append(tb.Rows, numbersRow(e.id, v.t(e.label), e.code, swatch, est.Advantages[i], cols))
		}
	}
	return templates.BatchRowTable{
		ID:      "batch-row-" + strconv.Itoa(i),
		Heading: v.t("batch.row.heading", i, row.Group, scenario.FormatNumber(res.Scores[i])),
		Table:   tb,
	}
}

// effect shows the response in focus whitened alone and in the batch.
func (v batchView) effect() templates.BatchEffect {
	i := v.b.Focus
	g, alone := v.res.GAE, v.res.Alone[i]
	e := templates.BatchEffect{
		Heading:   v.t("batch.effect.heading", i),
		Point:     v.t("batch.effect.point"),
		PickLabel: v.t("batch.effect.pick"),
		Playground: templates.Link{Label: v.t("batch.open", i),
			URL: page.Link{Path: "/play", State: scenario.Encode(v.b.Scenario(i)), Lang: v.br.lang}.String()},
	}
	if s, ok := v.whitenProblem(g.WhitenErr); ok {
		e.Stats = append(e.Stats, v.t("summary.whiten_none", s))
	} else {
		e.Stats = append(e.Stats, v.t("batch.effect.batch", g.Whitening.N, page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	if s, ok := v.whitenProblem(alone.WhitenErr); ok {
		e.Stats = append(e.Stats, v.t("batch.effect.alone_none", s))
	} else {
		e.Stats = append(e.Stats, v.t("batch.effect.alone", alone.Whitening.N, page.Num(alone.Whitening.Mean), page.Num(alone.Whitening.VarUnbiased)))
	}
	cols := v.columns(i)
	e.Table = templates.Table{Caption: v.t("batch.effect.caption", i), Corner: "t", Columns: cols}
	e.Table.Rows = append(e.Table.Rows, numbersRow("eff-raw", v.t("batch.effect.raw"), "lastgaelam", "", g.Advantages[i], cols))
	if g.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-batch", v.t("batch.effect.in_batch"), "advantages", "q-whitened", g.Whitened[i], cols))
	}
	if alone.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-alone", v.t("batch.effect.alone_row"), "advantages", "", alone.Whitened[0], cols))
	}
	if g.Whitened != nil && alone.Whitened != nil {
		diff := make([]float64, v.res.Width)
		for t := range diff {
			diff[t] = g.Whitened[i][t] - alone.Whitened[0][t]
		}
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-diff", v.t("batch.effect.diff"), "", "", diff, cols))
	}
	for k := range v.b.Rows {
		e.Pick = append(e.Pick, templates.Link{Label: "i = " + strconv.Itoa(k), Current: k == i, URL: v.url("/batch", k)})
	}
	return e
}

// groups is the group statistics table: per group its responses, their
// scores s_i, the group mean and the unbiased std GRPO uses.
func (v batchView) groups() templates.BatchGroups {
	gs := templates.BatchGroups{
		Heading: v.t("batch.groups.heading"), Caption: v.t("batch.groups.caption"), Note: v.t("batch.groups.note"),
		Head: []string{v.t("batch.groups.id"), v.t("batch.groups.members"), v.t("batch.groups.scores"),
			v.t("batch.groups.n"), v.t("batch.groups.mean"), v.t("batch.groups.std"), v.t("batch.groups.remark")},
	}
	for _, st := range v.res.Groups {
		members, scores := make([]string, len(st.Members)), make([]string, len(st.Scores))
		for k, i := range st.Members {
			members[k] = strconv.Itoa(i)
		}
		for k, s := range st.Scores {
			scores[k] = scenario.FormatNumber(s)
		}
		note := ""
		if len(st.Members) == 1 {
			note = v.t("batch.groups.singleton")
		}
		gs.Rows = append(gs.Rows, []string{st.ID, strings.Join(members, ", "), strings.Join(scores, ", "),
			strconv.Itoa(len(st.Members)), page.Num(st.Mean), page.Num(st.StdUnbiased), note})
	}
	return gs
}
