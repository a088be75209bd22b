package inspect

import (
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/httperr"
	"gaelab/web/page"
	"gaelab/web/play"
)

// The row view, /inspect/{id}/row/{i}?from=: one response of an upload, a
// window of inspectWindow tokens at a time, as a table and as the
// playground's charts (web/chart), for rows too long for the playground.
// Index convention: t is the 0-based token index in the response, in the
// table's columns, the charts' labels and from=.

// inspectWindow is how many tokens the row view shows at once.
const inspectWindow = 64

// inspectRowSpec asks for the row view of row at token window from.
type inspectRowSpec struct{ row, from int }

// to is the end of the window (exclusive) in a batch of R tokens per row.
func (spec inspectRowSpec) to(R int) int { return min(R, spec.from+inspectWindow) }

// loadRow finds the request's upload, its analysis and the row and window
// asked for, or answers the error and returns ok false.
func (s *Room) loadRow(w http.ResponseWriter, r *http.Request) (inspectRequest, *Analysis, inspectRowSpec, bool) {
	ir := readInspect(r)
	_, a, ok := s.loadInspect(w, r, ir)
	if !ok {
		return ir, nil, inspectRowSpec{}, false
	}
	i, err := strconv.Atoi(chi.URLParam(r, "i"))
	if err != nil || i < 0 || i >= a.Batch.B {
		httperr.NotFound(w, r)
		return ir, nil, inspectRowSpec{}, false
	}
	from, _ := strconv.Atoi(r.URL.Query().Get("from"))
	return ir, a, inspectRowSpec{row: i, from: max(0, min(from, a.Batch.R-1))}, true
}

// HandleRow handles the "GET /inspect/{id}/row/{i}" route: one
// response's numbers and charts, a window of tokens at a time (from=).
func (s *Room) HandleRow(w http.ResponseWriter, r *http.Request) {
	ir, a, spec, ok := s.loadRow(w, r)
	if !ok {
		return
	}
	renderInspect(w, r, http.StatusOK, inspectPage(ir, a, &spec, nil))
}

// HandleRowChart handles the "GET /inspect/{id}/row/{i}/{name}.svg"
// route: one chart of the row view's window, for download.
func (s *Room) HandleRowChart(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	ir, a, spec, ok := s.loadRow(w, r)
	if !ok {
		return
	}
	in := rowChartInput(ir, a, spec)
	for _, n := range rowChartNames(a, spec) {
		if n == name {
			svg, err := drawRowChart(in, n)
			page.WriteSVG(w, r, page.Chart{SVG: svg, Err: err}, ir.lang.T("chart.error"))
			return
		}
	}
	page.ChartNotFound(w, r)
}

// rowChartNames are the charts of a window: rewards and advantages, and
// the values chart for the window that reaches the row's end (the chart
// draws the terminal V(s_T) = 0 after its last token, true only there).
func rowChartNames(a *Analysis, spec inspectRowSpec) []string {
	names := []string{"rewards", "advantages"}
	if a.GAE != nil && a.Batch.Values != nil && spec.to(a.Batch.R) == a.Batch.R {
		names = append(names, "values")
	}
	return names
}

// rowChartInput is the window's series for the charts: r_t with its score
// and KL parts (rewards − scores; no KL part without scores), the engine's
// raw and whitened A_t (or the estimator's), V(s_t) and R_t.
func rowChartInput(ir inspectRequest, a *Analysis, spec inspectRowSpec) chart.Input {
	b, i, from, to := a.Batch, spec.row, spec.from, spec.to(a.Batch.R)
	win := func(x [][]float64) []float64 {
		if x == nil {
			return nil
		}
		return x[i][from:to]
	}
	in := chart.Input{First: from, Text: play.ChartText(ir.lang.T), Rewards: win(a.Rewards), Scores: win(b.Scores), Advantages: win(a.Advantages)}
	if in.Scores == nil {
		in.Scores = in.Rewards
	}
	in.KLTerm = make([]float64, to-from)
	for k := range in.KLTerm {
		in.KLTerm[k] = in.Rewards[k] - in.Scores[k]
	}
	if a.GAE != nil {
		in.Advantages, in.Whitened, in.Values, in.Returns = win(a.GAE.Advantages), win(a.GAE.Whitened), win(b.Values), win(a.GAE.Returns)
	}
	eos := a.Rows[i].EOS
	for t := from; t < to; t++ {
		in.Tokens = append(in.Tokens, tokenText(b, i, t))
		switch {
		case b.Mask[i][t] == 1:
			in.Mask = append(in.Mask, chart.Valid)
		case t > eos:
			in.Mask = append(in.Mask, chart.Padding)
		default:
			in.Mask = append(in.Mask, chart.Observation)
		}
	}
	return in
}

func drawRowChart(in chart.Input, name string) ([]byte, error) {
	in.ID = "inspect-row-" + name
	switch name {
	case "rewards":
		return chart.Rewards(in)
	case "values":
		return chart.Values(in)
	}
	return chart.Advantages(in)
}

// inspectRowView is one response, a window of inspectWindow tokens.
func inspectRowView(ir inspectRequest, a *Analysis, spec inspectRowSpec) *templates.InspectRowView {
	t := ir.lang.T
	b, rs := a.Batch, a.Rows[spec.row]
	to := spec.to(b.R)
	v := &templates.InspectRowView{
		Heading: t("inspect.row.heading", spec.row, spec.from, to-1),
		Lines: []string{t("inspect.row.summary", rs.Length, rs.EOS, inum(rs.Score), inum(rs.A0), inum(rs.WhitenedMin), inum(rs.WhitenedMax)),
			t("inspect.row.whiten_note")},
		Back:  templates.Link{Label: t("inspect.row.back"), URL: "/inspect/" + ir.id + ir.query()},
		Table: inspectRowTable(ir, a, spec),
	}
	if note := rowDiffs(&v.Table, ir, a, spec); note != "" {
		v.Lines = append(v.Lines, note)
	}
	base := "/inspect/" + ir.id + "/row/" + strconv.Itoa(spec.row)
	if spec.from > 0 {
		v.Prev = templates.Link{Label: t("inspect.row.prev"), URL: base + ir.query("from", strconv.Itoa(max(0, spec.from-inspectWindow)))}
	}
	if to < b.R {
		v.Next = templates.Link{Label: t("inspect.row.next"), URL: base + ir.query("from", strconv.Itoa(to))}
	}
	if u := playLink(a, spec.row, ir.langParam()); u != "" {
		v.Play = templates.Link{Label: t("inspect.rows.playground"), URL: u}
	}
	in := rowChartInput(ir, a, spec)
	for _, name := range rowChartNames(a, spec) {
		c := templates.Chart{ID: "inspect-chart-" + name, Title: t(play.ChartTitles[name]), Download: t("chart.download"),
			URL: base + "/" + name + ".svg" + ir.query("from", strconv.Itoa(spec.from))}
		svg, err := drawRowChart(in, name)
		if err != nil {
			c.Title += " — " + t("chart.error")
		}
		c.SVG = templ.Raw(string(svg))
		v.Charts = append(v.Charts, c)
	}
	return v
}

// inspectRowTable is the window's numbers: a column per token t, a row
// per quantity (the upload's own advantages and returns last).
func inspectRowTable(ir inspectRequest, a *Analysis, spec inspectRowSpec) templates.Table {
	t := ir.lang.T
	b, i, to := a.Batch, spec.row, spec.to(a.Batch.R)
	tb := templates.Table{Caption: t("inspect.row.heading", i, spec.from, to-1), Corner: "t"}
	for tt := spec.from; tt < to; tt++ {
		tb.Columns = append(tb.Columns, templates.Column{Text: strconv.Itoa(tt), T: tt})
	}
	add := func(label string, cell func(tt int) string) {
		r := templates.Row{Label: label}
		for tt := spec.from; tt < to; tt++ {
			r.Cells = append(r.Cells, templates.Cell{Text: cell(tt)})
		}
		tb.Rows = append(tb.Rows, r)
	}
	if b.Tokens != nil || b.Responses != nil {
		add(t("inspect.row.token"), func(tt int) string { return tokenText(b, i, tt) })
	}
	add("response_mask", func(tt int) string { return inum(b.Mask[i][tt]) })
	for _, name := range inspectQuantities {
		if x := inspectQuantity(a, name); x != nil {
			add(t("inspect.map."+name), func(tt int) string { return inum(x[i][tt]) })
		}
	}
	if b.Advantages != nil {
		add(t("inspect.row.upload_adv"), func(tt int) string { return inum(b.Advantages[i][tt]) })
	}
	if b.Returns != nil {
		add(t("inspect.row.upload_ret"), func(tt int) string { return inum(b.Returns[i][tt]) })
	}
	return tb
}
