package engine

import "math"

// Sanity checks read a batch's tensors without running GAE: each finds a
// pattern a common bug leaves, with the cells that show it. Every matrix is
// [B][R], indexed [i][t]; t is the 0-based response-token index and
// values[t] = V(s_t) is the state before token t.

// SanityCells is how many cells a finding lists (the first ones found, or
// the strongest for SanityValuesShifted).
const SanityCells = 8

// SanityKind names one check.
type SanityKind string

const (
	// SanityMassPastMask: reward or score mass where the mask is 0, such as
	// a score written one token past EOS into padding (v0.5.0+ GAE skips
	// it silently; v0.2's loop reads it).
	SanityMassPastMask SanityKind = "mass_where_masked"
	// SanityScoreNotLast: a row with one score, not on its last valid token.
	SanityScoreNotLast SanityKind = "score_not_last"
	// SanityValuesMasked: values where the generation's critic zeroes them
	// (CriticRuleOf), so these come from elsewhere.
	SanityValuesMasked SanityKind = "values_where_masked"
	// SanityValuesShifted: values that agree better with the next token's
	// return than with their own: the critic sliced as values[:, -R:]
	// instead of values[:, -R-1:-1], so values[t] holds V(s_{t+1}).
	SanityValuesShifted SanityKind = "values_shifted"
	// SanityValuesShiftedInGroups: the first response token's values
	// differ within uid groups as much as the second's do. values[0] is
	// V(prompt), the same for every response of one prompt; a critic
	// sliced values[:, -R:] holds V(prompt + first token) there, which
	// differs with the sampled token. Unlike SanityValuesShifted it needs
	// no returns, so it works on sparse (score-only) rewards.
	SanityValuesShiftedInGroups SanityKind = "values_shifted_in_groups"
)

// SanityFinding is one check that found something: how many cells show it,
// the first SanityCells of them as [row, t], and a number: the mass (Σ|x|)
// for SanityMassPastMask and SanityValuesMasked, the row count for
// SanityScoreNotLast, and for SanityValuesShifted the ratio
// Σ(V_t − R_next)² / Σ(V_t − R_t)² (below 1: the shift fits better).
type SanityFinding struct {
	Kind  SanityKind
	Count int
	Cells [][2]int
	Value float64
}

// MassWhereMasked finds nonzero x where the mask is 0, or nil.
func MassWhereMasked(x, mask [][]float64, kind SanityKind) *SanityFinding {
	f := SanityFinding{Kind: kind}
	for i, row := range x {
		for t, v := range row {
			if mask[i][t] == 0 && v != 0 {
				f.add(i, t)
				f.Value += math.Abs(v)
			}
		}
	}
	return f.found()
}

// CriticRule is where a generation's critic (verl's compute_values) zeroes
// the values it returns.
type CriticRule string

const (
	// CriticShiftedAttention: values × attention_mask[:, -R-1:-1]
	// (v0.2–v0.3.0.post1): V(s_t) survives where token t − 1 is attended,
	// so the value one past the last attended token is kept (the EOS leak
	// the plain loop reads).
	CriticShiftedAttention CriticRule = "shifted_attention"
	// CriticAttention: values × attention_mask[:, -R:] (v0.4.0–v0.4.1):
	// padding is zeroed, multi-turn observation tokens keep their values.
	CriticAttention CriticRule = "attention"
	// CriticResponseMask: values × response_mask (v0.5.0–v0.7.1, the
	// legacy workers trainer.use_legacy_worker_impl=auto picks): every
	// mask = 0 token is zeroed, observation tokens included.
	CriticResponseMask CriticRule = "response_mask"
	// CriticEnginePadding: the engine critic (v0.8.0+, its only path)
	// returns no_padding_2_padding of the raw values: 0 past the last
	// attended token, raw values at observation tokens.
	CriticEnginePadding CriticRule = "engine_padding"
)

// CriticRuleOf is generation g's CriticRule (a pseudo-generation's base's).
func CriticRuleOf(g Generation) CriticRule {
	if p, ok := pseudoGens[g]; ok {
		g = p.base
	}
	switch {
	case g < G04:
		return CriticShiftedAttention
	case g < G06:
		return CriticAttention
	case g < G11:
		return CriticResponseMask
	}
	return CriticEnginePadding
}

// ValuesWhereZeroed finds nonzero values where generation g's critic
// zeroes them (CriticRuleOf), or nil. attention is attention_mask[:, -R:];
// nil reads it as 1 up to each row's last valid token and 0 after (right
// padding, observation tokens attended).
func ValuesWhereZeroed(g Generation, values, mask, attention [][]float64) *SanityFinding {
	rule := CriticRuleOf(g)
	f := SanityFinding{Kind: SanityValuesMasked}
	for i, row := range values {
		last := -1
		for t, m := range mask[i] {
			if m == 1 {
				last = t
			}
		}
		att := func(t int) bool {
			if attention != nil {
				return attention[i][t] != 0
			}
			return t <= last
		}
		for t, v := range row {
			var zeroed bool
			switch rule {
			case CriticShiftedAttention:
				zeroed = t > 0 && !att(t-1) // t = 0 follows the prompt's last token
			case CriticResponseMask:
				zeroed = mask[i][t] != 1
			default:
				zeroed = !att(t)
			}
			if zeroed && v != 0 {
				f.add(i, t)
				f.Value += math.Abs(v)
			}
		}
	}
	return f.found()
}

// ScoreNotLast finds the rows whose only nonzero score on a valid token is
// not the row's last valid token, or nil. Rows with several scores (dense
// or per-turn rewards) or none are not judged.
func ScoreNotLast(scores, mask [][]float64) *SanityFinding {
	f := SanityFinding{Kind: SanityScoreNotLast}
	for i, row := range scores {
		at, n, last := -1, 0, -1
		for t, v := range row {
			if mask[i][t] != 1 {
				continue
			}
			last = t
			if v != 0 {
				at, n = t, n+1
			}
		}
		if n == 1 && at != last {
			f.add(i, at)
			f.Value++
		}
	}
	return f.found()
}

// ValuesShifted compares, over the valid tokens, how far values[t] is from
// the return at t and from the return at the next valid token (0 after the
// last): a critic sliced one token late holds V(s_{t+1}) at t, which
// tracks the next return. It reports when the shifted error is below half
// the unshifted one, listing the cells where the shift helps most.
func ValuesShifted(values, returns, mask [][]float64) *SanityFinding {
	var e0, e1 float64
	n := 0                // cells where the shift fits better
	var best []sanityCell // the SanityCells largest gains, unsorted
	for i, row := range values {
		next := 0.0
		for t := len(row) - 1; t >= 0; t-- {
			if mask[i][t] != 1 {
				continue
			}
			d0, d1 := row[t]-returns[i][t], row[t]-next
			e0, e1 = e0+d0*d0, e1+d1*d1
			if g := math.Abs(d0) - math.Abs(d1); g > 0 {
				n++
				c := sanityCell{[2]int{i, t}, g}
				if len(best) < SanityCells {
					best = append(best, c)
				} else if k := extremeGain(best, false); best[k].gain < g {
					best[k] = c
				}
			}
			next = returns[i][t]
		}
	}
	if e0 == 0 || e1 >= e0/2 {
		return nil
	}
	f := SanityFinding{Kind: SanityValuesShifted, Count: n, Value: e1 / e0}
	for range best {
		k := extremeGain(best, true)
		f.Cells = append(f.Cells, best[k].at)
		best[k].gain = -1
	}
	return &f
}

// ShiftRefTokens is how many tokens after the first ValuesShiftedInGroups
// takes the values' within-group spread from.
const ShiftRefTokens = 8

// ValuesShiftedInGroups compares, within each uid group of two or more
// rows, the spread of values[i][0] (the prompt's value, one number per
// group from a critic sliced as verl slices it) with the spread at the
// next ShiftRefTokens tokens, where the sampled responses have diverged.
// It reports when the pooled within-group variance at t = 0 exceeds 1/16
// of the mean pooled variance at t = 1 … ShiftRefTokens and some group's
// first values spread by more than tol (the values' rounding), or nil.
// first0, when not nil, is each row's first response token id: a group
// whose rows all begin with the same token is skipped, since there a
// sliced critic's V(prompt + first token) is one number too, and only
// the critic's own noise would differ. Value is that variance ratio,
// Count the groups whose first values spread by more than tol, Cells
// their rows at t = 0, widest group first.
func ValuesShiftedInGroups(values, mask [][]float64, uid []string, first0 []float64, tol float64) *SanityFinding {
	if values == nil || len(uid) != len(values) || (first0 != nil && len(first0) != len(values)) {
		return nil
	}
	rows := map[string][]int{}
	var order []string
	for i, u := range uid {
		if len(values[i]) < 2 || mask[i][0] != 1 {
			continue
		}
		if _, ok := rows[u]; !ok {
			order = append(order, u)
		}
		rows[u] = append(rows[u], i)
	}
	K := ShiftRefTokens
	ss, n := make([]float64, K+1), make([]int, K+1) // pooled within-group squares and rows, per t
	type spread struct {
		rows  []int
		width float64
	}
	var wide []spread
	for _, u := range order {
		rs := rows[u]
		if len(rs) < 2 || (first0 != nil && sameFirst(first0, rs)) {
			continue
		}
		for t := 0; t <= K; t++ {
			var sum float64
			var in []int
			for _, i := range rs {
				if t < len(values[i]) && mask[i][t] == 1 {
					sum, in = sum+values[i][t], append(in, i)
				}
			}
			if len(in) < 2 {
				continue
			}
			m := sum / float64(len(in))
			for _, i := range in {
				d := values[i][t] - m
				ss[t] += d * d
			}
			n[t] += len(in)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, i := range rs {
			lo, hi = min(lo, values[i][0]), max(hi, values[i][0])
		}
		if hi-lo > tol {
			wide = append(wide, spread{rs, hi - lo})
		}
	}
	var ref float64
	k := 0
	for t := 1; t <= K; t++ {
		if n[t] > 0 {
			ref, k = ref+ss[t]/float64(n[t]), k+1
		}
	}
	if len(wide) == 0 || k == 0 || ref == 0 || n[0] == 0 {
		return nil
	}
	ratio := (ss[0] / float64(n[0])) / (ref / float64(k))
	if ratio <= 1.0/16 {
		return nil
	}
	f := SanityFinding{Kind: SanityValuesShiftedInGroups, Count: len(wide), Value: ratio}
	for range wide {
		w := 0
		for j := range wide {
			if wide[j].width > wide[w].width {
				w = j
			}
		}
		for _, i := range wide[w].rows {
			if len(f.Cells) < SanityCells {
				f.Cells = append(f.Cells, [2]int{i, 0})
			}
		}
		wide[w].width = -1
	}
	return &f
}

// sameFirst reports whether the rows rs all begin with one token.
func sameFirst(first0 []float64, rs []int) bool {
	for _, i := range rs[1:] {
		if first0[i] != first0[rs[0]] {
			return false
		}
	}
	return true
}

// sanityCell is a cell and how much better the shift explains it.
type sanityCell struct {
	at   [2]int
	gain float64
}

// extremeGain is the index of the smallest (max false) or largest gain.
func extremeGain(cs []sanityCell, largest bool) int {
	k := 0
	for j := range cs {
		if (cs[j].gain > cs[k].gain) == largest && cs[j].gain != cs[k].gain {
			k = j
		}
	}
	return k
}

// add counts a cell, keeping the first SanityCells.
func (f *SanityFinding) add(i, t int) {
	f.Count++
	if len(f.Cells) < SanityCells {
		f.Cells = append(f.Cells, [2]int{i, t})
	}
}

func (f SanityFinding) found() *SanityFinding {
	if f.Count == 0 {
		return nil
	}
	return &f
}
