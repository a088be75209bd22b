package inspect

import (
	"math"
	"strconv"
)

// The critic-free checks' findings, run after the candidates when nothing
// explains the run's advantages.
const (
	// UIDMisaligned: under an estimator whose advantages average 0 in each
	// uid group (GRPO, with or without its std, and RLOO), the run's
	// advantages do not average 0 in the run's own uid groups but do in
	// another grouping of the rows (the finding's Keys: contiguous blocks
	// of the group size, rows strided by the number of groups, or the
	// uids shifted by one row): the uids were not reordered with the
	// responses. Blocking.
	UIDMisaligned = "uid_misaligned"
	// GammaFitted: REINFORCE++'s advantages reproduced with another γ (the
	// finding's Fit: the fitted γ, the config's, the largest difference
	// left): a note beside the unexplained advantages, the lead.
	GammaFitted = "reinforce_gamma_fitted"
)

// zeroMeanEstimator says whether estimator key's advantages average 0 over
// each uid group of two or more.
func zeroMeanEstimator(key string) bool {
	switch key {
	case "grpo_norm_std", "grpo_no_std(drgrpo)", "grpo_vectorized_norm_std", "grpo_vectorized_no_std", "rloo", "rloo_vectorized":
		return true
	}
	return false
}

// uidFinding checks the run's advantages per uid group: each response's
// advantage (at its first valid token) should average 0 in each group of
// two or more. When they do not, the other groupings are tried; the first
// whose every group averages 0 within the advantages' tolerance is named.
func (a *Analysis) uidFinding() *Finding {
	c, b := a.Check, a.Batch
	if c == nil || c.Advantages == nil || c.Advantages.ExplainedBy != nil || b.UID == nil || b.Advantages == nil || !zeroMeanEstimator(a.Config.Estimator) {
		return nil
	}
	adv, first := make([]float64, b.B), make([]int, b.B)
	for i, row := range b.Mask {
		first[i] = -1
		for t, m := range row {
			if m == 1 {
				adv[i], first[i] = b.Advantages[i][t], t
				break
			}
		}
	}
	tol := c.Advantages.Tolerance
	off, worst := offGroups(b.UID, adv, first, tol)
	if len(off) == 0 {
		return nil
	}
	for _, alt := range groupings(b.UID) {
		if o, _ := offGroups(alt.uid, adv, first, tol); len(o) == 0 {
			f := &Finding{Kind: UIDMisaligned, Tensor: "uid", Count: len(off), Cells: [][2]int{}, Value: worst, Keys: []string{alt.name}}
			for _, i := range off {
				if len(f.Cells) < 8 {
					f.Cells = append(f.Cells, [2]int{i, first[i]})
				}
			}
			return f
		}
	}
	return nil
}

// offGroups lists the first row of each group (of two or more rows with a
// valid token) whose advantages do not average 0 within tol, and the
// largest |mean|.
func offGroups(uid []string, adv []float64, first []int, tol float64) (rows []int, worst float64) {
	sum, n, at := map[string]float64{}, map[string]int{}, map[string]int{}
	var order []string
	for i, u := range uid {
		if first[i] < 0 {
			continue
		}
		if _, ok := n[u]; !ok {
			order, at[u] = append(order, u), i
		}
		sum[u], n[u] = sum[u]+adv[i], n[u]+1
	}
	for _, u := range order {
		if n[u] < 2 {
			continue
		}
		if m := math.Abs(sum[u] / float64(n[u])); m > tol {
			rows, worst = append(rows, at[u]), max(worst, m)
		}
	}
	return rows, worst
}

// grouping is one other way to group the rows.
type grouping struct {
	name string
	uid  []string
}

// groupings are the other groupings of the rows a misaligned uid list
// suggests: when every group has n rows and n divides B, contiguous blocks
// of n (verl's repeat(interleave=True)) and rows strided by B/n
// (interleave=False); and the uids shifted by one row either way.
func groupings(uid []string) []grouping {
	B := len(uid)
	size := map[string]int{}
	for _, u := range uid {
		size[u]++
	}
	n := size[uid[0]]
	for _, s := range size {
		if s != n {
			n = 0
			break
		}
	}
	var out []grouping
	if n > 1 && B%n == 0 {
		block, stride := make([]string, B), make([]string, B)
		for i := range B {
			block[i], stride[i] = strconv.Itoa(i/n), strconv.Itoa(i%(B/n))
		}
		out = append(out, grouping{"contiguous", block}, grouping{"strided", stride})
	}
	next, prev := make([]string, B), make([]string, B)
	for i := range B {
		next[i], prev[i] = uid[(i+B-1)%B], uid[(i+1)%B]
	}
	return append(out, grouping{"shifted_next", next}, grouping{"shifted_prev", prev})
}

// gammaFinding fits REINFORCE++'s γ to the run's advantages when the
// config's γ does not reproduce them: a golden-section search over
// [0, 1] of the squared difference, each step the release's own
// estimator; reported when the fitted γ reproduces them within the
// advantages' tolerance.
func (a *Analysis) gammaFinding() *Finding {
	c, b := a.Check, a.Batch
	if c == nil || c.Advantages == nil || c.Advantages.ExplainedBy != nil || a.Config.Estimator != "reinforce_plus_plus" {
		return nil
	}
	est, ok := a.Config.OutcomeEstimator()
	if !ok {
		return nil
	}
	in := a.outcomeInputs()
	cost := func(g float64) float64 {
		in.Gamma = g
		adv, _, err := est.Run(in)
		if err != nil {
			return math.Inf(1)
		}
		s := 0.0
		for i, row := range b.Mask {
			for t, m := range row {
				if m == 1 {
					d := adv[i][t] - b.Advantages[i][t]
					s += d * d
				}
			}
		}
		return s
	}
	const phi = 0.6180339887498949
	lo, hi := 0.0, 1.0
	x1, x2 := hi-phi*(hi-lo), lo+phi*(hi-lo)
	f1, f2 := cost(x1), cost(x2)
	for range 48 {
		if a.ended() {
			return nil
		}
		if f1 < f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - phi*(hi-lo)
			f1 = cost(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + phi*(hi-lo)
			f2 = cost(x2)
		}
	}
	g := (lo + hi) / 2
	in.Gamma = g
	adv, _, err := est.Run(in)
	if err != nil {
		return nil
	}
	d, at := maxDiff(b.Advantages, adv, b.Mask)
	if d > c.Advantages.Tolerance {
		return nil
	}
	return &Finding{Kind: GammaFitted, Tensor: "advantages", Count: 1, Cells: [][2]int{at}, Value: g, Fit: []float64{g, a.Config.Gamma, d}}
}
