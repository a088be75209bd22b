package class

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"gaelab/web/page"
)

// handleClassCSV handles the "GET /class/{code}/results.csv" route: every
// answer of every question, one row each.
func (cr *Room) handleClassCSV(w http.ResponseWriter, r *http.Request) {
	c, ok := cr.teacher(w, r)
	if !ok {
		return
	}
	qs, err := cr.st.Questions(r.Context(), c.Code)
	if err != nil {
		cr.failWith(w, r, err)
		return
	}
	noStore(w)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="class-`+c.Code+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"question", "kind", "lesson", "block", "link", "cell", "correct", "student", "answer", "changes", "right", "diagnosis", "updated"})
	for _, q := range qs {
		sp, _, as, err := results(r.Context(), cr.st, q)
		if err != nil {
			cr.logger.Error("class csv", "err", err)
			break
		}
		for i, a := range as {
			diag := ""
			right := sp.Right(a.Value)
			if !right {
				diag = sp.Diagnosis(a.Value)
			}
			cw.Write([]string{strconv.Itoa(q.ID), sp.Kind, sp.Lesson, sp.Block, sp.Link, sp.Cell, sp.Correct(),
				strconv.Itoa(i + 1), page.CSVAnswer(a.Value), strconv.Itoa(a.Changes), strconv.FormatBool(right), diag,
				a.Updated.UTC().Format(time.RFC3339)})
		}
	}
	cw.Flush()
}
