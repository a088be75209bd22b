package lessons

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Batch is a ```batch block: the batch view (/batch) in a lesson: the group
// statistics, the batch's whitening, each response's token table and the
// batch chart, with a link that opens the batch view. Placed right after a
// predict block on the batch (on: batch), or several, it hides the asked
// cells of each until it is answered or revealed, as a scenario block does.
type Batch struct {
	ID    string   // the block's id in the page ("batch-" + ID)
	Link  string   // the batch's query, as after /batch?
	Rows  []string // the token-table rows shown for each response, from BatchRows; nil for all
	Chart bool     // whether the batch chart shows ("chart: none" leaves it out)
	// Hide are the indexes of the questions on its batch just above it, or
	// else just below it (one after the other, prose between them allowed),
	// whose asked cells this block hides until each is answered or revealed.
	Hide []int
}

// OnBatch is a predict block's "on:" for a question about a batch: its link
// is a /batch query and its cells are batch cells (ValidBatchCell).
const OnBatch = "batch"

// BatchRows are the per-token quantities of a batch, each a table row of
// every response: r_t, V(s_t), raw GAE A_t, A_t whitened over the whole
// batch, then the outcome estimators' advantages (GRPO, Dr.GRPO, RLOO,
// REINFORCE++, REINFORCE++-baseline, ReMax). A cell is "<row>.<i>.<t>":
// response i (0-based), token t (0-based).
var BatchRows = []string{"reward", "value", "adv", "white", "grpo", "drgrpo", "rloo", "rpp", "rppb", "remax"}

// BatchStats are the batch's statistics, each a cell "<stat>.<n>": the mean
// and unbiased std of group n's scores (groups in their order on the page),
// the score s_n of response n, and the mean and std the batch's whitening
// uses (n is 0: the batch has one).
var BatchStats = []string{"mean", "std", "score", "wmean", "wstd"}

// ValidBatchCell reports whether s is a batch cell: "<row>.<i>.<t>" with a
// row of BatchRows, or "<stat>.<n>" with a stat of BatchStats.
func ValidBatchCell(s string) bool {
	parts := strings.Split(s, ".")
	if !indexes(parts[1:], 100000) {
		return false
	}
	switch len(parts) {
	case 3:
		return slices.Contains(BatchRows, parts[0])
	case 2:
		return slices.Contains(BatchStats, parts[0]) && (parts[0] != "wmean" && parts[0] != "wstd" || parts[1] == "0")
	}
	return false
}

// OnVariance is a predict block's "on:" for a question about the variance
// lab: its link is a /compare/variance query and its cells are the lab's
// (ValidLabCell).
const OnVariance = "variance"

// LabStats are the variance lab's numbers per critic and λ, each a cell
// "<stat>.<c>.<l>": critic c (0 perfect, 1 biased), the l-th λ of the
// sweep (0, 0.5, 0.9, 0.95, 1, with the scenario's own λ added in order);
// measured on the rollouts (mean of A_0, bias squared, variance, MSE) or
// exact, in closed form (the same with an x). "best.<c>" is the λ whose
// measured MSE is the smallest for critic c, and "true.0" the true advantage.
var LabStats = []string{"mean", "sqbias", "var", "mse", "xmean", "xsqbias", "xvar", "xmse"}

// ValidLabCell reports whether s is a cell of the variance lab.
func ValidLabCell(s string) bool {
	parts := strings.Split(s, ".")
	if !indexes(parts[1:], 100) {
		return false
	}
	switch len(parts) {
	case 3:
		return slices.Contains(LabStats, parts[0]) && (parts[1] == "0" || parts[1] == "1")
	case 2:
		return parts[0] == "best" && (parts[1] == "0" || parts[1] == "1") || parts[0] == "true" && parts[1] == "0"
	}
	return false
}

// ValidCell reports whether cell is a cell of a predict block's state:
// a batch cell on the batch, a lab cell on the variance lab, else a
// playground cell "<row>.<t>".
func ValidCell(on, cell string) bool {
	switch on {
	case OnBatch:
		return ValidBatchCell(cell)
	case OnVariance:
		return ValidLabCell(cell)
	}
	return ValidCellRef(cell)
}

// ParseRefOn is ParseRef for a predict block on a playground state (on "")
// or a batch (on "batch").
func ParseRefOn(on, answer string) (cell, query string, ok bool) {
	inner, found := strings.CutPrefix(answer, "{")
	if !found {
		return "", "", false
	}
	inner, found = strings.CutSuffix(inner, "}")
	if !found {
		return "", "", false
	}
	cell, query, _ = strings.Cut(inner, "|")
	return cell, query, ValidCell(on, cell)
}

// parseBatch reads a batch block: id and link, both required; rows and
// chart, optional.
func parseBatch(body string) (*Batch, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, fmt.Errorf("batch: %w", err)
	}
	for k := range f {
		if !slices.Contains([]string{"id", "link", "rows", "chart"}, k) {
			return nil, fmt.Errorf("batch: unknown key %q", k)
		}
	}
	b := &Batch{ID: f["id"], Link: f["link"], Chart: true}
	switch {
	case !validID(b.ID):
		return nil, fmt.Errorf("batch: id %q is not lowercase letters, digits and dashes, starting with a letter", b.ID)
	case b.Link == "":
		return nil, fmt.Errorf("batch: link is required")
	}
	if b.Rows, err = list(f["rows"], BatchRows, "row"); err != nil {
		return nil, fmt.Errorf("batch: %w", err)
	}
	switch f["chart"] {
	case "", "batch":
	case "none":
		b.Chart = false
	default:
		return nil, fmt.Errorf("batch: chart %q is not batch or none", f["chart"])
	}
	return b, nil
}

// hidesFor are the indexes of the predict blocks on the batch placed right
// before a batch block, one after the other (only prose between), on the
// block's own batch, link for link (issue 36: a widget of another state
// gives nothing away and stays whole).
func hidesFor(before []Part, link string) []int {
	var out []int
	for n := len(before) - 1; n >= 0 && before[n].Predict != nil && before[n].Predict.On == OnBatch && before[n].Predict.Link == link; n-- {
		out = append(out, before[n].Predict.Index)
	}
	slices.Reverse(out)
	return out
}

// indexes reports whether every part is an index below limit, written as
// strconv.Itoa writes it (no sign, no leading zero).
func indexes(parts []string, limit int) bool {
	for _, p := range parts {
		if n, err := strconv.Atoi(p); err != nil || n < 0 || n >= limit || strconv.Itoa(n) != p {
			return false
		}
	}
	return true
}
