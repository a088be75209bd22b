package compare

import (
	"strconv"

	"gaelab/engine"
	"gaelab/web/scenario"
)

// maxBugCells bounds the token columns /compare/bugs draws at once
// (bugs × rows × tokens; each about 1 KB of tables): all seven bugs of
// two 512-token rows would be 7.2 MB from a 3 KB link. Past it the page
// says what to leave out instead of drawing the sections; 2,048 is every
// bug of a 146-token row pair, or four bugs of a 512-token response, a
// page of about 2 MB.
const maxBugCells = 2048

// BugCellsFit reports whether bugs bugs of rows sequences of tokens tokens
// are within maxBugCells.
func BugCellsFit(bugs, rows, tokens int) bool { return bugs*rows*tokens <= maxBugCells }

// CorrectChart is the correct result's chart in the route
// /compare/bugs/chart/{name}.svg.
const CorrectChart = "correct"

// BugChart is the name of bug's chart of sequence i in that route.
func BugChart(bug engine.Bug, i int) string { return string(bug) + "-" + strconv.Itoa(i) }

// ChartOf finds the bug and sequence of a chart name among bugs and rows
// sequences; false for a chart the page does not draw.
func ChartOf(name string, bugs []engine.Bug, rows int) (engine.Bug, int, bool) {
	for _, bug := range bugs {
		for i := range rows {
			if name == BugChart(bug, i) {
				return bug, i, true
			}
		}
	}
	return "", 0, false
}

// Issue is a verl issue or pull request, or one of another repository
// when Repo is set.
type Issue struct {
	Repo string
	N    int
}

// BugRefs are the issues and pull requests where each bug's story is told.
var BugRefs = map[engine.Bug][]Issue{
	engine.BugEOSLeak:       {{"", 847}, {"", 1758}, {"", 1850}},
	engine.BugShift:         {{"", 1960}},
	engine.BugBootstrap:     {{"", 50}, {"alibaba/ROLL", 447}},
	engine.BugTRLRewardSlot: {{"huggingface/trl", 1893}, {"huggingface/trl", 3750}},
}

// Try is a scenario where a bug shows on valid tokens: a preset, an edit
// of it (or nil) and the catalog key of the link's label.
type Try struct {
	Label, Preset string
	Edit          func(s *scenario.Scenario)
}

// BugTries are the scenarios where each bug shows.
var BugTries = map[engine.Bug]Try{
	engine.BugEOSLeak:         {"compare.try.eos", "v02-eos-leak", nil},
	engine.BugBootstrap:       {"compare.try.padding_values", "v02-eos-leak", func(s *scenario.Scenario) { s.Tokens[len(s.Tokens)-1].Value = 0.3 }},
	engine.BugTRLRewardSlot:   {"compare.try.padding", "eos-padding", nil},
	engine.BugShift:           {"compare.try.plain", "seed-b", nil},
	engine.BugWhitenedReturns: {"compare.try.plain", "seed-b", nil},
	engine.BugNoReverse:       {"compare.try.plain", "seed-b", nil},
}
