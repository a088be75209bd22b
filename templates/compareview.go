package templates

// View models of the two comparison pages, /compare/versions and
// /compare/bugs (and of nothing else): the playground's scenario computed two
// ways, side by side, with the cells that differ marked.

// ComparePage is what both comparison pages show around their results.
type ComparePage struct {
	Page
	Heading    string
	Intro      Rich // formulas typeset
	Warnings   []string
	Scenario   string // names the scenario: its preset, and whether it was changed
	Playground Link   // "Open in the playground", same scenario
	TryLabel   string
	Try        []Link // other scenarios, same page parameters
	Form       CompareForm
}

// CompareForm is a comparison page's GET form: it works without
// JavaScript; with it, htmx swaps the section with id Target.
type CompareForm struct {
	Action, Target string
	Hidden         []Option // name (Value) = value (Label): the scenario and the view
	Legend         string
	Gamma, Lam     Field
	ChecksLegend   string
	Checks         []CompareCheck
	Rows           *Select // /compare/bugs: how many sequences the batch holds
	Submit         string
}

// CompareCheck is one checkbox.
type CompareCheck struct {
	ID, Name, Value, Label, Help string
	Checked                      bool
}

// CompareTable is a token table whose quantities have one row per
// computation (or one shared row where both read the same numbers).
type CompareTable struct {
	ID, Caption, Corner string
	Columns             []Column
	Groups              []CompareGroup
}

// CompareGroup is one quantity: its rows, one per computation.
type CompareGroup struct {
	ID, Label, Code string // Code is verl's name, e.g. advantages
	Swatch          string // CSS class of the quantity's colour, "" for none
	Rows            []CompareRow
}

// CompareRow is one quantity as one computation has it.
type CompareRow struct {
	Series string // "early", "newest", "correct", "buggy"; "" for a shared row
	Label  string // "v0.2 (early)", "with the bug", …
	Cells  []CompareCell
}

// CompareCell is one number. A cell that differs from its counterpart in
// the other row carries Marker (text, so it does not rely on colour) and
// the reasons, each a link to its explanation.
type CompareCell struct {
	Text, Full string // 4 decimals; full precision (title) of a differing cell, "" when Text says it all
	Class      string // mask-pad / mask-obs, and differs
	Differs    bool
	Marker     string // "≠" on a differing cell
	Reasons    []Link // Label: the reason's letter, URL: #its-id, Title: its name
}

// CompareReason explains why cells differ.
type CompareReason struct {
	ID, Mark, Title, Text string
	Refs                  []Link // the verl pull requests and issues
}

// CompareVersions is /compare/versions: verl v0.2 and the newest verl on
// the same scenario.
type CompareVersions struct {
	ComparePage
	Results VersionsResults
}

// VersionsResults is the part the form recomputes.
type VersionsResults struct {
	ID, Heading string
	Errors      []string
	Summary     []string
	Table       CompareTable
	Key         string // how to read the marks
	Reasons     []CompareReason
	Notes       []string
	Chart       *Chart
	// The upgrade view's losses and outcome estimators (nil elsewhere).
	Losses     *UpgradeScalars
	Estimators *CompareTable
}

// CompareBugs is /compare/bugs: bugs people shipped, beside the correct
// result.
type CompareBugs struct {
	ComparePage
	Results BugsResults
}

// BugsResults is the part the form recomputes.
type BugsResults struct {
	ID, Heading  string
	Errors       []string
	Notes        []string       // what "correct" means here, the batch's second row
	Correct      []CompareTable // without a bug: the correct result, one table per sequence
	CorrectChart Chart          // without a bug: the correct result's chart
	Hint         string         // without a bug: how to pick one
	Key          string         // how to read the marks
	Sections     []BugSection
}

// BugSection is one bug beside the correct result.
type BugSection struct {
	ID, Title string
	Story     Rich   // what happened, formulas typeset
	Ref       string // where the story is told
	Refs      []Link
	Summary   string
	Notes     []string
	Try       Link // a scenario where the bug shows, "" URL when not needed
	Errors    []string
	Tables    []CompareTable // one per sequence of the batch
	Charts    []Chart
}
