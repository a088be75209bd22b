package course

import (
	"slices"
	"strings"

	"gaelab/web/chart"
	"gaelab/web/play"
)

// chartRows are the table rows whose numbers each chart draws (the values
// chart's R_t and A_t can be left out through its step frame, so they are
// listed apart in stepRows).
var chartRows = map[string][]string{
	"values":     {"value", "next"},
	"rewards":    {"reward", "score", "kld"},
	"advantages": {"adv", "white", "delta", "ret"},
	"ribbon":     nil,
}

// stepRows are the rows the values chart leaves out when drawn as the frame
// of a backward loop that has not started (R_t and A_t, and δ and the
// whitened A_t, which the other rows of that chart do not show).
var stepRows = []string{"adv", "ret", "white", "delta"}

// hiddenRows are the rows that have a cell among the hidden ones.
func hiddenRows(cells []string) []string {
	var rows []string
	for _, c := range cells {
		r, _, _ := strings.Cut(c, ".")
		if !slices.Contains(rows, r) {
			rows = append(rows, r)
		}
	}
	return rows
}

// hiddenChart picks the chart a widget shows while its question asks (issue
// 36, "a chart in every widget before its question"): the block's own chart
// when it draws none of the hidden rows, else the values chart without R_t
// and A_t, else the rewards chart; "" when none of them can be drawn without
// a hidden number. stepped says the values chart is drawn without R_t and A_t.
func hiddenChart(want string, names []string, hidden []string) (name string, stepped bool) {
	rows := hiddenRows(hidden)
	clear := func(n string) bool {
		return !slices.ContainsFunc(chartRows[n], func(r string) bool { return slices.Contains(rows, r) })
	}
	for _, n := range []string{want, "values", "rewards"} {
		if !slices.Contains(names, n) || !clear(n) {
			continue
		}
		if n == "values" {
			return n, slices.ContainsFunc(stepRows, func(r string) bool { return slices.Contains(rows, r) })
		}
		return n, false
	}
	return "", false
}

// drawHidden draws chart name of v while a question asks; stepped leaves out
// every R_t and A_t (a backward loop that has reached no token) and desc
// replaces the per-number description, which would read them out.
func drawHidden(v play.View, name, id string, stepped bool, desc string) ([]byte, error) {
	if !stepped {
		return v.RenderChart(name, id)
	}
	return v.MemoChart(name, id+"\x00hidden", func() ([]byte, error) {
		in := v.ChartInput()
		in.ID, in.Theme = id, v.ChartTheme()
		in.Theme.TokenWidth = 36 // as the playground's first picture (play.DrawChart)
		in.Step = chart.StepFrame{On: true, From: len(in.Values), Write: -1, Desc: desc}
		return chart.Values(in)
	})
}
