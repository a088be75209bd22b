package inspect

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/page"
)

// inum formats a number for the batch view: 5 significant digits.
func inum(x float64) string { return strconv.FormatFloat(x, 'g', 5, 64) }

// inspectPage builds the /inspect view model: the upload form, and the
// batch (a non-nil) or one of its rows (row non-nil).
func inspectPage(ir inspectRequest, a *Analysis, row *inspectRowSpec, errs []string) templates.InspectPage {
	t := ir.lang.T
	self := "/inspect"
	if ir.id != "" && a != nil {
		self = "/inspect/" + ir.id
	}
	state := ir
	state.langSet = false // the query without lang=, which the link adds
	link := page.Link{Path: self, State: strings.TrimPrefix(state.query(), "?"), Lang: ir.lang}
	vm := templates.InspectPage{
		Page:    page.Frame(page.FrameSpec{Self: link, Title: t("inspect.title"), Section: "/inspect"}),
		Heading: t("inspect.heading"), Intro: t("inspect.intro"), Errors: errs,
		Upload: inspectUpload(ir, a),
	}
	vm.Page.QR = templates.Link{} // an upload's link is private: no QR code
	if a == nil {
		return vm
	}
	if row != nil {
		vm.Row = inspectRowView(ir, a, *row)
		return vm
	}
	vm.Batch = inspectBatchView(ir, a)
	return vm
}

// inspectUpload is the upload form, prefilled with the current config.
func inspectUpload(ir inspectRequest, a *Analysis) templates.InspectUpload {
	t := ir.lang.T
	c := DefaultConfig()
	if a != nil {
		c = a.Config
	}
	val := func(k, def string) string {
		if v := ir.config.Get(k); v != "" {
			return v
		}
		return def
	}
	// Blank fields send nothing (the next file's config wins); under a
	// batch they say what this batch was computed with.
	now := func(label, value string) string {
		if a == nil {
			return label
		}
		return t("inspect.upload.now", label, value)
	}
	u := templates.InspectUpload{
		Action: "/inspect" + ir.langQuery(), Legend: t("inspect.upload.legend"), Formats: t("inspect.upload.formats"),
		File:    templates.Field{ID: "inspect-file", Name: "file", Label: t("inspect.upload.file")},
		Sidecar: templates.Field{ID: "inspect-config", Name: "config", Label: t("inspect.upload.sidecar")},
		Gamma:   templates.Field{ID: "inspect-gamma", Name: "gamma", Label: t("inspect.upload.gamma"), Value: val("gamma", ""), Help: now(t("inspect.upload.blank"), inum(c.Gamma))},
		Lam:     templates.Field{ID: "inspect-lam", Name: "lam", Label: t("inspect.upload.lam"), Value: val("lam", ""), Help: now(t("inspect.upload.blank"), inum(c.Lam))},
		KLCoef:  templates.Field{ID: "inspect-klcoef", Name: "kl_coef", Label: t("inspect.upload.kl_coef"), Value: val("kl_coef", "")},
		UseKL:   templates.Field{ID: "inspect-usekl", Name: "use_kl_in_reward", Label: t("inspect.upload.use_kl")},
		UseKLOn: ir.config.Get("use_kl_in_reward") == "true",
		Submit:  t("inspect.upload.submit"),
	}
	if a == nil {
		u.Example = templates.InspectExample{Action: "/inspect/example" + ir.langQuery(), Button: t("inspect.example.button"), Note: t("inspect.example.note")}
	} else { // blank file: this batch again, with the form's config
		u.Kept, u.File.Label = ir.id, t("inspect.upload.file_view")
	}
	u.Ver = templates.Select{ID: "inspect-ver", Name: "ver", Label: t("inspect.upload.ver")}
	u.Ver.Options = append(u.Ver.Options, templates.Option{Value: "", Label: now(t("inspect.upload.ver_default"), c.Ver)})
	for _, r := range slices.Backward(engine.Releases) {
		u.Ver.Options = append(u.Ver.Options, templates.Option{Value: r.Tag, Label: r.Tag + " (" + r.Gen.String() + ")", Selected: val("ver", "") == r.Tag})
	}
	u.Estimator = templates.Select{ID: "inspect-estimator", Name: "estimator", Label: t("inspect.upload.estimator")}
	u.Estimator.Options = append(u.Estimator.Options, templates.Option{Value: "", Label: t("inspect.upload.estimator_gae")})
	for _, e := range c.Release.Gen.OutcomeEstimators() {
		u.Estimator.Options = append(u.Estimator.Options, templates.Option{Value: e.Key, Label: e.Key, Selected: val("estimator", "") == e.Key})
	}
	// Blank (the first option) sends nothing, so the file's kl_penalty wins.
	u.KL = templates.Select{ID: "inspect-kl", Name: "kl_penalty", Label: t("inspect.upload.kl")}
	u.KL.Options = append(u.KL.Options, templates.Option{Value: "", Label: now(t("inspect.upload.kl_default"), c.KLPenalty)})
	for _, k := range engine.KLNames(c.Release.Gen) {
		u.KL.Options = append(u.KL.Options, templates.Option{Value: k, Label: k, Selected: val("kl_penalty", "") == k})
	}
	return u
}

func (ir inspectRequest) langQuery() string {
	if ir.langSet {
		return "?lang=" + string(ir.lang)
	}
	return ""
}

// inspectBatchView is the view of a whole batch.
func inspectBatchView(ir inspectRequest, a *Analysis) *templates.InspectBatch {
	t := ir.lang.T
	b, c, st := a.Batch, a.Config, a.Stats
	v := &templates.InspectBatch{}
	v.Summary = []string{
		t("inspect.summary.heading", b.B, b.R, st.ValidTokens),
		t("inspect.summary.config", inum(c.Gamma), inum(c.Lam), c.Estimator, c.Ver, c.Release.Gen.String(), c.Release.Gen.Range()),
		t("inspect.summary.tensors", fmt.Sprint(b.Present)),
	}
	if a.WhitenErr != nil {
		v.Summary = append(v.Summary, t("inspect.summary.whiten_error", whitenError(t, a.WhitenErr)))
	}
	v.Share = templates.InspectShare{Action: "/inspect/" + ir.id + "/share" + ir.query(), Button: t("inspect.share")}
	v.Share.Note = t("inspect.expires")
	if ir.upload.Shared {
		v.Share.Note = t("inspect.shared", ir.upload.Expires.UTC().Format("2006-01-02 15:04 UTC"))
	}
	v.Export = []templates.Link{
		{Label: t("inspect.export.json"), URL: "/inspect/" + ir.id + "/summary.json" + ir.query()},
		{Label: t("inspect.export.csv"), URL: "/inspect/" + ir.id + "/check.csv" + ir.query()},
	}
	// verify.py reads the uploaded file itself: every batch and estimator has one.
	v.Export = append(v.Export, templates.Link{Label: t("export.verify"), URL: "/inspect/" + ir.id + "/verify.py" + ir.query()})
	v.Sanity, v.Verdict, v.Check = inspectFindingsView(ir, a.Findings())
	if st.ValidTokens == 0 { // every mask 0: no verdict is meaningful
		v.Verdict.Lines, v.Check = []string{t("inspect.empty")}, nil
	}
	v.Stats = templates.Table{Caption: t("inspect.stats.caption"), Rows: []templates.Row{
		statRow(t("inspect.stats.valid"), strconv.Itoa(st.ValidTokens)),
		statRow(t("inspect.stats.mean_length"), inum(st.MeanLength)),
		statRow(t("inspect.stats.mean_score"), inum(st.MeanScore)),
		statRow(t("inspect.stats.whiten_mean"), whitenNum(a, st.WhitenMean)),
		statRow(t("inspect.stats.whiten_var"), whitenNum(a, st.WhitenVarUnbiased)),
		statRow(t("inspect.stats.whiten_var_biased"), whitenNum(a, st.WhitenVarBiased)),
		statRow(t("inspect.stats.groups"), strconv.Itoa(st.Groups)),
	}}
	v.Groups = inspectGroupsView(ir, a)

	order := inspectOrder(a, ir)
	v.Controls = inspectControlsView(ir, a)
	v.Legend, v.Maps = inspectMapsView(ir, a, order)
	v.Rows = inspectRowsView(ir, a, order)
	return v
}

// inspectControlsView is the GET form that sorts the rows and filters
// them by group, carrying the config and the language.
func inspectControlsView(ir inspectRequest, a *Analysis) templates.InspectControls {
	t := ir.lang.T
	hidden := []templates.Option{}
	for _, k := range slices.Sorted(maps.Keys(ir.config)) {
		hidden = append(hidden, templates.Option{Value: k, Label: ir.config.Get(k)})
	}
	if ir.langSet {
		hidden = append(hidden, templates.Option{Value: "lang", Label: string(ir.lang)})
	}
	c := templates.InspectControls{Action: "/inspect/" + ir.id, Legend: t("inspect.controls.legend"), Hidden: hidden, Submit: t("inspect.controls.submit")}
	c.Sort = templates.Select{ID: "inspect-sort", Name: "sort", Label: t("inspect.controls.sort")}
	for _, s := range []string{"row", "score", "length", "mean_a", "group"} {
		c.Sort.Options = append(c.Sort.Options, templates.Option{Value: s, Label: t("inspect.sort." + s), Selected: ir.sort == s || (ir.sort == "" && s == "row")})
	}
	c.Group = templates.Select{ID: "inspect-group", Name: "group", Label: t("inspect.controls.group")}
	c.Group.Options = []templates.Option{{Value: "", Label: t("inspect.controls.all_groups")}}
	for _, g := range a.Groups {
		c.Group.Options = append(c.Group.Options, templates.Option{Value: g.ID, Label: g.ID, Selected: ir.group == g.ID})
	}
	return c
}

// inspectMapsView is the heat maps of the rows shown (order), in page
// order, the mask and the share of positive whitened A per position last,
// and their colour legend.
func inspectMapsView(ir inspectRequest, a *Analysis, order []int) (legend templates.InspectLegend, maps []templates.InspectMap) {
	t, b := ir.lang.T, a.Batch
	legend = templates.InspectLegend{Image: "/inspect/" + ir.id + "/heat/legend.png", Alt: t("inspect.legend.alt"),
		Caption: t("inspect.legend.caption"), Neg: "−S", Zero: "0", Pos: "+S"}
	for _, name := range append(slices.Clone(inspectQuantities), "mask") {
		x := inspectQuantity(a, name)
		if name != "mask" && x == nil {
			continue
		}
		bin, w, hgt := Geometry(len(order), b.R)
		caption := ""
		var key *templates.InspectLegend
		if name == "mask" {
			caption = t("inspect.map.mask_caption")
		} else {
			S := inum(maxAbsValid(x, b.Mask, order))
			caption = t("inspect.map.scale", S)
			key = &templates.InspectLegend{Image: legend.Image, Alt: t("inspect.map.key_alt", S), Neg: "−" + S, Zero: "0", Pos: "+" + S}
		}
		if bin > 1 {
			caption += " " + t("inspect.map.binned", bin)
		}
		maps = append(maps, templates.InspectMap{
			ID: "map-" + name, Title: t("inspect.map." + name), Caption: caption,
			Image: "/inspect/" + ir.id + "/heat/" + name + ".png" + ir.query(),
			Alt:   t("inspect.map.alt", t("inspect.map."+name), len(order), b.R), Width: w, Height: hgt,
			YLabel: t("inspect.map.y", len(order)), XLabel: t("inspect.map.x", b.R), YTicks: rowTicks(t, order), XTicks: tokenTicks(b.R), Key: key,
		})
	}
	if a.GAE != nil {
		_, w, _ := Geometry(1, b.R)
		maps = append(maps, templates.InspectMap{ID: "map-share", Title: t("inspect.map.share"), Caption: t("inspect.map.share_caption"),
			Image: "/inspect/" + ir.id + "/heat/share.png" + ir.query(), Alt: t("inspect.map.share"), Width: w, Height: 12,
			XLabel: t("inspect.map.x", b.R), XTicks: tokenTicks(b.R)})
	}
	return legend, maps
}

// rowTicks label a map's first and last row shown (top and bottom).
func rowTicks(t func(string, ...any) string, order []int) []string {
	if len(order) == 0 {
		return nil
	}
	return []string{t("inspect.map.row", order[0]), t("inspect.map.row", order[len(order)-1])}
}

// tokenTicks label a map's token axis at t = 0, R − 1 and, when R is odd
// (a token sits at the middle), (R − 1)/2.
func tokenTicks(R int) []string {
	switch {
	case R <= 1:
		return []string{"0"}
	case R%2 == 1:
		return []string{"0", strconv.Itoa((R - 1) / 2), strconv.Itoa(R - 1)}
	}
	return []string{"0", strconv.Itoa(R - 1)}
}

// inspectRowsView is the table of the rows shown (order), each with its
// link: the playground for rows it takes, else the row view.
func inspectRowsView(ir inspectRequest, a *Analysis, order []int) templates.InspectRows {
	t := ir.lang.T
	v := templates.InspectRows{Caption: t("inspect.rows.caption"), Head: []string{
		t("inspect.rows.row"), t("inspect.rows.group"), t("inspect.rows.length"), t("inspect.rows.eos"), t("inspect.rows.score"),
		t("inspect.rows.reward_sum"), t("inspect.rows.a0"), t("inspect.rows.mean_a"), t("inspect.rows.white_range"), t("inspect.rows.open"),
	}}
	for _, i := range order {
		rs := a.Rows[i]
		open := templates.Link{Label: t("inspect.rows.row_view"), URL: "/inspect/" + ir.id + "/row/" + strconv.Itoa(i) + ir.query()}
		if u := playLink(a, i, ir.langParam()); u != "" {
			open = templates.Link{Label: t("inspect.rows.playground"), URL: u}
		}
		v.Rows = append(v.Rows, templates.InspectRow{Cells: []string{
			strconv.Itoa(i), rs.Group, strconv.Itoa(rs.Length), strconv.Itoa(rs.EOS), inum(rs.Score), inum(rs.RewardSum),
			inum(rs.A0), inum(rs.MeanA), inum(rs.WhitenedMin) + " … " + inum(rs.WhitenedMax),
		}, Open: open})
	}
	return v
}

func (ir inspectRequest) langParam() string {
	if ir.langSet {
		return string(ir.lang)
	}
	return ""
}

func maxAbsValid(x, mask [][]float64, order []int) float64 {
	m := 0.0
	for _, i := range order {
		for t, v := range x[i] {
			if mask[i][t] == 1 {
				m = max(m, abs(v))
			}
		}
	}
	return m
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func statRow(label, value string) templates.Row {
	return templates.Row{Label: label, Cells: []templates.Cell{{Text: value}}}
}

// inspectCheckView says what explains one uploaded quantity, with a link
// to the row view at its largest difference.
func inspectCheckView(ir inspectRequest, key string, q *Quantity) templates.InspectCheck {
	t := ir.lang.T
	c := templates.InspectCheck{Heading: t("inspect.check." + key)}
	switch {
	case q.ExplainedBy == nil:
		c.Verdict = t("inspect.check.unexplained")
	case *q.ExplainedBy == "exact":
		c.Verdict = t("inspect.check.exact")
	default:
		c.Verdict = t("inspect.check.explained", *q.ExplainedBy)
	}
	if !isInf(q.MaxAbsDiff) {
		c.Lines = append(c.Lines, t("inspect.check.diff", inum(q.MaxAbsDiff), q.At[0], q.At[1], inum(q.Tolerance)))
		if q.At[0] >= 0 && q.MaxAbsDiff > q.Tolerance {
			c.Open = templates.Link{Label: t("inspect.check.open_at", q.At[0], q.At[1]), URL: rowAt(ir, q.At[0], q.At[1])}
		}
	}
	if len(q.Matches) > 1 {
		c.Lines = append(c.Lines, t("inspect.check.matches", fmt.Sprint(q.Matches)))
	}
	c.Tried = templates.Table{Caption: t("inspect.check.tried"), Corner: t("inspect.check.candidate"),
		Columns: []templates.Column{{Text: t("inspect.check.max_diff")}, {Text: t("inspect.check.at")}, {Text: t("inspect.check.within")}}}
	for _, tr := range q.Tried {
		d, at, ok := "—", "—", t("inspect.no")
		if !isInf(tr.MaxAbsDiff) {
			d, at = inum(tr.MaxAbsDiff), fmt.Sprintf("[%d, %d]", tr.At[0], tr.At[1])
			if tr.MaxAbsDiff <= q.Tolerance {
				ok = t("inspect.yes")
			}
		}
		c.Tried.Rows = append(c.Tried.Rows, templates.Row{Label: tr.ID, Cells: []templates.Cell{{Text: d}, {Text: at}, {Text: ok}}})
	}
	return c
}

// whitenNum is a whitening statistic of GAE's advantages, "—" for a
// critic-free estimator (the statistics are GAE's; they used to show 0).
func whitenNum(a *Analysis, x float64) string {
	if a.GAE == nil {
		return "—"
	}
	return inum(x)
}
