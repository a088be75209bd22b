// Package train holds /train's components: the training lab's page, its
// frame (the controls, verl's dashboard and the iteration's batch, which
// each Play tick swaps) and its config panel. They receive view models
// and render; web/train computes them.
package train

import "gaelab/templates"

// Page is the whole /train page.
type Page struct {
	Page    templates.Page
	Heading string
	Intro   string
	// Presets are the teaching presets' links, the current one marked.
	PresetsLabel string
	Presets      []templates.Link
	Story        string
	WatchLabel   string
	Watch        string
	Frame        Frame
	Config       Config
	Keys         string // the keyboard's shortcuts, one line
}

// Frame is what a Play tick redraws: the controls (every one a link), the
// curves and the iteration's batch.
type Frame struct {
	Status string // "iteration 12 of 50 (global_steps 13)"
	// Reset, Back, Next, Plus10 and Last page through the run; a zero URL
	// is a control that cannot move (shown, not a link).
	Reset, Back, Next, Plus10, Last templates.Link
	Play, Pause                     string
	Playing                         bool // the page asked to keep playing (data-playing)
	SpeedLabel                      string
	Speeds                          []templates.Option // Value: milliseconds a tick, Label
	ControlsLabel                   string
	ChartsHeading                   string
	Legend                          string
	Dashboard                       string // verl's dashboard: one small-multiples SVG, a panel per metric
	Batch                           TokenTable
	Heat                            []Heat
	Exports                         []templates.Link
	ExportsLabel                    string
	HandOffs                        []templates.Link
	HandOffNote                     string
}

// TokenTable is the iteration's batch as token rows.
type TokenTable struct {
	Heading, Caption string
	Head             []string // "i", then t = 0 … R−1
	Rows             []TokenRow
	Legend           string // what each cell's lines are
}

// TokenRow is one response.
type TokenRow struct {
	Row   string // i, the data-row
	Label string
	Cells []TokenCell
}

// TokenCell is one token: the sampled token and its reward, value and
// advantage, already formatted; Pad marks padding after EOS.
type TokenCell struct {
	Token, Reward, Value, Adv string
	Pad                       bool
	Sign                      string // "pos", "neg" or "": the advantage's sign, for colour
}

// Heat is one prompt's next-token probabilities along its target answer:
// a row per position, a column per token.
type Heat struct {
	ID      string // the prompt's index: the table's data-testid is train-heat-<ID>
	Caption string
	Head    []string
	Rows    []HeatRow
}

// HeatRow is one state's distribution.
type HeatRow struct {
	Label string
	Cells []HeatCell
}

// HeatCell is one probability: its text and its shade class (heat-0 … heat-9).
type HeatCell struct {
	Text, Class string
	Target      bool
}

// Config is the config panel: the YAML a verl user would write for run A,
// or the note that a what-if is not a verl option.
type Config struct {
	Heading  string
	Intro    string
	YAML     string // "" when verl cannot run it
	NotVerl  string
	Download templates.Link
}
