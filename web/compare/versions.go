package compare

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/a-h/templ"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// /compare/versions: verl v0.2 and the newest verl on the playground's
// scenario, cell by cell, each differing cell marked with the reasons
// engine/explain derives (CompareVersions). With from= and to= the page is
// the upgrade view (upgrade.go). What the comparison pages share is
// in view.go.
//
// Index convention, as everywhere: t is the 0-based response-token index;
// values[t] = V(s_t), the state before token t; the reward, δ, advantage and
// return at t belong to token t.

// VersionsKeys are /compare/versions' own parameters.
var VersionsKeys = []string{"show"}

// versionsShown are the quantities the versions table can show (show=), in
// table order; all of them by default.
var versionsShown = explain.Quantities

// HandleVersions handles the "GET /compare/versions" route: verl
// v0.2 and the newest verl on the playground's scenario, cell by cell.
func (s *Room) HandleVersions(w http.ResponseWriter, r *http.Request) {
	pr := s.Read(r, append(VersionsKeys, upgradeKeys...)...)
	q, _ := url.ParseQuery(r.URL.RawQuery) // Room.Read has reported a malformed query
	shown := readList(q, "show", versionsShown, &pr.Rep)
	from, to, upgrade := readUpgrade(q, &pr.Rep)
	extra := ""
	if len(shown) > 0 && len(shown) < len(versionsShown) {
		extra = joinList("show", shown)
	} else {
		shown = versionsShown
	}
	if upgrade {
		extra = upgradeExtra(from, to) // the upgrade view shows every quantity
	}
	c := compareView{View: play.NewView(pr), path: "/compare/versions", extra: extra}
	vm := func() templates.CompareVersions { return c.versions(shown) }
	if upgrade {
		vm = func() templates.CompareVersions { return c.upgrade(from, to) }
	}
	c.serve(w, r, "compare-results",
		func() templ.Component { return templates.CompareVersionsPage(vm()) },
		func() templ.Component { return templates.CompareVersionsResults(vm().Results) })
}

// HandleVersionsChart handles the "GET /compare/versions/chart.svg"
// route: the page's chart of the advantages as a standalone SVG, for export.
func (s *Room) HandleVersionsChart(w http.ResponseWriter, r *http.Request) {
	c := compareView{View: play.NewView(s.Read(r, VersionsKeys...)), path: "/compare/versions"}
	run := c.versionChain()
	_, _, advDiffers, _ := run.Marks(explain.Advantages)
	page.WriteSVG(w, r, c.versionsChart(run, advDiffers), c.T("chart.error"))
}

// versionsChart draws the advantages of both generations, the cells that
// differ marked.
func (c compareView) versionsChart(run explain.VersionChain, differs []bool) page.Chart {
	return c.compareChart("chart-compare-versions", c.T("compare.versions.chart"), chart.Advantage, run.Newest.Advantages[0], run.Early.Advantages[0],
		c.T("compare.legend.newest"), c.T("compare.legend.early"), "chart.axis.adv", differs)
}

// versions is the page's view model.
func (c compareView) versions(shown []explain.Quantity) templates.CompareVersions {
	obsEnd := func(s *scenario.Scenario) { s.Tokens[len(s.Tokens)-1].Kind = scenario.Observation }
	vm := templates.CompareVersions{ComparePage: c.header("compare.versions.heading", "compare.versions.intro", []templates.Link{
		c.tryLink("compare.try.eos", "v02-eos-leak", nil),
		c.tryLink("compare.try.obs", "multi-turn", nil),
		c.tryLink("compare.try.obs_reward", "multi-turn", obsEnd),
		c.tryLink("compare.try.plain", "seed-b", nil),
	}, engine.StableLabel(engine.LastGeneration, engine.WhitenedGAEChanges...))}
	vm.Page = c.frame("compare.versions.title")
	vm.Form = c.form("compare-results")
	vm.Form.ChecksLegend = c.T("compare.versions.show")
	for _, id := range versionsShown {
		vm.Form.Checks = append(vm.Form.Checks, templates.CompareCheck{
			ID: "show-" + string(id), Name: "show", Value: string(id), Label: c.T(versionRowLabels[id]), Checked: slices.Contains(shown, id)})
	}
	vm.Results = c.versionsResults(shown)
	return vm
}

// versionRowLabels are the catalog keys of the table's quantities.
var versionRowLabels = map[explain.Quantity]string{
	"next": "row.next", "delta": "row.delta", "adv": "row.adv", "ret": "row.ret", "white": "row.white",
}

// versionRowCode are verl's names of the quantities, as the playground shows them.
var versionRowCode = map[explain.Quantity][2]string{
	"next": {"nextvalues", ""}, "delta": {"delta", ""}, "adv": {"lastgaelam", "q-advantage"},
	"ret": {"returns", "q-return"}, "white": {"advantages", "q-whitened"},
}

// versionsResults computes both generations and marks every differing cell
// with the reasons that make it differ.
func (c compareView) versionsResults(shown []explain.Quantity) templates.VersionsResults {
	run := c.versionChain()
	mask := c.Res.Mask
	out := templates.VersionsResults{ID: "compare-results", Heading: c.T("compare.versions.results")}
	tb := templates.CompareTable{ID: "versions-table", Caption: c.T("compare.versions.caption"), Corner: c.T("table.corner"), Columns: c.columns()}
	tb.Groups = append(tb.Groups,
		c.group("reward", c.T("row.reward"), "token_level_rewards", "q-reward", nil, compareRow{values: c.Res.Rewards}),
		c.group("value", c.T("row.value"), "values", "q-value", nil, compareRow{values: play.Values(c.S)}))

	used := map[explain.Reason]bool{}
	cells, onValid := 0, 0
	var advDiffers []bool
	for _, id := range versionsShown {
		early, newest, differs, reasons := run.Marks(id)
		why := make([][]templates.Link, c.S.Len())
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
				why[t] = append(why[t], templates.Link{Label: reasonMark[r], URL: "#reason-" + string(r), Title: c.T("compare.reason." + string(r))})
			}
		}
		if id == explain.Advantages {
			advDiffers = differs
		}
		if !slices.Contains(shown, id) || early == nil && newest == nil {
			continue
		}
		code := versionRowCode[id]
		tb.Groups = append(tb.Groups, c.group(string(id), c.T(versionRowLabels[id]), code[0], code[1],
			func(t int) (bool, []templates.Link) { return differs[t], why[t] },
			compareRow{series: "early", label: c.T("version.early", engine.StableLabel(engine.G01, engine.WhitenedGAEChanges...)), values: early, why: true},
			compareRow{series: "newest", label: c.T("version.newest", engine.StableLabel(engine.LastGeneration, engine.WhitenedGAEChanges...)), values: newest}))
	}
	out.Table = tb

	if g := run.Newest; g.WhitenErr != nil {
		out.Errors = append(out.Errors, c.T("summary.whiten_none", c.T(page.LearnerKey(g.WhitenErr))))
	}
	if cells == 0 {
		out.Summary = append(out.Summary, c.T("compare.versions.same"))
	} else {
		out.Summary = append(out.Summary, c.T("compare.versions.count", cells, onValid))
		out.Key = c.T("compare.key")
	}
	for _, reason := range explain.Reasons {
		if !used[reason] {
			continue
		}
		key := "compare.reason." + string(reason)
		cr := templates.CompareReason{ID: "reason-" + string(reason), Mark: reasonMark[reason], Title: c.T(key), Text: c.T(key + ".text")}
		for _, n := range reason.Refs() {
			cr.Refs = append(cr.Refs, verlRef(n))
		}
		out.Reasons = append(out.Reasons, cr)
	}
	out.Notes = append(append(out.Notes, c.T("compare.versions.inputs")), c.EditNotice()...)
	if cells > onValid {
		out.Notes = append(out.Notes, c.T("compare.masked_cells"))
	}
	if run.Newest.Whitened != nil && !used[explain.ReasonEps] {
		out.Notes = append(out.Notes, c.T("compare.versions.eps"))
	}
	ch := c.figure(c.versionsChart(run, advDiffers), "/compare/versions/chart.svg")
	out.Chart = &ch
	return out
}

// reasonMark is each reason's letter in the table.
var reasonMark = map[explain.Reason]string{explain.ReasonEOS: "E", explain.ReasonObs: "O", explain.ReasonReward: "R", explain.ReasonEps: "ε"}

// versionChain is the scenario's comparison of v0.2 and the newest GAE on
// its rewards and values, with the reasons of every difference.
func (c compareView) versionChain() explain.VersionChain {
	in := explain.VersionInputs{
		Rewards: c.Res.Rewards, Values: play.Values(c.S), Mask: c.Res.Mask,
		Padding: make([]bool, c.S.Len()), Gamma: c.S.Gamma, Lam: c.S.Lam, Shown: page.Num,
	}
	for t, tok := range c.S.Tokens {
		in.Padding[t] = tok.Kind == scenario.Padding
	}
	return explain.CompareVersions(in)
}
