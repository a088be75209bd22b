package web

import (
	"net/url"
	"slices"
	"strconv"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/scenario"
)

// The upgrade view: /compare/versions with from= and to= (two verl release
// tags, or newest) shows what changes for the playground's scenario when a
// run moves from release from to release to, cell by cell, each differing
// cell marked with the changes between the two releases that explain it and
// every change between them listed with its PRs.

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

// upgradeQuantities are the rows the upgrade view compares, each with the
// changes that can make it differ.
var upgradeQuantities = []struct {
	id, label, code, swatch string
	of                      func(r scenario.Result) []float64
	changes                 []engine.ChangeID
}{
	{"reward", "row.reward", "token_level_rewards", "q-reward", func(r scenario.Result) []float64 { return r.Rewards }, []engine.ChangeID{engine.K3PreClamp}},
	{"adv", "row.adv", "advantages", "q-advantage", func(r scenario.Result) []float64 { return first(r.GAE.Advantages) }, engine.GAEChanges},
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
	vm.Page = c.frame("compare.versions.title")
	vm.Form = c.form("compare-results")
	vm.Form.Hidden = append(vm.Form.Hidden, templates.Option{Value: "from", Label: a.Tag}, templates.Option{Value: "to", Label: b.Tag})
	vm.Results = c.upgradeResults(a, b)
	return vm
}

// upgradeResults computes the scenario in both releases and marks every
// cell that differs with the changes between them that can explain it.
func (c compareView) upgradeResults(a, b engine.Release) templates.VersionsResults {
	run := func(r engine.Release) scenario.Result {
		s := c.s
		s.SetRelease(r.Tag)
		return s.Compute()
	}
	ra, rb := run(a), run(b)
	between := engine.ChangesBetween(a.Gen, b.Gen)
	out := templates.VersionsResults{ID: "compare-results", Heading: c.t("compare.upgrade.results", a.Tag, b.Tag)}
	tb := templates.CompareTable{ID: "upgrade-table", Caption: c.t("compare.upgrade.caption", a.Tag, b.Tag), Corner: c.t("table.corner"), Columns: c.columns()}
	tb.Groups = append(tb.Groups, c.group("value", c.t("row.value"), "values", "q-value", nil, compareRow{values: values(c.s)}))
	used := map[engine.ChangeID]bool{}
	cells := 0
	for _, q := range upgradeQuantities {
		xa, xb := q.of(ra), q.of(rb)
		var why []engine.ChangeID
		for _, ch := range between {
			if slices.Contains(q.changes, ch.ID) {
				why = append(why, ch.ID)
			}
		}
		mark := func(t int) (bool, []templates.Link) {
			if xa == nil || xb == nil || xa[t] == xb[t] {
				return false, nil
			}
			var links []templates.Link
			for _, id := range why {
				links = append(links, templates.Link{Label: changeMark(id), URL: "#change-" + string(id), Title: c.t("change." + string(id))})
			}
			return true, links
		}
		for t := range c.s.Tokens {
			if on, _ := mark(t); on {
				cells++
				for _, id := range why {
					used[id] = true
				}
			}
		}
		tb.Groups = append(tb.Groups, c.group(q.id, c.t(q.label), q.code, q.swatch, mark,
			compareRow{series: "early", label: c.t("release.label", a.Tag), values: xa, why: true},
			compareRow{series: "newest", label: c.t("release.label", b.Tag), values: xb}))
	}
	out.Table = tb
	switch {
	case a.Gen == b.Gen:
		out.Summary = append(out.Summary, c.t("compare.upgrade.same_gen", a.Tag, b.Tag, a.Gen.Range()))
	case cells == 0:
		out.Summary = append(out.Summary, c.t("compare.upgrade.same", a.Tag, b.Tag))
	default:
		out.Summary = append(out.Summary, c.t("compare.upgrade.count", cells))
		out.Key = c.t("compare.key")
	}
	for _, ch := range between {
		cr := templates.CompareReason{ID: "change-" + string(ch.ID), Mark: changeMark(ch.ID), Title: c.t("change." + string(ch.ID)), Text: c.t("compare.upgrade.not_here")}
		if used[ch.ID] {
			cr.Text = c.t("compare.upgrade.here")
		}
		for _, n := range ch.PRs {
			cr.Refs = append(cr.Refs, verlRef(n))
		}
		out.Reasons = append(out.Reasons, cr)
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
