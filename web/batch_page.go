package web

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine"
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
	lang     i18n.Lang
	langSet  bool       // lang= was in the link, so the canonical link keeps it
	view     viewParams // present= and theme= only
	b        batch.Batch
	rep      scenario.Report
	rawQuery string
}

// readBatch decodes a /batch request. A malformed query (bad percent-escapes)
// still decodes what it can and says so.
func readBatch(r *http.Request) batchRequest {
	q, err := url.ParseQuery(r.URL.RawQuery)
	br := batchRequest{rawQuery: r.URL.RawQuery}
	br.lang, br.langSet = pageLang(r, q)
	br.view = viewParams{present: q.Get("present") == "1", dark: q.Get("theme") == "dark"}
	br.b, br.rep = batch.Decode(q, batchPageKeys...)
	if err != nil {
		br.rep.Warnings = append(br.rep.Warnings, scenario.Problem{Key: "warn.malformed"})
	}
	return br
}

// link is the link of a batch on path, in the request's view and language.
func (br batchRequest) link(path string, b batch.Batch) string {
	return pageLink{path: path, state: batch.Encode(b), view: br.view, lang: br.lang}.String()
}

// handleBatch handles the "GET /batch" route: the whole page, or for htmx
// the results of an edit, with the canonical link in the address bar.
func (s *Server) handleBatch(w http.ResponseWriter, r *http.Request) {
	br := readBatch(r)
	v := newBatchView(br)
	servePage(w, r, pageAnswer{
		canonical: v.self("/batch", br.b.Focus).canonical(br.langSet),
		redirect:  br.rep.OK(), keepTyped: len(br.rep.Problems) > 0,
		page: func() templ.Component { return templates.BatchPage(v.page()) },
		main: func() templ.Component { return templates.BatchMain(v.page()) },
		fragments: map[string]func() templ.Component{
			"batch-results": func() templ.Component { return templates.BatchUpdate(v.results(), v.hidden(), v.fieldErrors()) },
		},
	})
}

// handleBatchChart handles the "GET /batch/chart.svg" route: the batch
// chart as a standalone SVG, for export.
func (s *Server) handleBatchChart(w http.ResponseWriter, r *http.Request) {
	v := newBatchView(readBatch(r))
	svg, err := v.renderChart()
	writeSVG(w, drawnChart{svg: svg, err: err}, v.t("chart.error"))
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
func (v batchView) self(path string, focus int) pageLink {
	return pageLink{path: path, state: v.query(focus), view: v.br.view, lang: v.br.lang}
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
	return frame(frameSpec{self: v.self("/batch", v.b.Focus), title: v.t("batch.title"), section: "/batch"})
}

// messages localises problems.
func (v batchView) messages(ps []scenario.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = v.t(p.Key, p.Args...)
	}
	return out
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
	// The response in focus is a view, not a change.
	if v.state != batch.Encode(p) || len(v.br.rep.Problems) > 0 {
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
		r.Summary = append(r.Summary, v.t("batch.whiten", g.Whitening.N, v.b.Len(), num(g.Whitening.Mean), num(g.Whitening.VarUnbiased)))
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
	key := learnerKey(err)
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
		row.Cells[t] = templates.Cell{T: t, Text: num(x), Class: cols[t].Class}
	}
	return row
}

// rowTable is response i's token table: r_t, V(s_t), raw and whitened GAE
// advantages, then every estimator's advantage.
func (v batchView) rowTable(i int) templates.BatchRowTable {
	row, res := v.b.Rows[i], v.res
	cols := v.columns(i)
	tb := templates.Table{Caption: v.t("batch.table.caption", i), Corner: "t", Columns: cols}
	tb.Rows = append(tb.Rows,
		numbersRow("reward", v.t("row.reward"), "token_level_rewards", "q-reward", res.Rewards[i], cols),
		numbersRow("value", v.t("row.value"), "values", "q-value", res.Values[i], cols),
		numbersRow("adv", v.t("row.adv"), "lastgaelam", "", res.GAE.Advantages[i], cols))
	if res.GAE.Whitened != nil {
		tb.Rows = append(tb.Rows, numbersRow("white", v.t("batch.row.white"), "advantages", "q-whitened", res.GAE.Whitened[i], cols))
	}
	for _, e := range batchEstimators {
		est, _ := res.Estimate(e.key)
		if est.Err == nil {
			swatch := ""
			if e.id == "grpo" {
				swatch = "q-advantage" // as in the chart
			}
			tb.Rows = append(tb.Rows, numbersRow(e.id, v.t(e.label), e.code, swatch, est.Advantages[i], cols))
		}
	}
	return templates.BatchRowTable{
		ID:      "batch-row-" + strconv.Itoa(i),
		Heading: v.t("batch.row.heading", i, row.Group, scenario.FormatNumber(res.Scores[i])),
		Table:   tb,
	}
}

// effect shows the response in focus whitened alone and in the batch.
func (v batchView) effect() templates.BatchEffect {
	i := v.b.Focus
	g, alone := v.res.GAE, v.res.Alone[i]
	e := templates.BatchEffect{
		Heading:   v.t("batch.effect.heading", i),
		Point:     v.t("batch.effect.point"),
		PickLabel: v.t("batch.effect.pick"),
		Playground: templates.Link{Label: v.t("batch.open", i),
			URL: pageLink{path: "/play", state: scenario.Encode(v.b.Scenario(i)), lang: v.br.lang}.String()},
	}
	if s, ok := v.whitenProblem(g.WhitenErr); ok {
		e.Stats = append(e.Stats, v.t("summary.whiten_none", s))
	} else {
		e.Stats = append(e.Stats, v.t("batch.effect.batch", g.Whitening.N, num(g.Whitening.Mean), num(g.Whitening.VarUnbiased)))
	}
	if s, ok := v.whitenProblem(alone.WhitenErr); ok {
		e.Stats = append(e.Stats, v.t("batch.effect.alone_none", s))
	} else {
		e.Stats = append(e.Stats, v.t("batch.effect.alone", alone.Whitening.N, num(alone.Whitening.Mean), num(alone.Whitening.VarUnbiased)))
	}
	cols := v.columns(i)
	e.Table = templates.Table{Caption: v.t("batch.effect.caption", i), Corner: "t", Columns: cols}
	e.Table.Rows = append(e.Table.Rows, numbersRow("eff-raw", v.t("batch.effect.raw"), "lastgaelam", "", g.Advantages[i], cols))
	if g.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-batch", v.t("batch.effect.in_batch"), "advantages", "q-whitened", g.Whitened[i], cols))
	}
	if alone.Whitened != nil {
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-alone", v.t("batch.effect.alone_row"), "advantages", "", alone.Whitened[0], cols))
	}
	if g.Whitened != nil && alone.Whitened != nil {
		diff := make([]float64, v.res.Width)
		for t := range diff {
			diff[t] = g.Whitened[i][t] - alone.Whitened[0][t]
		}
		e.Table.Rows = append(e.Table.Rows, numbersRow("eff-diff", v.t("batch.effect.diff"), "", "", diff, cols))
	}
	for k := range v.b.Rows {
		e.Pick = append(e.Pick, templates.Link{Label: "i = " + strconv.Itoa(k), Current: k == i, URL: v.url("/batch", k)})
	}
	return e
}

// groups is the group statistics table: per group its responses, their
// scores s_i, the group mean and the unbiased std GRPO uses.
func (v batchView) groups() templates.BatchGroups {
	gs := templates.BatchGroups{
		Heading: v.t("batch.groups.heading"), Caption: v.t("batch.groups.caption"), Note: v.t("batch.groups.note"),
		Head: []string{v.t("batch.groups.id"), v.t("batch.groups.members"), v.t("batch.groups.scores"),
			v.t("batch.groups.n"), v.t("batch.groups.mean"), v.t("batch.groups.std"), v.t("batch.groups.remark")},
	}
	for _, st := range v.res.Groups {
		members, scores := make([]string, len(st.Members)), make([]string, len(st.Scores))
		for k, i := range st.Members {
			members[k] = strconv.Itoa(i)
		}
		for k, s := range st.Scores {
			scores[k] = scenario.FormatNumber(s)
		}
		note := ""
		if len(st.Members) == 1 {
			note = v.t("batch.groups.singleton")
		}
		gs.Rows = append(gs.Rows, []string{st.ID, strings.Join(members, ", "), strings.Join(scores, ", "),
			strconv.Itoa(len(st.Members)), num(st.Mean), num(st.StdUnbiased), note})
	}
	return gs
}

// chartTheme is the chart's theme for the page's view.
func (v batchView) chartTheme() chart.Theme {
	th := chart.Light()
	if v.br.view.dark {
		th = chart.Dark()
	}
	if v.br.view.present {
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

// form is the batch editor.
func (v batchView) form() templates.BatchForm {
	b := v.b
	f := templates.BatchForm{
		Action: "/batch", Hidden: v.hidden(), Legend: v.t("batch.form.legend"), Shared: v.t("batch.form.shared"),
		Prompt: v.field("prompt", "prompt", v.t("form.prompt"), b.Prompt),
		Gamma:  v.field("gamma", "gamma", v.t("form.gamma"), scenario.FormatNumber(b.Gamma)),
		Lam:    v.field("lam", "lam", v.t("form.lam"), scenario.FormatNumber(b.Lam)),
		Submit: v.t("form.submit"),
		Errors: v.fieldErrors(),
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	f.Gamma.Help, f.Lam.Help = v.t("form.gamma.help"), v.t("form.lam.help")
	f.Version = releasePicker(v.br.lang, "ver", v.t("batch.form.version"), v.problem("ver"), b.Release, b.Version)
	for i, row := range b.Rows {
		is := strconv.Itoa(i)
		texts, masks, values := make([]string, len(row.Tokens)), make([]string, len(row.Tokens)), make([]string, len(row.Tokens))
		for t, tok := range row.Tokens {
			texts[t] = strings.ReplaceAll(tok.Text, "\n", " ")
			masks[t], values[t] = "0", scenario.FormatNumber(tok.Value)
			if tok.Valid {
				masks[t] = "1"
			}
		}
		rf := templates.BatchRowForm{
			Legend:   v.t("batch.form.response", i),
			Tokens:   v.field("toks"+is, "toks"+is, v.t("batch.form.toks"), strings.Join(texts, "\n")),
			Mask:     v.listField("mask"+is, v.t("batch.form.mask"), masks),
			Values:   v.listField("V"+is, v.t("batch.form.values"), values),
			Score:    v.field("score."+is, "score", v.t("batch.form.score"), scenario.FormatNumber(row.Score)),
			Baseline: v.field("b."+is, "b", v.t("batch.form.baseline"), scenario.FormatNumber(row.Baseline)),
			Group:    v.field("group."+is, "group", v.t("batch.form.group"), row.Group),
		}
		if b.Len() > batch.MinRows {
			rf.Delete = templates.Field{Name: "op", Value: "del." + is, Label: v.t("batch.form.delete", i)}
		}
		f.Rows = append(f.Rows, rf)
	}
	if b.Len() < batch.MaxRows {
		f.Add = templates.Field{Name: "op", Value: "add", Label: v.t("batch.form.add")}
	}
	return f
}

// field is a form input showing the typed text when it was bad.
func (v batchView) field(id, name, label, value string) templates.Field {
	f := templates.Field{ID: id, Name: name, Label: label, Value: value}
	if msg := v.problem(id); msg != "" {
		f.Error = msg
		if raw, ok := v.br.rep.Raw[id]; ok {
			f.Value = raw
		}
	}
	if strings.HasPrefix(id, "toks") && f.Error == "" {
		f.Error = v.problemUnder("tok" + strings.TrimPrefix(id, "toks"))
	}
	return f
}

// listField is one comma-separated list, with the raw text of bad elements.
func (v batchView) listField(key, label string, items []string) templates.Field {
	for t := range items {
		if raw, ok := v.br.rep.Raw[key+"."+strconv.Itoa(t)]; ok {
			items[t] = raw
		}
	}
	f := v.field(key, key, label, strings.Join(items, ","))
	if f.Error == "" {
		f.Error = v.problemUnder(key)
	}
	return f
}

// problem is the localised message of a field's problem, or "".
func (v batchView) problem(field string) string {
	if p := v.br.rep.For(field); p != nil {
		return v.t(p.Key, p.Args...)
	}
	return ""
}

// problemUnder is the message of the first problem of a list's element
// (key.<t>) or of the list itself, or "".
func (v batchView) problemUnder(key string) string {
	for _, p := range v.br.rep.Problems {
		if p.Field == key || strings.HasPrefix(p.Field, key+".") {
			return v.t(p.Key, p.Args...)
		}
	}
	return ""
}

// batchFieldID is the form field that shows a problem's field: list
// elements (V0.3, mask1.2) live in their list, token texts (tok2, tok2.5)
// in the response's token textarea, and a per-response list as a whole
// (score=, b=, group=) at its first response's input.
func batchFieldID(field string) string {
	head, _, dotted := strings.Cut(field, ".")
	switch {
	case head == "score" || head == "b" || head == "group":
		if !dotted {
			return head + ".0"
		}
		return field
	case strings.HasPrefix(head, "toks"):
		return head
	case strings.HasPrefix(head, "tok"):
		return "toks" + strings.TrimPrefix(head, "tok")
	}
	return head
}

// fieldErrors lists the problems, introduced by one sentence.
func (v batchView) fieldErrors() []templates.FieldError {
	if len(v.br.rep.Problems) == 0 {
		return nil
	}
	errs := []templates.FieldError{{Message: v.t("form.errors_intro")}}
	for _, p := range v.br.rep.Problems {
		field := batchFieldID(p.Field)
		if field == "B" {
			field = "" // a hidden input: the link as a whole
		}
		errs = append(errs, templates.FieldError{Field: field, Message: v.t(p.Key, p.Args...)})
	}
	return errs
}

// hidden are the form's hidden inputs: the state the visible fields do not
// hold.
func (v batchView) hidden() []templates.Option {
	h := []templates.Option{
		{Value: "v", Label: scenario.LinkVersion2}, {Value: "p", Label: v.b.Preset},
		{Value: "B", Label: strconv.Itoa(v.b.Len())},
	}
	if v.b.Focus != 0 {
		h = append(h, templates.Option{Value: "row", Label: strconv.Itoa(v.b.Focus)})
	}
	return append(h, pageLink{path: "/batch", view: v.br.view, lang: v.br.lang}.hidden()...)
}

// versionNote says whose outcome estimators the page shows: newest verl's in
// a v=1 link, the release's own in a v=2 link.
func (v batchView) versionNote() string {
	if v.b.Release != "" {
		return v.t("release.batch_note", v.b.VersionLabel())
	}
	return v.t("batch.version_note", engine.LastGeneration.Range())
}

// editNotice is the one-line notice of a v=1 batch whose numbers an edit
// would change: the editor makes a v=2 link naming the whole release, and a
// v=1 batch shows newest verl's estimators whatever its GAE generation.
func (v batchView) editNotice() []string {
	if v.b.Release != "" {
		return nil
	}
	b2 := v.b
	b2.Release = scenario.ReleaseOf(v.b.Version)
	res := b2.Compute()
	var changed []string
	for i, e := range v.res.Estimates {
		o := res.Estimates[i]
		if (e.Err == nil) != (o.Err == nil) || !sameMatrix(e.Advantages, o.Advantages) {
			changed = append(changed, e.Key)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	return []string{v.t("release.notice.edit", b2.Release, strings.Join(changed, ", "))}
}

func sameMatrix(a, b [][]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}
