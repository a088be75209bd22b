package web

import (
	"gaelab/web/page"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/batch"
)

// A lesson's batch block (```batch) and the cells of a predict block on a
// batch (on: batch). Index conventions as on /batch: i is the 0-based
// response (row), t the 0-based response-token index, values[i][t] = V(s_t)
// the state before token t; a group is n, in the order the page lists them.

// cellSource is the state a predict block asks about: a playground state
// (playView) or a batch (batchView). Both name a cell the same way
// everywhere: the engine's value and a label in the page's language.
type cellSource interface {
	cellValue(cell string) (float64, bool)
	cellLabel(cell string) string
}

// batchState is the batch of a block's link (a /batch query) in the
// request's language, computed by the engine once per request: the blocks
// and questions of a lesson share a few batches.
func (lr lessonRequest) batchState(link string) batchView {
	if v, ok := lr.batches[link]; ok {
		return v
	}
	q, _ := url.ParseQuery(link)
	br := batchRequest{lang: lr.lang, langSet: lr.langSet, view: page.View{Dark: lr.view.Dark}}
	br.b, br.rep = batch.Decode(q, batchPageKeys...)
	v := newBatchView(br)
	if lr.batches != nil {
		lr.batches[link] = v
	}
	return v
}

// blockCells is a predict block's state with the parameters of query
// replacing its own ("" for none): the cells it asks about.
func (lr lessonRequest) blockCells(b *lessons.Predict, query string) cellSource {
	link := overrideLink(b.Link, query)
	switch b.On {
	case lessons.OnBatch:
		return lr.batchState(link)
	case lessons.OnVariance:
		return lr.labState(link)
	}
	return lr.blockView("", link, nil)
}

// batchRow is a per-token row of the batch ("white"), its label key and its
// values, [B][R]; nil when the batch has none (whitening failed, or the
// release lacks the estimator).
func (v batchView) batchRow(row string) (string, [][]float64) {
	switch row {
	case "reward":
		return "row.reward", v.res.Rewards
	case "value":
		return "row.value", v.res.Values
	case "adv":
		return "row.adv", v.res.GAE.Advantages
	case "white":
		return "batch.row.white", v.res.GAE.Whitened
	}
	for _, e := range batchEstimators {
		if e.id == row {
			est, _ := v.res.Estimate(e.key)
			return e.label, est.Advantages
		}
	}
	return "", nil
}

// cellValue is the engine's value of a batch cell: "<row>.<i>.<t>" or
// "<stat>.<n>" (lessons.ValidBatchCell).
func (v batchView) cellValue(cell string) (float64, bool) {
	if !lessons.ValidBatchCell(cell) {
		return 0, false
	}
	parts := strings.Split(cell, ".")
	n, _ := strconv.Atoi(parts[1])
	if len(parts) == 3 {
		t, _ := strconv.Atoi(parts[2])
		_, xs := v.batchRow(parts[0])
		if n >= len(xs) || t >= len(xs[n]) {
			return 0, false
		}
		return xs[n][t], true
	}
	g := v.res.GAE
	switch parts[0] {
	case "mean", "std":
		if n >= len(v.res.Groups) {
			return 0, false
		}
		if parts[0] == "mean" {
			return v.res.Groups[n].Mean, true
		}
		return v.res.Groups[n].StdUnbiased, true
	case "score":
		if n >= len(v.res.Scores) {
			return 0, false
		}
		return v.res.Scores[n], true
	case "wmean":
		return g.Whitening.Mean, g.WhitenErr == nil
	default: // wstd
		return math.Sqrt(g.Whitening.VarUnbiased), g.WhitenErr == nil
	}
}

// cellLabel names a batch cell in the page's language: "A_t whitened over
// the batch, response 1, t = 3", "the mean of group 0's scores".
func (v batchView) cellLabel(cell string) string {
	parts := strings.Split(cell, ".")
	if !lessons.ValidBatchCell(cell) {
		return cell
	}
	n, _ := strconv.Atoi(parts[1])
	if len(parts) == 3 {
		label, _ := v.batchRow(parts[0])
		return v.t("lessons.batch.cell", v.t(label), n, parts[2])
	}
	switch parts[0] {
	case "wmean", "wstd":
		return v.t("lessons.batch.stat." + parts[0])
	case "score":
		return v.t("lessons.batch.stat.score", parts[1])
	}
	group := parts[1]
	if n < len(v.res.Groups) {
		group = v.res.Groups[n].ID
	}
	return v.t("lessons.batch.stat."+parts[0], group)
}

// batchGiveaways are what a batch block leaves out while a question about
// cell asks: token-table rows (in every response), group-table cells
// ("mean.<n>", "std.<n>", "scores") and whether the whitening line goes.
// The chart goes too: it draws the whitened and GRPO advantages.
func batchGiveaways(cell string) (rows, stats []string, whitening bool) {
	estimators := []string{"grpo", "drgrpo", "rloo", "rpp", "rppb", "remax"}
	parts := strings.Split(cell, ".")
	switch row := parts[0]; row {
	case "reward":
		return slices.Concat([]string{"reward", "adv", "white"}, estimators), nil, true
	case "value":
		return []string{"value", "adv", "white"}, nil, true
	case "adv":
		return []string{"adv", "white"}, nil, true
	case "white":
		return []string{"white"}, nil, false
	case "mean", "std":
		return estimators, []string{"mean." + parts[1], "std." + parts[1]}, false
	case "score":
		return slices.Concat([]string{"reward"}, estimators), []string{"scores", "mean", "std"}, false
	case "wmean", "wstd":
		return []string{"white"}, nil, true
	default: // an estimator: every estimator row (each gives the others away)
		return estimators, nil, false
	}
}

// batchBlock is a lesson's batch block: the group statistics, the batch's
// whitening, each response's token table (the rows the block names) and the
// chart, with the cells the questions just above ask (hide) left out until
// each is answered or revealed.
func (lr lessonRequest) batchBlock(b *lessons.Batch, hide []*lessons.Predict) templates.BatchBlock {
	v := lr.batchState(b.Link)
	id := "batch-" + b.ID
	bb := templates.BatchBlock{
		ID: id, Errors: append(v.messages(v.br.rep.Problems), v.messages(v.br.rep.Warnings)...),
		Open:   templates.Link{Label: v.t("lessons.batch.open"), URL: v.url("/batch", v.b.Focus)},
		Groups: v.groups(),
	}
	bb.Groups.Heading, bb.Groups.Note = "", ""
	switch s, ok := v.whitenProblem(v.res.GAE.WhitenErr); {
	case b.Rows != nil && !slices.Contains(b.Rows, "white"): // the whitening line goes with the whitened row
	case ok:
		bb.Summary = v.t("summary.whiten_none", s)
	default:
		bb.Summary = v.t("lessons.batch.whiten", v.res.GAE.Whitening.N, v.b.Len(), page.Num(v.res.GAE.Whitening.Mean),
			page.Num(math.Sqrt(v.res.GAE.Whitening.VarUnbiased)))
	}
	for i := range v.b.Rows {
		rt := v.rowTable(i)
		rt.ID = id + "-row-" + strconv.Itoa(i)
		if b.Rows != nil {
			rt.Table.Rows = slices.DeleteFunc(rt.Table.Rows, func(r templates.Row) bool { return !slices.Contains(b.Rows, r.ID) })
		}
		bb.Rows = append(bb.Rows, rt)
	}
	hiding := false
	for _, q := range hide {
		if lr.predictState(q).revealed {
			continue
		}
		hiding = true
		rows, stats, whitening := batchGiveaways(q.Ask)
		mark := v.t("predict.hidden_cell")
		for _, rt := range bb.Rows {
			for ri, r := range rt.Table.Rows {
				if slices.Contains(rows, r.ID) {
					for ci, c := range r.Cells {
						rt.Table.Rows[ri].Cells[ci] = templates.Cell{T: c.T, Text: mark, Class: "hidden-cell"}
					}
				}
			}
		}
		hideGroupCells(&bb.Groups, stats, mark)
		if whitening && bb.Summary != "" {
			bb.Summary = v.t("lessons.batch.whiten_hidden")
		}
	}
	if hiding {
		bb.HiddenNote = v.t("predict.hidden_note")
	} else if b.Chart {
		c := v.chart()
		c.ID = id + "-chart"
		bb.Chart = &c
	}
	return bb
}

// hideGroupCells blanks group-table cells: "mean.<n>" and "std.<n>" of
// group n, or a column of every group ("scores", "mean", "std").
func hideGroupCells(g *templates.BatchGroups, stats []string, mark string) {
	col := map[string]int{"scores": 2, "mean": 4, "std": 5}
	for _, s := range stats {
		name, n, one := strings.Cut(s, ".")
		for k := range g.Rows {
			if !one || n == strconv.Itoa(k) {
				g.Rows[k][col[name]] = mark
			}
		}
	}
}
