package play

import (
	"encoding/csv"
	"encoding/json"
	"net/http"

	"gaelab/web/httperr"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// tableExport is the token table as data: one entry per token, t 0-based
// whatever the page's numbering, with verl's names for the quantities.
type tableExport struct {
	Link    string               `json:"link"`
	Version string               `json:"verl"`
	Gamma   float64              `json:"gamma"`
	Lam     float64              `json:"lam"`
	Beta    float64              `json:"kl_coef"`
	KL      string               `json:"kl_penalty"`
	Tokens  []string             `json:"tokens"`
	Mask    []float64            `json:"response_mask"`
	Rows    map[string][]float64 `json:"rows"`
	Order   []string             `json:"row_order"`
}

func exportTable(pr Request) tableExport {
	v := NewView(pr)
	ex := tableExport{
		Link: pr.Link("/play", pr.S), Version: v.S.VersionLabel(),
		Gamma: v.S.Gamma, Lam: v.S.Lam, Beta: v.S.Beta, KL: v.S.KL,
		Mask: v.Res.Mask, Rows: map[string][]float64{},
	}
	for _, tok := range v.S.Tokens {
		ex.Tokens = append(ex.Tokens, tok.Text)
	}
	for _, q := range v.Rows() {
		ex.Rows[q.code] = q.Values
		ex.Order = append(ex.Order, q.code)
	}
	return ex
}

// HandleTableJSON handles the "GET /play/table.json" route.
func (s *Room) HandleTableJSON(w http.ResponseWriter, r *http.Request) {
	ex := exportTable(s.Read(r))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="gae-lab-table.json"`)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(ex); err != nil {
		httperr.LogFailure(r, "render", err)
	}
}

// HandleTableCSV handles the "GET /play/table.csv" route: a row per token,
// a column per quantity.
func (s *Room) HandleTableCSV(w http.ResponseWriter, r *http.Request) {
	ex := exportTable(s.Read(r))
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gae-lab-table.csv"`)
	cw := csv.NewWriter(w)
	cw.Write(append([]string{"t", "token", "response_mask"}, ex.Order...))
	for t, text := range ex.Tokens {
		rec := []string{scenario.FormatNumber(float64(t)), page.CSVText(text), scenario.FormatNumber(ex.Mask[t])}
		for _, code := range ex.Order {
			rec = append(rec, scenario.FormatNumber(ex.Rows[code][t]))
		}
		cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		httperr.LogFailure(r, "render", err)
	}
}
