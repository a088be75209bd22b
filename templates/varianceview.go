package templates

// Variance is the variance lab (/compare/variance): N rollouts of a toy
// with a known answer, and the spread of GAE's estimate of the first
// token's advantage A_0 per λ, for a perfect and a biased critic.
type Variance struct {
	Page
	Heading        string
	Intro          Rich // formulas typeset
	Warnings       []string
	Form           SweepForm
	Links          []Link
	ResultsHeading string
	Toy            []Rich // the toy, one line each, with its exact numbers; formulas typeset
	Table          VarianceTable
	Notes          []string
	Charts         []Chart // one per critic
}

// VarianceTable has one row per critic and λ: the estimates' mean, the
// true advantage, then bias², variance and MSE, measured and exact.
type VarianceTable struct {
	ID          string // prefix of the caption's id
	Caption     string
	Critic, Lam string   // the headings of the two row-header columns
	Head        []string // the headings of the number columns
	Rows        []VarianceRow
}

// VarianceRow is one critic under one λ.
type VarianceRow struct {
	Critic, CriticLabel string // data-critic ("perfect", "biased") and its words
	Lam, LamLabel       string // data-lam ("0.95") and its words
	Own                 bool   // the scenario's own λ
	Cells               []VarianceCell
}

// VarianceCell is one number: its column's id (data-col), its text, and
// the number at full precision (data-full).
type VarianceCell struct{ Col, Text, Full string }

// VarianceBlock is the variance lab in a lesson: the toy, the table and
// the biased critic's chart, with a link that opens the lab.
type VarianceBlock struct {
	ID     string
	Errors []string // the block's link's problems (an authoring mistake)
	Toy    []Rich
	Table  VarianceTable
	Chart  *Chart
	Open   Link
}
