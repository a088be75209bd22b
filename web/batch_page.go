package web

import (
	"bytes"
	"gaelab/web/page"
	"net/http"
	"net/url"
	"strconv"

	"github.com/a-h/templ"

	"gaelab/templates"
	"gaelab/web/batch"
	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// The batch view, /batch: several responses to one prompt (package
// web/batch), GAE whitened over the whole batch next to the outcome-only
// estimators on the same scores. Index conventions: i is the 0-based
// response (row) and t the 0-based response-token index; values[i][t] =
// V(s_t) is the state before token t; every [B][R] matrix is padded to the
// longest response R with mask 0 and value 0.

// batchPageKeys are the link parameters that belong to the page, not the batch.
var batchPageKeys = []string{"lang", "present", "theme"}

// batchRequest is a decoded /batch request.
type batchRequest struct {
	lang      i18n.Lang
	langSet   bool      // lang= was in the link, so the canonical link keeps it
	view      page.View // present= and theme= only
	b         batch.Batch
	rep       scenario.Report
	rawQuery  string
	publicURL string // -public-url without its trailing slash, for the link preview (handleBatch sets it)
}

// readBatch decodes a /batch request. A malformed query (bad percent-escapes)
// still decodes what it can and says so.
func readBatch(r *http.Request) batchRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	br := batchRequest{rawQuery: r.URL.RawQuery}
	br.lang, br.langSet = i18n.OfLink(r, q)
	br.view = page.View{Present: q.Get("present") == "1", Dark: q.Get("theme") == "dark"}
	br.b, br.rep = batch.Decode(q, batchPageKeys...)
	if err != nil {
		br.rep.Warnings = append(br.rep.Warnings, scenario.Problem{Key: "warn.malformed"})
	}
	return br
}

// link is the link of a batch on path, in the request's view and language.
func (br batchRequest) link(path string, b batch.Batch) string {
	return page.Link{Path: path, State: batch.Encode(b), View: br.view, Lang: br.lang}.String()
}

// handleBatch handles the "GET /batch" route: the whole page, or for htmx
// the results of an edit, with the canonical link in the address bar.
func (s *playRoom) handleBatch(w http.ResponseWriter, r *http.Request) {
	br := readBatch(r)
	br.publicURL = s.hosts.PublicURL
	v := newBatchView(br)
	page.Serve(w, r, page.Answer{
		Canonical: v.self("/batch", br.b.Focus).Canonical(br.langSet),
		Redirect:  br.rep.OK(), KeepTyped: len(br.rep.Problems) > 0,
		Page: func() templ.Component { return templates.BatchPage(v.page()) },
		Main: func() templ.Component { return templates.BatchMain(v.page()) },
		Fragments: map[string]func() templ.Component{
			"batch-results": func() templ.Component { return templates.BatchUpdate(v.results(), v.hidden(), v.fieldErrors()) },
		},
	})
}

// handleBatchChart handles the "GET /batch/chart.svg" route: the batch
// chart as a standalone SVG, for export.
func (s *playRoom) handleBatchChart(w http.ResponseWriter, r *http.Request) {
	v := newBatchView(readBatch(r))
	svg, err := v.renderChart()
	page.WriteSVG(w, page.Chart{SVG: svg, Err: err}, v.t("chart.error"))
}

// batchView builds the batch view's view model for one request.
type batchView struct {
	br    batchRequest
	b     batch.Batch
	res   batch.Result
	t     func(key string, args ...any) string
	state string // the batch's link query without its focus (batch.Encode with Focus 0)
}

// newBatchView computes the request's batch.
func newBatchView(br batchRequest) batchView {
	v := batchView{br: br, b: br.b, res: br.b.Compute(), t: br.lang.T}
	unfocused := br.b
	unfocused.Focus = 0
	v.state = batch.Encode(unfocused) // once: a link of 8 × 64 numbers is long to write
	return v
}

// query is the batch's link query with response focus in focus; batch.Encode
// writes row= last, so only it differs.
func (v batchView) query(focus int) string {
	if focus == 0 {
		return v.state
	}
	return v.state + "&row=" + strconv.Itoa(focus)
}

// url is the canonical link of the batch with response focus in focus on
// path, in the request's view and language.
func (v batchView) url(path string, focus int) string { return v.self(path, focus).String() }

// self is url as a pageLink.
func (v batchView) self(path string, focus int) page.Link {
	return page.Link{Path: path, State: v.query(focus), View: v.br.view, Lang: v.br.lang}
}

// page is the whole page's view model.
func (v batchView) page() templates.Batch {
	return templates.Batch{
		Page:     v.frame(),
		Heading:  v.t("batch.heading"),
		Intro:    v.t("batch.intro"),
		Warnings: v.messages(v.br.rep.Warnings),
		Presets:  v.presets(),
		Form:     v.form(),
		Results:  v.results(),
	}
}

// frame is the page's frame.
func (v batchView) frame() templates.Page {
	return page.Frame(page.FrameSpec{Self: v.self("/batch", v.b.Focus), Title: v.t("batch.title"), Section: "/batch", Card: v.card()})
}

// messages localises problems.
func (v batchView) messages(ps []scenario.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = v.t(p.Key, p.Args...)
	}
	return out
}

// edited reports whether the batch differs from its preset's (or a field
// could not be read). The response in focus is a view, not a change.
func (v batchView) edited() bool {
	p, _ := batch.Preset(v.b.Preset)
	return v.state != batch.Encode(p) || len(v.br.rep.Problems) > 0
}

func (v batchView) presets() templates.PresetBar {
	bar := templates.PresetBar{Label: v.t("batch.presets"), Point: v.t("batch.preset." + v.b.Preset + ".point")}
	for _, id := range batch.PresetIDs {
		p, _ := batch.Preset(id)
		bar.Links = append(bar.Links, templates.Link{
			Label: v.t("batch.preset." + id + ".title"), Title: v.t("batch.preset." + id + ".point"),
			URL: v.br.link("/batch", p), Current: id == v.b.Preset,
		})
	}
	p, _ := batch.Preset(v.b.Preset)
	if v.edited() {
		bar.Changed = v.t("presets.changed")
		bar.Reset = templates.Link{Label: v.t("presets.reset"), URL: v.br.link("/batch", p)}
	}
	return bar
}

// batchEstimator is how the page shows one of batch.Estimators.
type batchEstimator struct {
	key, id, label, code string
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
func (v batchView) results() templates.BatchResults {
	g := v.res.GAE
	r := templates.BatchResults{
		ID:      "batch-results",
		Heading: v.resultsHeading(),
		Notes:   append(append([]string{v.t("batch.no_kl", v.res.Width), v.versionNote()}, v.editNotice()...), v.vectorizedNotes()...),
		Effect:  v.effect(),
		Groups:  v.groups(),
		Chart:   v.chart(),
		Verify:  templates.Link{Label: v.t("export.verify"), URL: v.url("/batch/verify.py", v.b.Focus)},
	}
	if s, ok := v.whitenProblem(g.WhitenErr); ok {
		r.Errors = append(r.Errors, v.t("summary.whiten_none", s))
	} else {
		r.Summary = append(r.Summary, v.t("batch.whiten", g.Whitening.N, v.b.Len(), page.Num(g.Whitening.Mean), page.Num(g.Whitening.VarUnbiased)))
	}
	for _, e := range batchEstimators {
		if est, _ := v.res.Estimate(e.key); est.Err != nil {
			r.Errors = append(r.Errors, v.t("batch.est_error", v.t(e.label), est.Err.Error()))
		}
	}
	for i := range v.b.Rows {
		r.Rows = append(r.Rows, v.rowTable(i))
	}
	return r
}

// whitenProblem says why whitening failed, or ok = false.
func (v batchView) whitenProblem(err error) (string, bool) {
	key := page.LearnerKey(err)
	if key == "" {
		return "", false
	}
	return v.t(key), true
}

// columns are response i's token columns over the batch's width R: its own
// tokens, then the batch's padding.
func (v batchView) columns(i int) []templates.Column {
	row := v.b.Rows[i]
	cols := make([]templates.Column, v.res.Width)
	for t := range cols {
		cols[t] = templates.Column{Index: strconv.Itoa(t), T: t, Text: v.t("batch.pad"), Class: "mask-pad"}
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
func (v batchView) chartTheme() chart.Theme {
	th := chart.Light()
	if v.br.view.Dark {
		th = chart.Dark()
	}
	if v.br.view.Present {
		th = th.Projector()
	}
	return th
}

// renderChart draws the batch chart: per response, the GAE advantages
// whitened over the batch and the GRPO advantages, token by token.
func (v batchView) renderChart() ([]byte, error) {
	in := chart.BatchInput{Theme: v.chartTheme(), Text: chart.BatchText{
		Title: v.t("batch.chart.title"), Desc: v.t("batch.chart.desc"),
		TokenAxis: v.t("chart.axis.token"), AdvantageAxis: v.t("chart.axis.adv"),
		Whitened: v.t("batch.chart.whitened"), GRPO: v.t("batch.chart.grpo"),
		Padding: v.t("mask.pad"), NoWhitened: v.t("chart.no_whitened"),
	}}
	grpo, _ := v.res.Estimate(batch.Estimators[0])
	for i, row := range v.b.Rows {
		cr := chart.BatchRow{Title: v.t("batch.chart.row", i, row.Group, scenario.FormatNumber(v.res.Scores[i])), GRPO: grpo.Advantages[i]}
		for _, c := range v.columns(i) {
			kind := chart.Valid
			if c.Class != "" {
				kind = chart.Padding
			}
			cr.Tokens, cr.Mask = append(cr.Tokens, c.Text), append(cr.Mask, kind)
		}
		if v.res.GAE.Whitened != nil {
			cr.Whitened = v.res.GAE.Whitened[i]
		}
		in.Rows = append(in.Rows, cr)
	}
	return chart.Batch(in)
}

// chart is the batch chart, inline.
func (v batchView) chart() templates.Chart {
	c := templates.Chart{ID: "chart-batch", Title: v.t("batch.chart.title"), Download: v.t("chart.download"),
		URL: v.url("/batch/chart.svg", v.b.Focus)}
	svg, err := v.renderChart()
	if err != nil {
		c.Title += " — " + v.t("chart.error")
		svg = nil
	}
	c.SVG = templ.Raw(string(bytes.TrimSpace(svg)))
	return c
}
