package templates

// Batch is the batch view (/batch): several responses to one prompt,
// edited together.
type Batch struct {
	Page
	Heading, Intro string
	Warnings       []string
	Presets        PresetBar
	Form           BatchForm
	Results        BatchResults
}

// BatchForm is the batch editor: a GET form that works without JavaScript.
type BatchForm struct {
	Action      string
	Hidden      []Option // name (Value) = value (Label)
	Legend      string
	Shared      string // legend of the shared settings
	Prompt      Field
	Gamma, Lam  Field
	Version     Select
	Rows        []BatchRowForm
	Add         Field // the add-a-response button (Name op, Value add, Label); Label "" when B is at its maximum
	Submit      string
	Errors      []FieldError // the problems, also shown at each field
	ErrorsIntro string
}

// BatchRowForm is one response's inputs.
type BatchRowForm struct {
	Legend                 string
	Tokens                 Field // a textarea, one token per line
	Mask, Values           Field // comma-separated lists
	Score, Baseline, Group Field
	Delete                 Field // the remove button (Name op, Value del.<i>); Label "" when B is at its minimum
}

// BatchResults is everything recomputed on each edit: the part htmx swaps.
type BatchResults struct {
	ID      string
	Heading string
	Notes   []string // no KL, the padding width, the estimators' version
	Summary []string // the batch's whitening statistics
	Errors  []string
	Effect  BatchEffect
	Groups  BatchGroups
	Rows    []BatchRowTable
	Chart   Chart
	Verify  Link // the batch as a verify-in-verl script
}

// BatchEffect shows one response whitened alone and in the batch.
type BatchEffect struct {
	Heading, Point string
	Stats          []string // the batch's and the response's own whitening statistics
	Table          Table    // raw, in the batch, alone, difference
	PickLabel      string
	Pick           []Link // one per response; Current marks the one shown
	Playground     Link   // the response alone in the playground
}

// BatchGroups is the group statistics table.
type BatchGroups struct {
	Heading, Caption string
	Head             []string   // column headers
	Rows             [][]string // one per group, cells in Head's order
	Note             string
}

// BatchRowTable is one response's token table.
type BatchRowTable struct {
	ID      string // data-testid, "batch-row-<i>"
	Heading string
	Table   Table
}
