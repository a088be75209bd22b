package compare

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/chart"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// BugsKeys are /compare/bugs' own parameters: bug= lists the bugs shown
// (comma-separated, or repeated as the form's checkboxes send them; links
// write them once, in engine.Bugs' order) and rows=2 makes the batch two
// sequences (see bugsView.input).
var BugsKeys = []string{"bug", "rows"}

// bugsView is /compare/bugs for one request: the scenario as a batch, its
// correct GAE (the newest verl's) and the bugs to draw beside it.
type bugsView struct {
	compareView
	bugs    []engine.Bug
	rows    int // sequences in the batch: 1, or 2 with rows=2
	in      engine.BugInput
	correct engine.BugResult
}

// HandleBugs handles the "GET /compare/bugs" route: bugs people
// really shipped, each beside the correct result.
func (s *Room) HandleBugs(w http.ResponseWriter, r *http.Request) {
	b := s.readBugs(r)
	b.serve(w, r, "compare-results",
		func() templ.Component { return templates.CompareBugsPage(b.page()) },
		func() templ.Component { return templates.CompareBugsResults(b.results()) })
}

// readBugs decodes a request of /compare/bugs and computes the correct GAE.
func (s *Room) readBugs(r *http.Request) bugsView {
	pr := s.Read(r, BugsKeys...)
	q, _ := url.ParseQuery(r.URL.RawQuery) // Room.Read has reported a malformed query
	b := bugsView{bugs: readList(q, "bug", engine.Bugs, &pr.Rep), rows: 1}
	switch raw := q.Get("rows"); raw {
	case "", "1":
	case "2":
		b.rows = 2
	default:
		pr.Rep.Warnings = append(pr.Rep.Warnings, scenario.Problem{Key: "warn.compare.choice", Args: []any{"rows", raw, "1, 2"}})
	}
	b.compareView = compareView{View: play.NewView(pr), path: "/compare/bugs", extra: b.params(b.bugs, b.rows)}
	b.in = b.input()
	b.correct = engine.CorrectGAE(b.in)
	return b
}

// params writes the page's own parameters in canonical form.
func (b bugsView) params(bugs []engine.Bug, rows int) string {
	p := joinList("bug", bugs)
	if rows == 2 {
		p += "&rows=2"
	}
	return p
}

// input is the scenario as a batch, computed as the newest verl computes
// its rewards. With rows=2 the second sequence is the same response scored
// 1 lower: its reward (and score) at the last valid token minus 1, as a
// second sample of the prompt that failed.
func (b bugsView) input() engine.BugInput {
	s := b.S.NewestV1()
	res := s.Compute()
	in := engine.BugInput{
		Rewards: [][]float64{res.Rewards}, Scores: [][]float64{res.Scores},
		Values: [][]float64{play.Values(s)}, Mask: [][]float64{res.Mask},
		Gamma: s.Gamma, Lam: s.Lam,
	}
	if b.rows == 2 {
		rewards, scores := slices.Clone(res.Rewards), slices.Clone(res.Scores)
		for t := len(res.Mask) - 1; t >= 0; t-- {
			if res.Mask[t] == 1 {
				rewards[t]--
				scores[t]--
				break
			}
		}
		in.Rewards, in.Scores = append(in.Rewards, rewards), append(in.Scores, scores)
		in.Values, in.Mask = append(in.Values, in.Values[0]), append(in.Mask, in.Mask[0])
	}
	return in
}

// page is the whole page's view model.
func (b bugsView) page() templates.CompareBugs {
	vm := templates.CompareBugs{ComparePage: b.header("compare.bugs.heading", "compare.bugs.intro", []templates.Link{
		b.tryLink("compare.try.eos", "v02-eos-leak", nil),
		b.tryLink("compare.try.padding", "eos-padding", nil),
		b.tryLink("compare.try.obs", "multi-turn", nil),
		b.tryLink("compare.try.plain", "seed-b", nil),
	})}
	vm.Page = b.frame("compare.bugs.title")
	vm.Form = b.form("compare-results")
	vm.Form.ChecksLegend = b.T("compare.bugs.checks")
	for _, bug := range engine.Bugs {
		vm.Form.Checks = append(vm.Form.Checks, templates.CompareCheck{
			ID: "bug-check-" + string(bug), Name: "bug", Value: string(bug),
			Label: b.T("bug." + string(bug) + ".title"), Checked: slices.Contains(b.bugs, bug)})
	}
	vm.Form.Rows = &templates.Select{ID: "rows", Name: "rows", Label: b.T("compare.bugs.rows"), Options: []templates.Option{
		{Value: "1", Label: b.T("compare.bugs.rows.1"), Selected: b.rows == 1},
		{Value: "2", Label: b.T("compare.bugs.rows.2"), Selected: b.rows == 2},
	}}
	vm.Results = b.results()
	return vm
}

// results are the correct result, or each chosen bug beside it.
func (b bugsView) results() templates.BugsResults {
	out := templates.BugsResults{ID: "compare-results", Heading: b.T("compare.bugs.results"), Hint: b.T("compare.bugs.hint")}
	out.Notes = append(out.Notes, b.T("compare.bugs.correct_is", engine.StableLabel(engine.LastGeneration, engine.WhitenedGAEChanges...)))
	if b.rows == 2 {
		out.Notes = append(out.Notes, b.T("compare.bugs.row2_note"))
	}
	if err := b.correct.WhitenErr; err != nil {
		out.Errors = append(out.Errors, b.T("summary.whiten_none", b.T(page.LearnerKey(err))))
	}
	if len(b.bugs) == 0 {
		for i := range b.rows {
			tb := b.table("correct-table-"+strconv.Itoa(i), b.caption(b.T("compare.bugs.correct_caption"), i))
			tb.Groups = b.groups(i, nil)
			out.Correct = append(out.Correct, tb)
		}
		out.CorrectChart = b.correctFigure()
		return out
	}
	if msg := b.tooLarge(); msg != "" {
		out.Errors = append(out.Errors, msg)
		return out
	}
	out.Key = b.T("compare.bugs.key")
	out.Sections = make([]templates.BugSection, len(b.bugs))
	var wg sync.WaitGroup
	for i, bug := range b.bugs { // each section is independent: draw them in parallel
		wg.Go(func() { out.Sections[i] = b.section(bug) })
	}
	wg.Wait()
	return out
}

// caption names a table, and which sequence of the batch it shows.
func (b bugsView) caption(name string, row int) string {
	if b.rows == 1 {
		return name
	}
	return name + " — " + b.T("compare.bugs.row"+strconv.Itoa(row+1))
}

func (b bugsView) table(id, caption string) templates.CompareTable {
	return templates.CompareTable{ID: id, Caption: caption, Corner: b.T("table.corner"), Columns: b.columns()}
}

// bugQuantities are the table's quantities after the inputs: id, catalog
// key, verl's name, swatch, and how to read them from a result.
var bugQuantities = []struct {
	id, label, code, swatch string
	get                     func(g engine.BugResult) [][]float64
}{
	{"next", "row.next", "nextvalues", "", func(g engine.BugResult) [][]float64 { return g.NextValues }},
	{"delta", "row.delta", "delta", "", func(g engine.BugResult) [][]float64 { return g.Deltas }},
	{"adv", "row.adv", "lastgaelam", "q-advantage", func(g engine.BugResult) [][]float64 { return g.Advantages }},
	{"ret", "row.ret", "returns", "q-return", func(g engine.BugResult) [][]float64 { return g.Returns }},
	{"white", "row.white", "advantages", "q-whitened", func(g engine.BugResult) [][]float64 { return g.Whitened }},
}

// rowOf is row i of a matrix, nil when the matrix is.
func rowOf(m [][]float64, i int) []float64 {
	if m == nil {
		return nil
	}
	return m[i]
}

// cellsDiffer marks where two rows differ; nil when one of them is missing.
func cellsDiffer(a, b []float64) []bool {
	if a == nil || b == nil {
		return nil
	}
	out := make([]bool, len(a))
	for t := range a {
		out[t] = Differs(a[t], b[t])
	}
	return out
}

// groups are sequence i's quantities: the correct result alone (buggy
// nil), or beside the buggy one; the inputs (rewards, values) get a row for
// each only where the bug changed them.
func (b bugsView) groups(i int, buggy *engine.BugResult) []templates.CompareGroup {
	good := func(m [][]float64) compareRow {
		return compareRow{series: "correct", label: b.T("compare.legend.correct"), values: rowOf(m, i)}
	}
	if buggy == nil {
		gs := []templates.CompareGroup{
			b.group("reward", b.T("row.reward"), "token_level_rewards", "q-reward", nil, compareRow{values: b.correct.Rewards[i]}),
			b.group("value", b.T("row.value"), "values", "q-value", nil, compareRow{values: b.correct.Values[i]}),
		}
		for _, q := range bugQuantities {
			if rowOf(q.get(b.correct), i) != nil {
				gs = append(gs, b.group(q.id, b.T(q.label), q.code, q.swatch, nil, good(q.get(b.correct))))
			}
		}
		return gs
	}
	bad := func(m [][]float64) compareRow {
		return compareRow{series: "buggy", label: b.T("compare.legend.buggy"), values: rowOf(m, i)}
	}
	var gs []templates.CompareGroup
	add := func(id, label, code, swatch string, ok, ko [][]float64) {
		differs := cellsDiffer(rowOf(ok, i), rowOf(ko, i))
		mark := func(t int) (bool, []templates.Link) { return differs != nil && differs[t], nil }
		gs = append(gs, b.group(id, label, code, swatch, mark, good(ok), bad(ko)))
	}
	for _, in := range []struct {
		id, label, code, swatch string
		ok, ko                  [][]float64
	}{
		{"reward", "row.reward", "token_level_rewards", "q-reward", b.correct.Rewards, buggy.Rewards},
		{"value", "row.value", "values", "q-value", b.correct.Values, buggy.Values},
	} {
		if slices.Contains(cellsDiffer(in.ok[i], in.ko[i]), true) {
			add(in.id, b.T(in.label), in.code, in.swatch, in.ok, in.ko)
		} else {
			gs = append(gs, b.group(in.id, b.T(in.label), in.code, in.swatch, nil, compareRow{values: in.ok[i]}))
		}
	}
	for _, q := range bugQuantities {
		add(q.id, b.T(q.label), q.code, q.swatch, q.get(b.correct), q.get(*buggy))
	}
	return gs
}

// bugChart is the quantity a bug's chart compares: the one the bug is
// about (returns, whitened advantages), else the raw advantages.
func bugChart(bug engine.Bug) (id, label string, q chart.Quantity, axis string) {
	switch bug {
	case engine.BugWhitenedReturns:
		return "ret", "row.ret", chart.Return, "chart.axis.value"
	case engine.BugPerSeqWhiten:
		return "white", "row.white", chart.Whitened, "chart.axis.adv"
	}
	return "adv", "row.adv", chart.Advantage, "chart.axis.adv"
}

// sectionChart draws bug's chart of sequence i: the correct and the buggy
// numbers of the quantity the bug is about (bugChart).
func (b bugsView) sectionChart(bug engine.Bug, buggy engine.BugResult, i int) page.Chart {
	in := b.sectionChartInput(bug, buggy, i)
	svg, err := chart.Compare(in)
	return page.Chart{ID: in.ID, Title: in.Text.Title, SVG: svg, Err: err}
}

// sectionInput is the input of bug's chart of sequence i, the buggy result
// computed here; the page's link preview draws it.
func (b bugsView) sectionInput(bug engine.Bug, i int) chart.CompareInput {
	buggy, _ := engine.GAEWithBug(bug, b.in) // the result holds what could be computed
	return b.sectionChartInput(bug, buggy, i)
}

// sectionChartInput is sectionChart's input.
func (b bugsView) sectionChartInput(bug engine.Bug, buggy engine.BugResult, i int) chart.CompareInput {
	id, label, q, axis := bugChart(bug)
	ref, other := rowOf(map[string][][]float64{"adv": b.correct.Advantages, "ret": b.correct.Returns, "white": b.correct.Whitened}[id], i),
		rowOf(map[string][][]float64{"adv": buggy.Advantages, "ret": buggy.Returns, "white": buggy.Whitened}[id], i)
	if ref == nil || other == nil { // whitening failed: chart the raw advantages
		label, q, axis = "row.adv", chart.Advantage, "chart.axis.adv"
		ref, other = b.correct.Advantages[i], buggy.Advantages[i]
	}
	title := b.caption(b.T("compare.bugs.chart", b.T(label), string(bug)), i)
	return b.compareInput("bug-"+string(bug)+"-chart-"+strconv.Itoa(i), title, q, ref, other,
		b.T("compare.legend.correct"), b.T("compare.legend.buggy"), axis, cellsDiffer(ref, other))
}

// section is one bug beside the correct result: its story, the tables and
// charts of every sequence, and notes when the scenario hides the bug.
func (b bugsView) section(bug engine.Bug) templates.BugSection {
	key := "bug." + string(bug)
	sec := templates.BugSection{
		ID: "bug-" + string(bug), Title: b.T(key + ".title"), Story: b.HTML(key + ".story"), Ref: b.T(key + ".ref"),
	}
	for _, n := range BugRefs[bug] {
		sec.Refs = append(sec.Refs, issueLink(n))
	}
	buggy, err := engine.GAEWithBug(bug, b.in)
	if err != nil {
		sec.Errors = append(sec.Errors, b.T("compare.bugs.failed", b.T(page.LearnerKey(err))))
	} else if buggy.WhitenErr != nil && b.correct.WhitenErr == nil {
		sec.Errors = append(sec.Errors, b.T("compare.bugs.whiten_failed", b.T(page.LearnerKey(buggy.WhitenErr))))
	}

	cells, onValid, masked := 0, 0, 0
	for i := range b.rows {
		tb := b.table(sec.ID+"-table-"+strconv.Itoa(i), b.caption(b.T("compare.bugs.caption", sec.Title), i))
		tb.Groups = b.groups(i, &buggy)
		for _, g := range tb.Groups {
			if len(g.Rows) < 2 {
				continue
			}
			trained := g.ID == "adv" || g.ID == "ret" || g.ID == "white" // what the losses read
			for t, c := range g.Rows[1].Cells {
				if !c.Differs {
					continue
				}
				cells++
				switch {
				case b.in.Mask[i][t] == 0:
					masked++
				case trained:
					onValid++
				}
			}
		}
		sec.Tables = append(sec.Tables, tb)
		sec.Charts = append(sec.Charts, b.figure(b.sectionChart(bug, buggy, i), "/compare/bugs/chart/"+BugChart(bug, i)+".svg"))
	}

	sec.Summary = b.T("compare.bugs.count", cells, onValid)
	if bug == engine.BugPerSeqWhiten && b.rows == 1 {
		sec.Notes = append(sec.Notes, b.T("compare.bugs.one_row"))
		sec.Try = templates.Link{Label: b.T("compare.try.rows2"), URL: b.link(b.S, b.params(b.bugs, 2))}
		return sec
	}
	if onValid == 0 {
		sec.Notes = append(sec.Notes, b.T("compare.bugs.no_valid")+" "+b.T(key+".when"))
		if try, ok := BugTries[bug]; ok {
			sec.Try = b.tryLink(try.Label, try.Preset, try.Edit)
		}
	}
	if masked > 0 {
		sec.Notes = append(sec.Notes, b.T("compare.masked_cells"))
	}
	return sec
}

// issueLink links a bug's reference.
func issueLink(v Issue) templates.Link {
	if v.Repo == "" {
		return verlRef(v.N)
	}
	n := strconv.Itoa(v.N)
	return templates.Link{Label: v.Repo + "#" + n, URL: "https://github.com/" + v.Repo + "/issues/" + n}
}

// tooLarge says, in the page's language, why the bug sections are not
// drawn, or "" when they fit within maxBugCells.
func (b bugsView) tooLarge() string {
	tokens := len(b.in.Mask[0])
	if BugCellsFit(len(b.bugs), b.rows, tokens) {
		return ""
	}
	return b.T("compare.bugs.too_large", len(b.bugs), b.rows, tokens, maxBugCells)
}

// HandleBugsChart handles the "GET /compare/bugs/chart/{name}.svg"
// route: one section's chart as a standalone SVG, for export. The name is
// a bug of bug= and the sequence, "{bug}-{i}" (i 0-based: 0, or 1 with
// rows=2), as the page links it, or "correct": the correct result's chart
// the page shows without a bug.
func (s *Room) HandleBugsChart(w http.ResponseWriter, r *http.Request) {
	b := s.readBugs(r)
	if chi.URLParam(r, "name") == CorrectChart {
		page.WriteSVG(w, r, b.correctChart(), b.T("chart.error"))
		return
	}
	bug, i, ok := ChartOf(chi.URLParam(r, "name"), b.bugs, b.rows)
	if !ok {
		page.ChartNotFound(w, r)
		return
	}
	buggy, _ := engine.GAEWithBug(bug, b.in) // the result holds what could be computed; the page says what failed
	page.WriteSVG(w, r, b.sectionChart(bug, buggy, i), b.T("chart.error"))
}

// correctChart draws the correct advantages (and returns) of the first
// sequence, so that the page opened without a bug still has its picture
// (issue 26); each bug is then one tick away.
func (b bugsView) correctChart() page.Chart {
	in := b.ChartInput()
	in.Returns, in.Advantages, in.Whitened = b.correct.Returns[0], b.correct.Advantages[0], nil
	if len(b.correct.Whitened) > 0 {
		in.Whitened = b.correct.Whitened[0]
	}
	in.ID, in.Theme = "bugs-correct", b.ChartTheme()
	svg, err := chart.Advantages(in)
	return page.Chart{ID: "bugs-correct-chart", Title: b.T("compare.bugs.correct_caption") + " — " + b.T("chart.adv"), SVG: svg, Err: err}
}

// correctFigure is correctChart as the page shows it.
func (b bugsView) correctFigure() templates.Chart {
	return b.figure(b.correctChart(), "/compare/bugs/chart/"+CorrectChart+".svg")
}
