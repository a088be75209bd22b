package inspect

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// HandleExport handles "GET /inspect/{id}/summary.json" (the API's
// answer) and "GET /inspect/{id}/check.csv" (every candidate tried).
func (s *Room) HandleExport(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	a, ok := s.fileAnalysis(w, r, ir)
	if !ok {
		return
	}
	if strings.HasSuffix(r.URL.Path, "/summary.json") {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="inspect-summary.json"`)
		json.NewEncoder(w).Encode(a.Answer(false))
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="inspect-check.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"quantity", "candidate", "max_abs_diff", "row", "t", "within_tolerance", "tolerance"})
	if a.Check != nil {
		for _, q := range []struct {
			name string
			q    *Quantity
		}{{"advantages", a.Check.Advantages}, {"returns", a.Check.Returns}} {
			if q.q == nil {
				continue
			}
			for _, tr := range q.q.Tried {
				d := "inf"
				if !isInf(tr.MaxAbsDiff) {
					d = strconv.FormatFloat(tr.MaxAbsDiff, 'g', -1, 64)
				}
				cw.Write([]string{q.name, tr.ID, d, strconv.Itoa(tr.At[0]), strconv.Itoa(tr.At[1]),
					strconv.FormatBool(tr.MaxAbsDiff <= q.q.Tolerance), strconv.FormatFloat(q.q.Tolerance, 'g', -1, 64)})
			}
		}
	}
	cw.Flush()
}

func isInf(x float64) bool { return x > 1e308 || x < -1e308 }
