package play

import (
	"bytes"
	"net/http"
	"net/url"
	"strconv"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/batch"
	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The batch view, /batch: several responses to one prompt (package
// web/batch), GAE whitened over the whole batch next to the outcome-only
// estimators on the same scores. Index conventions: i is the 0-based
// response (row) and t the 0-based response-token index; values[i][t] =
// V(s_t) is the state before token t; every [B][R] matrix is padded to the
// longest response R with mask 0 and value 0.

// BatchPageKeys are the link parameters that belong to the page, not the batch.
var BatchPageKeys = []string{"lang", "present", "theme"}

// BatchRequest is a decoded /batch request.
type BatchRequest struct {
	Lang      i18n.Lang
	LangSet   bool      // lang= was in the link, so the canonical link keeps it
	View      page.View // present= and theme= only
	B         batch.Batch
	Rep       scenario.Report
	rawQuery  string
	publicURL string // -public-url without its trailing slash, for the link preview (HandleBatch sets it)
}

// readBatch decodes a /batch request. A malformed query (bad percent-escapes)
// still decodes what it can and says so.
func readBatch(r *http.Request) BatchRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	br := BatchRequest{rawQuery: r.URL.RawQuery}
	br.Lang, br.LangSet = i18n.OfLink(r, q)
	br.View = page.View{Present: q.Get("present") == "1", Dark: q.Get("theme") == "dark"}
	br.B, br.Rep = batch.Decode(q, BatchPageKeys...)
	if err != nil {
		br.Rep.Warnings = append(br.Rep.Warnings, scenario.Problem{Key: "warn.malformed"})
	}
	return br
}

// link is the link of a batch on path, in the request's view and language.
func (br BatchRequest) link(path string, b batch.Batch) string {
	return page.Link{Path: path, State: batch.Encode(b), View: br.View, Lang: br.Lang}.String()
}

// HandleBatch handles the "GET /batch" route: the whole page, or for htmx
// the results of an edit, with the canonical link in the address bar.
func (s *Room) HandleBatch(w http.ResponseWriter, r *http.Request) {
	br := readBatch(r)
	br.publicURL = s.Hosts.PublicURL
	v := NewBatchView(br)
	page.Serve(w, r, page.Answer{
		Canonical: v.self("/batch", br.B.Focus).Canonical(br.LangSet),
		Redirect:  br.Rep.OK(), KeepTyped: len(br.Rep.Problems) > 0,
		Page: func() templ.Component { return templates.BatchPage(v.page()) },
		Main: func() templ.Component { return templates.BatchMain(v.page()) },
		Fragments: map[string]func() templ.Component{
			"batch-results": func() templ.Component { return templates.BatchUpdate(v.results(), v.hidden(), v.fieldErrors()) },
		},
	})
}

// HandleBatchChart handles the "GET /batch/chart.svg" route: the batch
// chart as a standalone SVG, for export.
func (s *Room) HandleBatchChart(w http.ResponseWriter, r *http.Request) {
	v := NewBatchView(readBatch(r))
	svg, err := v.renderChart(ChartHiding{}, "")
	page.WriteSVG(w, r, page.Chart{SVG: svg, Err: err}, v.T("chart.error"))
}

// BatchView builds the batch view's view model for one request.
type BatchView struct {
	Br    BatchRequest
	B     batch.Batch
	Res   batch.Result
	T     func(key string, args ...any) string
	state string // the batch's link query without its focus (batch.Encode with Focus 0)
}

// NewBatchView computes the request's batch.
func NewBatchView(br BatchRequest) BatchView {
	v := BatchView{Br: br, B: br.B, Res: br.B.Compute(), T: br.Lang.T}
	unfocused := br.B
	unfocused.Focus = 0
	v.state = batch.Encode(unfocused) // once: a link of 8 × 64 numbers is long to write
	return v
}

// query is the batch's link query with response focus in focus; batch.Encode
// writes row= last, so only it differs.
func (v BatchView) query(focus int) string {
	if focus == 0 {
		return v.state
	}
	return v.state + "&row=" + strconv.Itoa(focus)
}

// URL is the canonical link of the batch with response focus in focus on
// path, in the request's view and language.
func (v BatchView) URL(path string, focus int) string { return v.self(path, focus).String() }

// self is url as a PageLink.
func (v BatchView) self(path string, focus int) page.Link {
	return page.Link{Path: path, State: v.query(focus), View: v.Br.View, Lang: v.Br.Lang}
}

// page is the whole page's view model.
func (v BatchView) page() templates.Batch {
	return templates.Batch{
		Page:     v.frame(),
		Heading:  v.T("batch.heading"),
		Intro:    v.T("batch.intro"),
		Warnings: v.Messages(v.Br.Rep.Warnings),
		Presets:  v.presets(),
		Form:     v.form(),
		Results:  v.results(),
	}
}

// frame is the page's frame.
func (v BatchView) frame() templates.Page {
	return page.Frame(page.FrameSpec{Self: v.self("/batch", v.B.Focus), Title: v.T("batch.title"), Section: "/batch", Card: v.card()})
}

// Messages localises problems.
func (v BatchView) Messages(ps []scenario.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = v.T(p.Key, p.Args...)
	}
	return out
}

// edited reports whether the batch differs from its preset's (or a field
// could not be read). The response in focus is a view, not a change.
func (v BatchView) edited() bool {
	p, _ := batch.Preset(v.B.Preset)
	return v.state != batch.Encode(p) || len(v.Br.Rep.Problems) > 0
}

func (v BatchView) presets() templates.PresetBar {
	return presetBar(v.T, v.T("batch.presets"), "batch.preset.", batch.PresetIDs, v.B.Preset, v.edited(), func(id string) string {
		p, _ := batch.Preset(id)
		return v.Br.link("/batch", p)
	})
}

// batchEstimator is how the page shows one of batch.Estimators.
type batchEstimator struct {
	Key, ID, Label, code string
}

// batchEstimators are the table rows of batch.Estimators, in its order; code
// is verl's adv_estimator setting.
var batchEstimators = []batchEstimator{
	{"grpo_newest_norm_std", "grpo", "batch.est.grpo", "grpo"},
	{"grpo_newest_no_std(drgrpo)", "drgrpo", "batch.est.drgrpo", "grpo, norm_adv_by_std_in_grpo=False"},
	{"rloo", "rloo", "batch.est.rloo", "rloo"},
	{"reinforce_plus_plus", "rpp", "batch.est.rpp", "reinforce_plus_plus"},
	{"reinforce_plus_plus_baseline", "rppb", "batch.est.rppb", "reinforce_plus_plus_baseline"},
	{"remax", "remax", "batch.est.remax", "remax"},
}

// results is everything an edit recomputes.
func (v BatchView) results() templates.BatchResults {
	g := v.Res.GAE
	r := templates.BatchResults{
		ID:      "batch-results",
		Heading: v.resultsHeading(),
		Notes:   append(append([]string{v.T("batch.no_kl", v.Res.Width), v.versionNote()}, v.editNotice()...), v.vectorizedNotes()...),
		Effect:  v.effect(),
		Groups:  v.Groups(),
		Chart:   v.Chart(),
		Verify:  templates.Link{Label: v.T("export.verify"), URL: v.URL("/batch/verify.py", v.B.Focus)},
	}
	if s, ok := v.WhitenProblem(g.WhitenErr); ok {
		r.Errors = append(r.Errors, v.T("summary.whiten_none", s))
	} else {
		r.Summary = append(r.Summary, v.T("batch.whiten", g.Whitening.N, v.B.Len(), page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	for _, e := range batchEstimators {
		if est, _ := v.Res.Estimate(e.Key); est.Err != nil {
			r.Errors = append(r.Errors, v.T("batch.est_error", v.T(e.Label), est.Err.Error()))
		}
	}
	for i := range v.B.Rows {
		r.Rows = append(r.Rows, v.RowTable(i))
	}
	return r
}

// WhitenProblem says why whitening failed, or ok = false.
func (v BatchView) WhitenProblem(err error) (string, bool) {
	key := page.LearnerKey(err)
	if key == "" {
		return "", false
	}
	return v.T(key), true
}

// columns are response i's token columns over the batch's width R: its own
// tokens, then the batch's padding.
func (v BatchView) columns(i int) []templates.Column {
	row := v.B.Rows[i]
	cols := make([]templates.Column, v.Res.Width)
	for t := range cols {
		cols[t] = templates.Column{Index: strconv.Itoa(t), T: t, Text: v.T("batch.pad"), Class: "mask-pad"}
		if t < len(row.Tokens) {
			cols[t].Text, cols[t].Class = row.Tokens[t].Text, ""
			if !row.Tokens[t].Valid {
				cols[t].Class = "mask-pad"
			}
		}
	}
	return cols
}

// numbersRow is one table row of numbers over the given columns.
func numbersRow(id, label, code, swatch string, xs []float64, cols []templates.Column) templates.Row {
	row := templates.Row{ID: id, Label: label, Code: code, Swatch: swatch, Cells: make([]templates.Cell, len(xs))}
	for t, x := range xs {
		row.Cells[t] = templates.Cell{T: t, Text: page.Num(x), Class: cols[t].Class}
	}
	return row
}

// chartTheme is the chart's theme for the page's view.
func (v BatchView) chartTheme() chart.Theme {
	th := chart.Light()
	if v.Br.View.Dark {
		th = chart.Dark()
	}
	if v.Br.View.Present {
		th = th.Projector()
	}
	return th
}

// ChartHiding is what the batch chart leaves out while a lesson's question
// asks (issue 36: the hidden cells' marks, never the chart): the whitened
// or the GRPO advantages, and the scores in the panels' titles, which then
// read Mark.
type ChartHiding struct {
	Whitened, GRPO, Scores bool
	Mark                   string
}

// renderChart draws the batch chart: per response, the GAE advantages
// whitened over the batch and the GRPO advantages, token by token, less
// what h hides. id prefixes the SVG's own ids; empty means chart.Batch's.
func (v BatchView) renderChart(h ChartHiding, id string) ([]byte, error) {
	in := chart.BatchInput{Theme: v.chartTheme(), ID: id, Text: chart.BatchText{
		Title: v.T("batch.chart.title"), Desc: v.T("batch.chart.desc"),
		TokenAxis: v.T("chart.axis.token"), AdvantageAxis: v.T("chart.axis.adv"),
		Whitened: v.T("batch.chart.whitened"), GRPO: v.T("batch.chart.grpo"),
		Padding: v.T("mask.pad"), NoWhitened: v.T("chart.no_whitened"),
	}}
	if h.Whitened {
		in.Text.NoWhitened = "" // hidden, not failed
	}
	grpo, _ := v.Res.Estimate(batch.Estimators[0])
	for i, row := range v.B.Rows {
		score := scenario.FormatNumber(v.Res.Scores[i])
		if h.Scores {
			score = h.Mark
		}
		cr := chart.BatchRow{Title: v.T("batch.chart.row", i, row.Group, score)}
		if !h.GRPO {
			cr.GRPO = grpo.Advantages[i]
		}
		for _, c := range v.columns(i) {
			kind := chart.Valid
			if c.Class != "" {
				kind = chart.Padding
			}
			cr.Tokens, cr.Mask = append(cr.Tokens, c.Text), append(cr.Mask, kind)
		}
		if v.Res.GAE.Whitened != nil && !h.Whitened {
			cr.Whitened = v.Res.GAE.Whitened[i]
		}
		in.Rows = append(in.Rows, cr)
	}
	return chart.Batch(in)
}

// HiddenChart is the batch chart of the block id, inline, less what h
// hides; false when nothing would be left to draw. Its ids start with id,
// so that two blocks' charts on one page never share one.
func (v BatchView) HiddenChart(id string, h ChartHiding) (templates.Chart, bool) {
	c := templates.Chart{ID: id + "-chart", Title: v.T("batch.chart.title"), Download: v.T("chart.download"),
		URL: v.URL("/batch/chart.svg", v.B.Focus)}
	svg, err := v.renderChart(h, id+"-svg")
	if err != nil {
		return c, false
	}
	c.SVG = templ.Raw(string(bytes.TrimSpace(svg)))
	return c, true
}

// Chart is the batch chart, inline.
func (v BatchView) Chart() templates.Chart {
	c := templates.Chart{ID: "chart-batch", Title: v.T("batch.chart.title"), Download: v.T("chart.download"),
		URL: v.URL("/batch/chart.svg", v.B.Focus)}
	svg, err := v.renderChart(ChartHiding{}, "")
	if err != nil {
		c.Title += " — " + v.T("chart.error")
		svg = nil
	}
	c.SVG = templ.Raw(string(bytes.TrimSpace(svg)))
	return c
}
