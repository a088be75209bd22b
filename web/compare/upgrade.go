package compare

import (
	"net/url"
	"strconv"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// The upgrade view: /compare/versions with from= and to= (two verl release
// tags, or newest) shows what changes for the playground's scenario when a
// run moves from release from to release to, cell by cell: the token-level
// rewards and GAE (this file), the losses per loss_agg_mode and the outcome
// estimators (upgrade_losses.go). Each differing cell is marked with
// the changes engine/explain finds at the generation steps where it moves
// (explain.Upgrade), and every change between the two releases is listed
// with its PRs.

// upgradeKeys are the upgrade view's own parameters on /compare/versions.
var upgradeKeys = []string{"from", "to"}

// readUpgrade reads from= and to=; ok is false unless both name a release
// (a bad one is reported at its field).
func readUpgrade(q url.Values, rep *scenario.Report) (a, b engine.Release, ok bool) {
	from, to := q.Get("from"), q.Get("to")
	var errA, errB error
	a, errA = engine.ParseRelease(from)
	b, errB = engine.ParseRelease(to)
	if from != "" && errA != nil {
		rep.Problem("from", "err.release", from, from)
	}
	if to != "" && errB != nil {
		rep.Problem("to", "err.release", to, to)
	}
	return a, b, from != "" && to != "" && errA == nil && errB == nil
}

// upgradeExtra is the canonical &from=…&to=… of the view.
func upgradeExtra(a, b engine.Release) string {
	return "&from=" + scenario.EscapeValue(a.Tag) + "&to=" + scenario.EscapeValue(b.Tag)
}

// upgradeQuantities are the token rows the upgrade view compares, each with
// the changes it can depend on besides the rewards'.
var upgradeQuantities = []struct {
	id, label, code, swatch string
	of                      func(r scenario.Result) []float64
	depends                 []engine.ChangeID
}{
	{"reward", "row.reward", "token_level_rewards", "q-reward", func(r scenario.Result) []float64 { return r.Rewards }, nil},
	{"adv", "row.adv", "lastgaelam", "q-advantage", func(r scenario.Result) []float64 { return first(r.GAE.Advantages) }, engine.GAEChanges},
	{"ret", "row.ret", "returns", "q-return", func(r scenario.Result) []float64 { return first(r.GAE.Returns) }, engine.GAEChanges},
	{"white", "row.white", "advantages (whitened)", "q-white", func(r scenario.Result) []float64 { return first(r.GAE.Whitened) }, engine.WhitenedGAEChanges},
}

func first(m [][]float64) []float64 {
	if len(m) == 0 {
		return nil
	}
	return m[0]
}

// upgrade is the view model of the upgrade from release a to release b.
func (c compareView) upgrade(a, b engine.Release) templates.CompareVersions {
	vm := templates.CompareVersions{ComparePage: c.header("compare.upgrade.heading", "compare.upgrade.intro", nil, a.Tag, b.Tag)}
	vm.Page = c.FrameWith("compare.versions.title", c.self(), c.PageCard(c.self(), "card.page.compare.upgrade", a.Tag, b.Tag))
	vm.Form = c.form("compare-results")
	vm.Form.Hidden = append(vm.Form.Hidden, templates.Option{Value: "from", Label: a.Tag}, templates.Option{Value: "to", Label: b.Tag})
	vm.Results = c.upgradeResults(a, b)
	return vm
}

// upgradeMarks collects what the view's tables mark: the changes that
// explain some cell, and the number of differing cells.
type upgradeMarks struct {
	c     compareView
	used  map[engine.ChangeID]bool
	cells int
}

// links are the marks of one differing cell, each a link to its change.
func (m *upgradeMarks) links(cell explain.Cell) []templates.Link {
	m.cells++
	var links []templates.Link
	for _, id := range cell.Changes {
		m.used[id] = true
		links = append(links, templates.Link{Label: changeMark(id), URL: "#change-" + string(id), Title: m.c.T("change." + string(id))})
	}
	return links
}

// tokenGroup is one token quantity in both releases, every differing cell
// marked with its changes.
func (m *upgradeMarks) tokenGroup(id, label, code, swatch string, a, b engine.Release, cells []explain.Cell, xa, xb []float64) templates.CompareGroup {
	why := make([][]templates.Link, len(cells))
	for t, cell := range cells {
		if cell.Differs {
			why[t] = m.links(cell)
		}
	}
	mark := func(t int) (bool, []templates.Link) {
		return t < len(cells) && cells[t].Differs, why[min(t, len(why)-1)]
	}
	if len(cells) == 0 {
		mark = nil
	}
	return m.c.group(id, label, code, swatch, mark,
		compareRow{series: "early", label: m.c.T("release.label", a.Tag), values: xa, why: true},
		compareRow{series: "newest", label: m.c.T("release.label", b.Tag), values: xb})
}

// upgradeInput is the upgrade's picture, its link preview (no chart on the
// page; its table's first differing row): the raw advantages Aₜ of
// release b beside those of release a.
func (c compareView) upgradeInput(a, b engine.Release) chart.CompareInput {
	numbers := newGenRuns(c).tokens(func(r scenario.Result) []float64 { return first(r.GAE.Advantages) })
	xa, _ := numbers(a.Gen)
	xb, _ := numbers(b.Gen)
	return c.compareInput("upgrade", c.T("card.upgrade.title", a.Tag, b.Tag), chart.Advantage, xb, xa,
		c.T("card.upgrade.legend", b.Tag), c.T("card.upgrade.legend", a.Tag), "chart.axis.adv", cellsDiffer(xb, xa))
}

// upgradeResults computes the scenario in every generation from a's to b's
// and marks every cell that differs between a and b with the changes that
// move it.
func (c compareView) upgradeResults(a, b engine.Release) templates.VersionsResults {
	run := newGenRuns(c)
	m := &upgradeMarks{c: c, used: map[engine.ChangeID]bool{}}
	out := templates.VersionsResults{ID: "compare-results", Heading: c.T("compare.upgrade.results", a.Tag, b.Tag)}
	tb := templates.CompareTable{ID: "upgrade-table", Caption: c.T("compare.upgrade.caption", a.Tag, b.Tag), Corner: c.T("table.corner"), Columns: c.columns()}
	tb.Groups = append(tb.Groups, c.group("value", c.T("row.value"), "values", "q-value", nil, compareRow{values: play.Values(c.S)}))
	for _, q := range upgradeQuantities {
		numbers := run.tokens(q.of)
		xa, _ := numbers(a.Gen)
		xb, _ := numbers(b.Gen)
		cells := explain.Upgrade(a.Gen, b.Gen, numbers, run.withRewards(q.depends))
		tb.Groups = append(tb.Groups, m.tokenGroup(q.id, c.T(q.label), q.code, q.swatch, a, b, cells, xa, xb))
	}
	out.Table = tb
	out.Losses = m.losses(run, a, b)
	out.Estimators = m.estimators(run, a, b)
	out.Summary, out.Key = m.summary(a, b)
	out.Reasons = m.changeList(a, b)
	out.Notes = append(append(out.Notes, c.T("compare.upgrade.inputs")), c.EditNotice()...)
	return out
}

// summary is the view's one-line verdict and how to read the marks.
func (m *upgradeMarks) summary(a, b engine.Release) ([]string, string) {
	switch {
	case a.Gen == b.Gen:
		return []string{m.c.T("compare.upgrade.same_gen", a.Tag, b.Tag, a.Gen.Range())}, ""
	case m.cells == 0:
		return []string{m.c.T("compare.upgrade.same", a.Tag, b.Tag)}, ""
	}
	return []string{m.c.T("compare.upgrade.count", m.cells)}, m.c.T("compare.key")
}

// changeList is every change between the two releases with its PRs, saying
// whether it moves a cell of this scenario.
func (m *upgradeMarks) changeList(a, b engine.Release) []templates.CompareReason {
	var out []templates.CompareReason
	for _, ch := range engine.ChangesBetween(a.Gen, b.Gen) {
		cr := templates.CompareReason{ID: "change-" + string(ch.ID), Mark: changeMark(ch.ID), Title: m.c.T("change." + string(ch.ID)), Text: m.c.T("compare.upgrade.not_here")}
		if m.used[ch.ID] {
			cr.Text = m.c.T("compare.upgrade.here")
		}
		for _, n := range ch.PRs {
			cr.Refs = append(cr.Refs, verlRef(n))
		}
		out = append(out, cr)
	}
	return out
}

// changeMark is the short mark of a change in a cell: its index in the
// engine's list, so every change has its own.
func changeMark(id engine.ChangeID) string {
	for i, c := range engine.Changes {
		if c.ID == id {
			return "C" + strconv.Itoa(i+1)
		}
	}
	return "?"
}
