package course

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/batch"
	"gaelab/web/page"
	"gaelab/web/play"
)

// A lesson's batch block (```batch) and the cells of a predict block on a
// batch (on: batch). Index conventions as on /batch: i is the 0-based
// response (row), t the 0-based response-token index, values[i][t] = V(s_t)
// the state before token t; a group is n, in the order the page lists them.

// cellSource is the state a predict block asks about: a playground state
// (play.View) or a batch (play.BatchView). Both name a cell the same way
// everywhere: the engine's value and a label in the page's language.
type cellSource interface {
	CellValue(cell string) (float64, bool)
	CellLabel(cell string) string
}

// BatchState is the batch of a block's link (a /batch query) in the
// request's language, computed by the engine once per request: the blocks
// and questions of a lesson share a few batches.
func (lr LessonRequest) BatchState(link string) play.BatchView {
	if v, ok := lr.batches[link]; ok {
		return v
	}
	q, _ := url.ParseQuery(link)
	br := play.BatchRequest{Lang: lr.Lang, LangSet: lr.LangSet, View: page.View{Dark: lr.View.Dark}}
	br.B, br.Rep = batch.Decode(q, play.BatchPageKeys...)
	v := play.NewBatchView(br)
	if lr.batches != nil {
		lr.batches[link] = v
	}
	return v
}

// BlockCells is a predict block's state with the parameters of query
// replacing its own ("" for none): the cells it asks about.
func (lr LessonRequest) BlockCells(b *lessons.Predict, query string) cellSource {
	link := overrideLink(b.Link, query)
	switch b.On {
	case lessons.OnBatch:
		return lr.BatchState(link)
	case lessons.OnVariance:
		return lr.LabState(link)
	}
	return lr.BlockView("", link, nil)
}

// batchGiveaways are what a batch block leaves out while a question about
// cell asks: token-table rows (in every response), group-table cells
// ("mean.<n>", "std.<n>", "scores") and whether the whitening line goes.
// The chart leaves out the same: the whitened advantages with the white
// row, the GRPO advantages with the grpo row, the scores in its panels'
// titles with the reward row or the scores (BatchBlock).
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

// BatchBlock is a lesson's batch block: the group statistics, the batch's
// whitening, each response's token table (the rows the block names) and the
// chart, with the cells the questions just above ask (hide) left out until
// each is answered or revealed.
func (lr LessonRequest) BatchBlock(b *lessons.Batch, hide []*lessons.Predict) templates.BatchBlock {
	v := lr.BatchState(b.Link)
	id := "batch-" + b.ID
	bb := templates.BatchBlock{
		ID: id, Errors: append(v.Messages(v.Br.Rep.Problems), v.Messages(v.Br.Rep.Warnings)...),
		Open:   templates.Link{Label: v.T("lessons.batch.open"), URL: v.URL("/batch", v.B.Focus)},
		Groups: v.Groups(),
	}
	bb.Groups.Heading, bb.Groups.Note = "", ""
	switch s, ok := v.WhitenProblem(v.Res.GAE.WhitenErr); {
	case b.Rows != nil && !slices.Contains(b.Rows, "white"): // the whitening line goes with the whitened row
	case ok:
		bb.Summary = v.T("summary.whiten_none", s)
	default:
		bb.Summary = v.T("lessons.batch.whiten", v.Res.GAE.Whitening.N, v.B.Len(), page.Num(v.Res.GAE.Whitening.Mean),
			page.Num(math.Sqrt(v.Res.GAE.Whitening.VarUnbiased)))
	}
	for i := range v.B.Rows {
		rt := v.RowTable(i)
		rt.ID = id + "-row-" + strconv.Itoa(i)
		if b.Rows != nil {
			rt.Table.Rows = slices.DeleteFunc(rt.Table.Rows, func(r templates.Row) bool { return !slices.Contains(b.Rows, r.ID) })
		}
		bb.Rows = append(bb.Rows, rt)
	}
	hiding, ch := false, play.ChartHiding{Mark: v.T("predict.hidden_cell")}
	for _, q := range hide {
		if lr.PredictState(q).Revealed {
			continue
		}
		hiding = true
		rows, stats, whitening := batchGiveaways(q.Ask)
		mark := v.T("predict.hidden_cell")
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
		ch.Whitened = ch.Whitened || slices.Contains(rows, "white")
		ch.GRPO = ch.GRPO || slices.Contains(rows, "grpo")
		ch.Scores = ch.Scores || slices.Contains(rows, "reward") || slices.Contains(stats, "scores")
		if whitening && bb.Summary != "" {
			bb.Summary = v.T("lessons.batch.whiten_hidden")
		}
	}
	if hiding {
		bb.HiddenNote = v.T("predict.hidden_note")
	}
	if b.Chart { // the chart stays while a question asks, drawn without the hidden cells' marks
		if c, ok := v.HiddenChart(id, ch); ok {
			bb.Chart = &c
		}
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
