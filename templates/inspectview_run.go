package templates

import "github.com/a-h/templ"

// InspectRun is the view of an uploaded run (a .zip of a run directory):
// the per-step verdicts, as gaelab inspect DIR prints them, and one chart
// per metric over steps.
type InspectRun struct {
	Summary []string // heading, then one line each: steps, skipped files, expiry
	Share   InspectShare
	// First names the first step not exact ("" when every one is) and
	// Exact says every step is.
	First, Exact string
	// Notes are the first step not exact's notes on its findings, as its
	// batch view and gaelab inspect DIR show them.
	Notes   []string
	Steps   InspectRunTable
	Skipped []string
	// Charts is the metrics' small multiples (chart.StepsGrid), the
	// first step not exact shaded; nil when no step has metrics.
	Charts       templ.Component
	ChartsTitle  string
	ChartsLegend string
}

// InspectRunTable is the steps' table: one row a step.
type InspectRunTable struct {
	Caption string
	Head    []string
	Rows    []InspectRunRow
}

// InspectRunRow is one step; First marks the first step not exact.
type InspectRunRow struct {
	Step    string
	Verdict string
	Cells   []string
	First   bool
	Exact   bool
}
