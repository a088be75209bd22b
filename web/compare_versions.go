package web

import (
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/scenario"
)

// The comparison pages, /compare/versions and /compare/bugs, show the
// playground's scenario computed two ways, cell by cell, with the cells that
// differ marked. This file holds the versions page and what both share
// (compareView); compare_bugs.go holds the bugs page.
//
// Index convention, as everywhere: t is the 0-based response-token index;
// values[t] = V(s_t), the state before token t; the reward, δ, advantage and
// return at t belong to token t.

// compareView is a comparison page's view of one request: the playground's
// view of the scenario, the page's path and its own parameters.
type compareView struct {
	playView
	path  string
	extra string // the page's own parameters, canonical, each "&key=value"
}

// link is the page's link for scenario s and page parameters extra: the
// scenario's query, extra, then the view parameters and lang=.
func (c compareView) link(s scenario.Scenario, extra string) string {
	return c.pr.pageLink(c.path, scenario.Encode(s)+extra).String()
}

// self is the link of the request's state.
func (c compareView) self() pageLink { return c.pr.pageLink(c.path, c.state+c.extra) }

// serve answers a request through the page pipeline: the whole page, or
// for the form's htmx request (HX-Target target) the results.
func (c compareView) serve(w http.ResponseWriter, r *http.Request, target string, page, results func() templ.Component) {
	servePage(w, r, pageAnswer{
		canonical: c.self().canonical(c.pr.langSet),
		redirect:  c.pr.rep.OK(), keepTyped: !c.pr.rep.OK(),
		page: page, fragments: map[string]func() templ.Component{target: results},
	})
}

// frame is the page frame, with every link of it keeping this page's state.
func (c compareView) frame(titleKey string) templates.Page { return c.frameOf(titleKey, c.self()) }

// header is what both pages show above their results. try are other
// scenarios worth comparing.
func (c compareView) header(headingKey, introKey string, try []templates.Link, introArgs ...any) templates.ComparePage {
	preset, _ := scenario.Preset(c.s.Preset)
	view := c.s // the step and the selected cell are the playground's views, not changes
	view.Step, view.Select = preset.Step, preset.Select
	name := c.t("compare.scenario", c.t("preset."+c.s.Preset+".title"))
	if scenario.Encode(view) != scenario.Encode(preset) {
		name += " — " + c.t("presets.changed")
	}
	return templates.ComparePage{
		Heading: c.t(headingKey), Intro: c.t(introKey, introArgs...),
		Warnings:   append(c.messages(c.pr.rep.Problems), c.messages(c.pr.rep.Warnings)...),
		Scenario:   name,
		Playground: templates.Link{Label: c.t("lessons.open"), URL: c.pr.link("/play", c.s)},
		TryLabel:   c.t("compare.try"), Try: try,
	}
}

// tryLink is the page, with its parameters, on another scenario: a preset,
// changed by edit when edit is not nil.
func (c compareView) tryLink(labelKey, preset string, edit func(s *scenario.Scenario)) templates.Link {
	s, _ := scenario.Preset(preset)
	if edit != nil {
		edit(&s)
	}
	l := templates.Link{Label: c.t(labelKey), URL: c.link(s, c.extra)}
	l.Current = l.URL == c.self().String()
	return l
}

// form is the page's GET form: the scenario in hidden inputs, γ and λ, and
// the page's checkboxes (filled in by the page).
func (c compareView) form(target string) templates.CompareForm {
	f := templates.CompareForm{
		Action: c.path, Target: target, Legend: c.t("compare.form.legend"), Submit: c.t("compare.form.submit"),
		Gamma: c.field("gamma", "gamma", c.t("form.gamma"), scenario.FormatNumber(c.s.Gamma)),
		Lam:   c.field("lam", "lam", c.t("form.lam"), scenario.FormatNumber(c.s.Lam)),
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	f.Gamma.Help, f.Lam.Help = c.t("form.gamma.help"), c.t("form.lam.help")
	f.Hidden = c.pr.pageLink(c.path, c.state).hidden("gamma", "lam") // the visible fields carry γ and λ
	return f
}

// readList reads a page parameter that lists choices: comma-separated, or
// repeated (as a form's checkboxes send it). It returns the known choices in
// the order of known, and reports the others.
func readList[T ~string](q url.Values, key string, known []T, rep *scenario.Report) []T {
	var picked []T
	for _, raw := range q[key] {
		for item := range strings.SplitSeq(raw, ",") {
			switch item = strings.TrimSpace(item); {
			case item == "":
			case slices.Contains(known, T(item)):
				picked = append(picked, T(item))
			default:
				names := make([]string, len(known))
				for i, k := range known {
					names[i] = string(k)
				}
				rep.Warnings = append(rep.Warnings, scenario.Problem{Key: "warn.compare.choice", Args: []any{key, item, strings.Join(names, ", ")}})
			}
		}
	}
	var out []T // in the order of known, once each
	for _, k := range known {
		if slices.Contains(picked, k) {
			out = append(out, k)
		}
	}
	return out
}

// joinList writes a list parameter: "&key=a,b", or "" for an empty list.
func joinList[T ~string](key string, items []T) string {
	if len(items) == 0 {
		return ""
	}
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = string(it)
	}
	return "&" + key + "=" + strings.Join(parts, ",")
}

// compareDiffers reports whether two computations of one number disagree
// by more than float64 rounding (relative 1e-9): code that computes the same
// thing in another order rounds differently, and that is no difference.
func compareDiffers(a, b float64) bool {
	return math.Abs(a-b) > 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// columns are a comparison table's token columns.
func (c compareView) columns() []templates.Column {
	cols := make([]templates.Column, c.s.Len())
	for t, tok := range c.s.Tokens {
		cols[t] = templates.Column{Index: c.idx(t), Text: tok.Text, Class: maskClass(tok.Kind), T: t}
	}
	return cols
}

// compareRow is one computation's numbers of one quantity; nil values show
// as "—" (whitening failed). why puts the reasons of the marks on it.
type compareRow struct {
	series, label string
	values        []float64
	why           bool
}

// cellMark says whether token t's cell differs, and why.
type cellMark func(t int) (differs bool, reasons []templates.Link)

// group builds one quantity's rows, every cell marked where mark says; the
// reasons go on the rows that ask for them.
func (c compareView) group(id, label, code, swatch string, mark cellMark, rows ...compareRow) templates.CompareGroup {
	g := templates.CompareGroup{ID: id, Label: label, Code: code, Swatch: swatch}
	for _, row := range rows {
		r := templates.CompareRow{Series: row.series, Label: row.label}
		for t := range c.s.Tokens {
			cell := templates.CompareCell{Text: "—", Class: maskClass(c.s.Tokens[t].Kind)}
			if row.values != nil {
				cell.Text = num(row.values[t])
			}
			if mark != nil {
				if on, why := mark(t); on {
					cell.Differs, cell.Marker = true, "≠"
					cell.Class = strings.TrimSpace(cell.Class + " differs")
					if row.why {
						cell.Reasons = why
					}
					// The full number, where 4 decimals may hide the difference.
					if x := row.values; x != nil {
						if exact, _ := strconv.ParseFloat(cell.Text, 64); exact != x[t] {
							cell.Full = full(x[t])
						}
					}
				}
			}
			r.Cells = append(r.Cells, cell)
		}
		g.Rows = append(g.Rows, r)
	}
	return g
}

// compareChart draws a comparison chart; id is its figure's element id.
func (c compareView) compareChart(id, title string, q chart.Quantity, ref, other []float64, refLabel, otherLabel, axisKey string, differs []bool) drawnChart {
	in := chart.CompareInput{Base: c.s.Base, Quantity: q, Reference: ref, Other: other, Differs: differs, Theme: c.chartTheme(), ID: id,
		Text: chart.CompareText{
			Title: title, Desc: c.t("compare.chart.desc"), Reference: refLabel, Other: otherLabel,
			Differs: "≠", DiffersLegend: c.t("compare.differs"),
			TokenAxis: c.t("chart.axis.token"), ValueAxis: c.t(axisKey),
			Padding: c.t("mask.pad"), Observation: c.t("mask.obs"),
		}}
	for _, tok := range c.s.Tokens {
		in.Tokens = append(in.Tokens, tok.Text)
		in.Mask = append(in.Mask, chart.Kind(tok.Kind))
	}
	svg, err := chart.Compare(in)
	return drawnChart{id: id, title: title, svg: svg, err: err}
}

// figure is a drawn chart as the page shows it, linked to its route path
// with the page's state.
func (c compareView) figure(d drawnChart, path string) templates.Chart {
	at := c
	at.path = path
	return d.figure(c.playView, at.self().String(), d.title+" — "+c.t("chart.error"))
}

// verlRef links a verl issue or pull request, "verl#1850".
func verlRef(n int) templates.Link {
	s := strconv.Itoa(n)
	return templates.Link{Label: "verl#" + s, URL: "https://github.com/verl-project/verl/issues/" + s}
}

// versionsKeys are /compare/versions' own parameters.
var versionsKeys = []string{"show"}

// versionsShown are the quantities the versions table can show (show=), in
// table order; all of them by default.
var versionsShown = []string{"next", "delta", "adv", "ret", "white"}

// versionReason is one reason why v0.2 and the newest verl differ.
type versionReason string

const (
	reasonEOS    versionReason = "eos"    // non-zero values after EOS (PR #1850)
	reasonObs    versionReason = "obs"    // v0.2 walks through observation spans (PR #2337)
	reasonReward versionReason = "reward" // rewards on mask-0 tokens, which the newest discards (PR #2337)
	reasonEps    versionReason = "eps"    // masked_mean's ε in the whitening (PR #782)
	// reasonOwn marks the step that gives a mask-0 token its own value and
	// reward back: the newest computes that token's δ and return from them
	// and discards them. Its reason is the token's: E or R.
	reasonOwn versionReason = "own"
)

// mark is the reason's letter in the table.
func (r versionReason) mark() string {
	return map[versionReason]string{reasonEOS: "E", reasonObs: "O", reasonReward: "R", reasonEps: "ε"}[r]
}

// refs are the verl issues and pull requests that tell the reason's story.
func (r versionReason) refs() []int {
	return map[versionReason][]int{reasonEOS: {2337, 1850, 1758}, reasonObs: {2337, 2276}, reasonReward: {2337}, reasonEps: {782}}[r]
}

// versionsRun is the scenario's GAE in both generations, on the same
// rewards and values, and the steps from one to the other that tell why a
// cell differs. Each step removes one reason:
//
//	v0.2                              early
//	v0.2, values after EOS zeroed     noEOS     (E: what PR #1850's critic gives)
//	… and rewards on mask-0 zeroed    noReward  (R: what the newest discards)
//	newest on those inputs            clean     (O: the walk through observation spans)
//	newest                            newest    (own: a mask-0 token's own V and r,
//	                                             in the δ and return it discards)
//
// At valid tokens the last step changes nothing: the newest reads no value
// or reward of a mask-0 token there.
type versionsRun struct {
	early, noEOS, noReward, clean, newest engine.GAEResult
	values, noEOSValues                   []float64
	rewards, keptRewards                  []float64
}

// runVersions computes the steps on the scenario's rewards and values.
func runVersions(s scenario.Scenario, res scenario.Result) versionsRun {
	run := versionsRun{values: values(s), rewards: res.Rewards}
	end := 0 // one past the last valid token
	for t, m := range res.Mask {
		if m == 1 {
			end = t + 1
		}
	}
	run.noEOSValues = slices.Clone(run.values)
	for t := end; t < s.Len(); t++ {
		if s.Tokens[t].Kind == scenario.Padding {
			run.noEOSValues[t] = 0
		}
	}
	run.keptRewards = slices.Clone(res.Rewards)
	for t, m := range res.Mask {
		if m == 0 {
			run.keptRewards[t] = 0
		}
	}
	gae := func(v engine.Version, r, vs []float64) engine.GAEResult {
		return engine.GAE(v, [][]float64{r}, [][]float64{vs}, [][]float64{res.Mask}, s.Gamma, s.Lam)
	}
	run.early = gae(engine.VerlEarly, run.rewards, run.values)
	run.noEOS = gae(engine.VerlEarly, run.rewards, run.noEOSValues)
	run.noReward = gae(engine.VerlEarly, run.keptRewards, run.noEOSValues)
	run.clean = gae(engine.VerlNewest, run.keptRewards, run.noEOSValues)
	run.newest = gae(engine.VerlNewest, run.rewards, run.values)
	return run
}

// own are the reasons of the last step at token t.
func (run versionsRun) own(t int) []versionReason {
	var rs []versionReason
	if run.values[t] != run.noEOSValues[t] {
		rs = append(rs, reasonEOS)
	}
	if run.rewards[t] != run.keptRewards[t] {
		rs = append(rs, reasonReward)
	}
	return rs
}

// chain is one quantity along the steps (v0.2 first, newest last) and the
// reason each step removes; a step whose whitening failed is nil.
func (run versionsRun) chain(id string, mask []float64) ([][]float64, []versionReason) {
	steps := []engine.GAEResult{run.early, run.noEOS, run.noReward, run.clean, run.newest}
	reasons := []versionReason{reasonEOS, reasonReward, reasonObs, reasonOwn}
	var out [][]float64
	if id == "white" {
		// v0.2's own whitening first; then every step whitened as the newest
		// whitens, so that the first step is masked_mean's ε alone.
		out = append(out, nil)
		if run.early.Whitened != nil {
			out[0] = run.early.Whitened[0]
		}
		for _, g := range steps {
			w, _, err := engine.Whiten(engine.VerlNewest, g.Advantages, [][]float64{mask})
			if err != nil {
				out = append(out, nil)
				continue
			}
			out = append(out, w[0])
		}
		return out, append([]versionReason{reasonEps}, reasons...)
	}
	for _, g := range steps {
		out = append(out, map[string][][]float64{"next": g.NextValues, "delta": g.Deltas, "adv": g.Advantages, "ret": g.Returns}[id][0])
	}
	return out, reasons
}

// diff compares v0.2 and the newest on one quantity at token t along its
// chain: whether they differ, and why. masked_mean's ε alone counts only
// when it shows at 4 decimals: elsewhere it is float noise of about 1e-8.
func (run versionsRun) diff(steps [][]float64, reasons []versionReason, t int) (bool, []versionReason) {
	first, last := 0, len(steps)-1
	if steps[first] == nil || steps[last] == nil {
		return false, nil
	}
	var why []versionReason
	if reasons[0] == reasonEps {
		if num(steps[0][t]) != num(steps[1][t]) {
			why = append(why, reasonEps)
		}
		first = 1
	}
	if !compareDiffers(steps[first][t], steps[last][t]) && len(why) == 0 {
		return false, nil
	}
	for k := first; k < last; k++ {
		if steps[k] == nil || steps[k+1] == nil || !compareDiffers(steps[k][t], steps[k+1][t]) {
			continue
		}
		rs := []versionReason{reasons[k]}
		if reasons[k] == reasonOwn {
			rs = run.own(t)
		}
		for _, r := range rs {
			if !slices.Contains(why, r) {
				why = append(why, r)
			}
		}
	}
	return true, why
}

// marks compares v0.2 and the newest on one quantity: its chain of steps
// (v0.2 first, newest last), and per token t whether they differ and why.
func (run versionsRun) marks(id string, mask []float64) (steps [][]float64, differs []bool, why [][]versionReason) {
	steps, reasons := run.chain(id, mask)
	differs, why = make([]bool, len(mask)), make([][]versionReason, len(mask))
	for t := range differs {
		differs[t], why[t] = run.diff(steps, reasons, t)
	}
	return steps, differs, why
}

// handleCompareVersions handles the "GET /compare/versions" route: verl
// v0.2 and the newest verl on the playground's scenario, cell by cell.
func (s *Server) handleCompareVersions(w http.ResponseWriter, r *http.Request) {
	pr := s.readPlay(r, append(versionsKeys, upgradeKeys...)...)
	q, _ := url.ParseQuery(r.URL.RawQuery) // readPlay has reported a malformed query
	shown := readList(q, "show", versionsShown, &pr.rep)
	from, to, upgrade := readUpgrade(q, &pr.rep)
	extra := ""
	if len(shown) > 0 && len(shown) < len(versionsShown) {
		extra = joinList("show", shown)
	} else {
		shown = versionsShown
	}
	if upgrade {
		extra = upgradeExtra(from, to) // the upgrade view shows every quantity
	}
	c := compareView{playView: newPlayView(pr), path: "/compare/versions", extra: extra}
	vm := func() templates.CompareVersions { return c.versions(shown) }
	if upgrade {
		vm = func() templates.CompareVersions { return c.upgrade(from, to) }
	}
	c.serve(w, r, "compare-results",
		func() templ.Component { return templates.CompareVersionsPage(vm()) },
		func() templ.Component { return templates.CompareVersionsResults(vm().Results) })
}

// handleCompareVersionsChart handles the "GET /compare/versions/chart.svg"
// route: the page's chart of the advantages as a standalone SVG, for export.
func (s *Server) handleCompareVersionsChart(w http.ResponseWriter, r *http.Request) {
	c := compareView{playView: newPlayView(s.readPlay(r, versionsKeys...)), path: "/compare/versions"}
	run := runVersions(c.s, c.res)
	_, advDiffers, _ := run.marks("adv", c.res.Mask)
	writeSVG(w, c.versionsChart(run, advDiffers), c.t("chart.error"))
}

// versionsChart draws the advantages of both generations, the cells that
// differ marked.
func (c compareView) versionsChart(run versionsRun, differs []bool) drawnChart {
	return c.compareChart("chart-compare-versions", c.t("compare.versions.chart"), chart.Advantage, run.newest.Advantages[0], run.early.Advantages[0],
		c.t("compare.legend.newest"), c.t("compare.legend.early"), "chart.axis.adv", differs)
}

// versions is the page's view model.
func (c compareView) versions(shown []string) templates.CompareVersions {
	obsEnd := func(s *scenario.Scenario) { s.Tokens[len(s.Tokens)-1].Kind = scenario.Observation }
	vm := templates.CompareVersions{ComparePage: c.header("compare.versions.heading", "compare.versions.intro", []templates.Link{
		c.tryLink("compare.try.eos", "v02-eos-leak", nil),
		c.tryLink("compare.try.obs", "multi-turn", nil),
		c.tryLink("compare.try.obs_reward", "multi-turn", obsEnd),
		c.tryLink("compare.try.plain", "seed-b", nil),
	}, engine.StableLabel(engine.LastGeneration, engine.WhitenedGAEChanges...))}
	vm.Page = c.frame("compare.versions.title")
	vm.Form = c.form("compare-results")
	vm.Form.ChecksLegend = c.t("compare.versions.show")
	for _, id := range versionsShown {
		vm.Form.Checks = append(vm.Form.Checks, templates.CompareCheck{
			ID: "show-" + id, Name: "show", Value: id, Label: c.t(versionRowLabels[id]), Checked: slices.Contains(shown, id)})
	}
	vm.Results = c.versionsResults(shown)
	return vm
}

// versionRowLabels are the catalog keys of the table's quantities.
var versionRowLabels = map[string]string{
	"next": "row.next", "delta": "row.delta", "adv": "row.adv", "ret": "row.ret", "white": "row.white",
}

// versionRowCode are verl's names of the quantities, as the playground shows them.
var versionRowCode = map[string][2]string{
	"next": {"nextvalues", ""}, "delta": {"delta", ""}, "adv": {"lastgaelam", "q-advantage"},
	"ret": {"returns", "q-return"}, "white": {"advantages", "q-whitened"},
}

// versionsResults computes both generations and marks every differing cell
// with the reasons that make it differ.
func (c compareView) versionsResults(shown []string) templates.VersionsResults {
	run := runVersions(c.s, c.res)
	mask := c.res.Mask
	out := templates.VersionsResults{ID: "compare-results", Heading: c.t("compare.versions.results")}
	tb := templates.CompareTable{ID: "versions-table", Caption: c.t("compare.versions.caption"), Corner: c.t("table.corner"), Columns: c.columns()}
	tb.Groups = append(tb.Groups,
		c.group("reward", c.t("row.reward"), "token_level_rewards", "q-reward", nil, compareRow{values: c.res.Rewards}),
		c.group("value", c.t("row.value"), "values", "q-value", nil, compareRow{values: values(c.s)}))

	used := map[versionReason]bool{}
	cells, onValid := 0, 0
	var advDiffers []bool
	for _, id := range versionsShown {
		steps, differs, reasons := run.marks(id, mask)
		early, newest := steps[0], steps[len(steps)-1]
		why := make([][]templates.Link, c.s.Len())
		for t, on := range differs {
			if !on {
				continue
			}
			cells++
			if mask[t] == 1 {
				onValid++
			}
			for _, r := range reasons[t] {
				used[r] = true
				why[t] = append(why[t], templates.Link{Label: r.mark(), URL: "#reason-" + string(r), Title: c.t("compare.reason." + string(r))})
			}
		}
		if id == "adv" {
			advDiffers = differs
		}
		if !slices.Contains(shown, id) || early == nil && newest == nil {
			continue
		}
		code := versionRowCode[id]
		tb.Groups = append(tb.Groups, c.group(id, c.t(versionRowLabels[id]), code[0], code[1],
			func(t int) (bool, []templates.Link) { return differs[t], why[t] },
			compareRow{series: "early", label: c.t("version.early", engine.StableLabel(engine.G01, engine.WhitenedGAEChanges...)), values: early, why: true},
			compareRow{series: "newest", label: c.t("version.newest", engine.StableLabel(engine.LastGeneration, engine.WhitenedGAEChanges...)), values: newest}))
	}
	out.Table = tb

	if g := run.newest; g.WhitenErr != nil {
		out.Errors = append(out.Errors, c.t("summary.whiten_none", c.t(learnerKey(g.WhitenErr))))
	}
	if cells == 0 {
		out.Summary = append(out.Summary, c.t("compare.versions.same"))
	} else {
		out.Summary = append(out.Summary, c.t("compare.versions.count", cells, onValid))
		out.Key = c.t("compare.key")
	}
	for _, reason := range []versionReason{reasonEOS, reasonObs, reasonReward, reasonEps} {
		if !used[reason] {
			continue
		}
		key := "compare.reason." + string(reason)
		cr := templates.CompareReason{ID: "reason-" + string(reason), Mark: reason.mark(), Title: c.t(key), Text: c.t(key + ".text")}
		for _, n := range reason.refs() {
			cr.Refs = append(cr.Refs, verlRef(n))
		}
		out.Reasons = append(out.Reasons, cr)
	}
	out.Notes = append(out.Notes, c.t("compare.versions.inputs"))
	if cells > onValid {
		out.Notes = append(out.Notes, c.t("compare.masked_cells"))
	}
	if run.newest.Whitened != nil && !used[reasonEps] {
		out.Notes = append(out.Notes, c.t("compare.versions.eps"))
	}
	ch := c.figure(c.versionsChart(run, advDiffers), "/compare/versions/chart.svg")
	out.Chart = &ch
	return out
}
