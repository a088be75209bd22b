package play

import (
	"math"
	"strconv"
	"strings"

	"gaelab/lessons"
)

// CellValue is the engine's value of a table cell "<row>.<t>".
func (v View) CellValue(cell string) (float64, bool) {
	row, ts, _ := strings.Cut(cell, ".")
	t, err := strconv.Atoi(ts)
	q := v.QuantityByID(row)
	if err != nil || q == nil || t < 0 || t >= len(q.Values) {
		return 0, false
	}
	return q.Values[t], true
}

// CellLabel names a cell in the page's numbering: "A_t (raw) at t = 0".
func (v View) CellLabel(cell string) string {
	row, ts, _ := strings.Cut(cell, ".")
	t, _ := strconv.Atoi(ts)
	q := v.QuantityByID(row)
	if q == nil {
		return cell
	}
	return v.T("formula.heading", v.T(q.Label), "t = "+v.Idx(t))
}

// batchRow is a per-token row of the batch ("white"), its label key and its
// values, [B][R]; nil when the batch has none (whitening failed, or the
// release lacks the estimator).
func (v BatchView) batchRow(row string) (string, [][]float64) {
	switch row {
	case "reward":
		return "row.reward", v.Res.Rewards
	case "value":
		return "row.value", v.Res.Values
	case "adv":
		return "row.adv", v.Res.GAE.Advantages
	case "white":
		return "batch.row.white", v.Res.GAE.Whitened
	}
	for _, e := range batchEstimators {
		if e.ID == row {
			est, _ := v.Res.Estimate(e.Key)
			return e.Label, est.Advantages
		}
	}
	return "", nil
}

// CellValue is the engine's value of a batch cell: "<row>.<i>.<t>" or
// "<stat>.<n>" (lessons.ValidBatchCell).
func (v BatchView) CellValue(cell string) (float64, bool) {
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
	g := v.Res.GAE
	switch parts[0] {
	case "mean", "std":
		if n >= len(v.Res.Groups) {
			return 0, false
		}
		if parts[0] == "mean" {
			return v.Res.Groups[n].Mean, true
		}
		return v.Res.Groups[n].StdUnbiased, true
	case "score":
		if n >= len(v.Res.Scores) {
			return 0, false
		}
		return v.Res.Scores[n], true
	case "wmean":
		return g.Whitening.Mean, g.WhitenErr == nil
	default: // wstd
		return math.Sqrt(g.Whitening.VarUnbiased), g.WhitenErr == nil
	}
}

// CellLabel names a batch cell in the page's language: "A_t whitened over
// the batch, response 1, t = 3", "the mean of group 0's scores".
func (v BatchView) CellLabel(cell string) string {
	parts := strings.Split(cell, ".")
	if !lessons.ValidBatchCell(cell) {
		return cell
	}
	n, _ := strconv.Atoi(parts[1])
	if len(parts) == 3 {
		label, _ := v.batchRow(parts[0])
		return v.T("lessons.batch.cell", v.T(label), n, parts[2])
	}
	switch parts[0] {
	case "wmean", "wstd":
		return v.T("lessons.batch.stat." + parts[0])
	case "score":
		return v.T("lessons.batch.stat.score", parts[1])
	}
	group := parts[1]
	if n < len(v.Res.Groups) {
		group = v.Res.Groups[n].ID
	}
	return v.T("lessons.batch.stat."+parts[0], group)
}
