package inspect

import (
	"strings"

	"gaelab/templates"
)

// The row view's differences: the run's own advantages and returns
// against the chosen release and against the candidate that explains them
// (a release span or a bug of the check), each computation's cells that
// differ from the run's by more than the tolerance highlighted.

// rowDiffs adds to the row table, for each quantity the run uploaded, the
// chosen release's numbers and the explaining candidate's, with their
// differing cells highlighted (a mark), and returns the line that says so;
// "" when the run uploaded neither.
func rowDiffs(tb *templates.Table, ir inspectRequest, a *Analysis, spec inspectRowSpec) string {
	c := a.Check
	if c == nil || a.Stats.ValidTokens == 0 {
		return ""
	}
	t := ir.lang.T
	b, i, to := a.Batch, spec.row, spec.to(a.Batch.R)
	row := func(label string, x, run [][]float64, tol float64) {
		r := templates.Row{Label: label}
		for tt := spec.from; tt < to; tt++ {
			cell := templates.Cell{Text: inum(x[i][tt])}
			if b.Mask[i][tt] == 1 && !(abs(x[i][tt]-run[i][tt]) <= tol) {
				cell.Class = "inspect-diff"
			}
			r.Cells = append(r.Cells, cell)
		}
		tb.Rows = append(tb.Rows, r)
	}
	cands := map[string][2][][]float64{} // each candidate's advantages and returns, computed once
	var explained []string               // "advantages: v0.2–v0.3.0.rc0", per quantity
	tol := [2]string{"—", "—"}
	for k, q := range []struct {
		key       string
		run, mine [][]float64
		q         *Quantity
	}{{"adv", b.Advantages, a.Advantages, c.Advantages}, {"ret", b.Returns, a.Returns, c.Returns}} {
		if q.q == nil || q.run == nil {
			continue
		}
		tol[k] = inum(q.q.Tolerance)
		name := t("inspect.row." + q.key)
		if q.mine != nil {
			row(t("inspect.row.versus", t("inspect.row.chosen"), name), q.mine, q.run, q.q.Tolerance)
		}
		by := q.q.ExplainedBy
		switch {
		case by == nil:
			explained = append(explained, t("inspect.row.versus", name, t("inspect.row.unexplained")))
			continue
		case *by == "exact":
			explained = append(explained, t("inspect.row.versus", name, t("inspect.row.chosen")))
			continue
		}
		explained = append(explained, t("inspect.row.versus", name, *by))
		if _, done := cands[*by]; !done {
			adv, ret, _ := a.Candidate(*by)
			cands[*by] = [2][][]float64{adv, ret}
		}
		if x := cands[*by][k]; x != nil {
			row(t("inspect.row.versus", *by, name), x, q.run, q.q.Tolerance)
		}
	}
	return t("inspect.row.diff_note", tol[0], tol[1], strings.Join(explained, "; "))
}
