package templates

// Update is a page of the update views, /update/critic and /update/actor:
// one learner's loss fed by the scenario's returns or advantages, with the
// numbers a verl user edits between mini-batches (vpreds, or the current
// log-probs and the clip settings).
type Update struct {
	Page
	Heading  string
	Intro    Rich     // its formulas typeset as MathML
	Warnings []string // problems of the scenario's link (its fields are edited in the playground)
	Links    []Link   // "Open in the playground" and the other update view
	Form     UpdateForm
	Results  UpdateResults
}

// UpdateForm is the page's GET form: the scenario rides along in hidden
// inputs, the view's own parameters are the visible fields.
type UpdateForm struct {
	Action   string
	Hidden   []Option // name (Value) = value (Label): the scenario, the view parameters, lang
	Legend   string
	Settings []Field // cliprange_value; or clip_ratio, clip_ratio_high, clip_ratio_c
	// The per-token list: one input per token for a short response (Cells,
	// under Columns), one comma-separated list for a long one (Compact).
	ListLabel string
	Columns   []Column
	Cells     []Field
	Compact   bool
	List      Field
	Submit    string
	Errors    []FieldError
}

// UpdateResults is what an edit recomputes: the part htmx swaps.
type UpdateResults struct {
	ID      string
	Heading string
	Errors  []string // why there is no loss (no whitened advantages, no valid token)
	Notes   []Rich   // explanations computed from the state, formulas typeset
	Table   Table    // per token; empty when there is nothing to show
	Losses  LossTable
	Metrics []Metric // the metrics verl logs that do not depend on the aggregation
	Early   []Metric // verl v0.2's numbers for the same state
	Charts  []Chart
	// Questions about this state, answered by the engine (QuestionsHeading
	// heads them); their forms go to the view's check route.
	QuestionsHeading string
	Questions        []PredictBox
}

// LossTable is the loss for every loss_agg_mode.
type LossTable struct {
	Caption string
	Head    []string // the column headings: mode, the loss, what the mode computes
	Rows    []LossRow
}

// LossRow is one aggregation mode.
type LossRow struct {
	Mode  string // verl's loss_agg_mode, e.g. token-mean
	Rule  string // what the mode computes, in words
	Value string // the loss, 4 decimals; "" when verl raises
	Full  string // the loss at full precision
	Error string // why there is no value
}

// Metric is one named number.
type Metric struct {
	ID, Label, Code string // Code is verl's metric name, e.g. critic/vf_clipfrac
	Value           string
	Full            string
	Error           string // why there is no value
}
