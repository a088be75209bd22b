package templates

// View models of the two compare views built on the playground's scenario:
// the λ sweep (/compare/lambda) and Monte Carlo vs TD(0) vs GAE
// (/compare/estimators). Their token tables are Tables: one column per
// response token t (0-based; Column.Index shows it in the chosen numbering).

// SweepForm is a compare view's GET form: the scenario's γ and λ and the
// view's own choices, with the rest of the link in hidden inputs, so that
// submitting it without JavaScript keeps the whole state.
type SweepForm struct {
	Action  string
	Legend  string
	Hidden  []Option // name (Value) = value (Label), in link order
	Sliders []Field  // γ and λ: a slider with its exact number
	Selects []Select // the view's own choices, e.g. the token of the weights
	Submit  string
	Errors  []FieldError // the problems of the link, also shown at each field
}

// LambdaSweep is the λ sweep page: the scenario's advantages under
// λ = 0, 0.5, 0.9, 0.95 and 1.
type LambdaSweep struct {
	Page
	Heading        string
	Intro          Rich // formulas typeset
	Warnings       []string
	Form           SweepForm
	Links          []Link // the playground, the other compare view
	ResultsHeading string
	Table          Table    // rows: r_t, V(s_t), A_t per λ, R_t per λ
	Notes          []string // one line each
	Charts         []Chart  // each with its download link
	Weights        WeightsPanel
}

// WeightsPanel shows how GAE weighs the n-step estimates of one token.
type WeightsPanel struct {
	Heading string
	Lines   []Rich // what the chart shows, then how time steps are counted; formulas typeset
	Chart   *Chart // nil when the token has nothing to mix
	Check   SweepCheck
}

// SweepCheck is a computed equality shown with ✓ or ✗.
type SweepCheck struct {
	OK   bool
	Text string // the numbers compared, the mark and the difference; "" for none
}

// Estimators is the Monte Carlo vs TD(0) vs GAE page.
type Estimators struct {
	Page
	Heading        string
	Intro          Rich // formulas typeset
	Warnings       []string
	Form           SweepForm
	Links          []Link
	ResultsHeading string
	MaskNote       Rich  // how the mask is treated in this verl version, formulas typeset
	Table          Table // rows: r_t, V(s_t), G_t, MC, V(s_{t+1}), TD(0), GAE, both sides of the identity
	Identity       SweepIdentity
	Tails          EstimatorTails
	Chart          Chart
}

// SweepIdentity is the telescoping identity, checked on this scenario's numbers.
type SweepIdentity struct {
	Heading string
	Text    Rich // what is summed and why it telescopes, formulas typeset
	Check   SweepCheck
}

// EstimatorTails explains what each estimator adds up and which value it uses as
// its tail.
type EstimatorTails struct {
	Heading string
	Head    []string // column headings: estimator, what it adds up, its tail
	Rows    []EstimatorTail
}

// EstimatorTail is one estimator's line of the EstimatorTails table.
type EstimatorTail struct {
	ID, Name, Sum, Tail string
}

// sweepBool writes a boolean as a data attribute's value.
func sweepBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
