package explain

import (
	"cmp"
	"math"
	"slices"

	"gaelab/engine"
)

// What just changed (issue 35): after an edit on the playground, which cells
// of one response's GAE moved, by how much and why. The Δs are the engine's
// own (the two GAEResults), never re-derived; the reasons are codes, which
// the page words.

// GAERun is one response's GAE as the playground ran it: what the loop read
// (r_t, V(s_t), the mask, γ, λ, generation Gen's loop) and the engine's
// result, row 0 of which is the response.
type GAERun struct {
	Gen                   engine.Generation
	Rewards, Values, Mask []float64
	Gamma, Lam            float64
	GAE                   engine.GAEResult
}

// Cause is why a cell moved: the input of the recursion that reaches it
// first, in the order the codes are listed.
type Cause int

const (
	// CauseGamma: γ differs; it discounts every next value and every later δ.
	CauseGamma Cause = iota + 1
	// CauseLambda: λ differs; A_t weighs δ_{t+k} by (γλ)^k.
	CauseLambda
	// CauseMask: the mask differs (which tokens the loop counts and
	// whitening averages).
	CauseMask
	// CauseReward: r_Source differs; it is added in δ_Source (Source = T).
	CauseReward
	// CauseValue: V(s_Source) differs; it is subtracted in δ_Source (and
	// added back in R_Source), and it is δ_Also's next value (Also = −1 when
	// no δ reads it).
	CauseValue
	// CauseNext: the next value δ_T reads, V(s_Source), differs.
	CauseNext
	// CauseLater: δ_T is unchanged; a later δ (δ_Source, the nearest that
	// moved) reaches A_T through γλ·A_next, A_next being A_Also.
	CauseLater
)

// Move is one cell that moved between two runs of a response.
type Move struct {
	Row    Quantity // Advantages, Returns or Whitened
	T      int      // the token whose cell moved (0-based response-token index)
	Delta  float64  // after − before, from the two engine results
	Cause  Cause
	Source int // the token whose input (or δ, for CauseLater) moved; −1 for γ, λ and the mask
	Also   int // CauseValue: the δ that reads V(s_Source) as its next value; CauseLater: A_next's token; else −1
}

// Moves lists the cells of after that differ from before's (Differs),
// largest |Δ| first (ties: the earlier token first), of the first row in
// which any moved: the advantages, else the returns, else the whitened
// advantages. Runs of different lengths, or in which nothing moved, have
// none.
func Moves(before, after GAERun) []Move {
	n := len(after.Values)
	if n == 0 || len(before.Values) != n {
		return nil
	}
	rows := []struct {
		q    Quantity
		a, b [][]float64
	}{
		{Advantages, before.GAE.Advantages, after.GAE.Advantages},
		{Returns, before.GAE.Returns, after.GAE.Returns},
		{Whitened, before.GAE.Whitened, after.GAE.Whitened},
	}
	for _, r := range rows {
		a, b := row0(r.a), row0(r.b)
		if len(a) != n || len(b) != n {
			continue
		}
		var moves []Move
		for t := range n {
			if Differs(a[t], b[t]) {
				m := Move{Row: r.q, T: t, Delta: b[t] - a[t], Source: -1, Also: -1}
				m.Cause, m.Source, m.Also = cause(before, after, r.q, t)
				moves = append(moves, m)
			}
		}
		if len(moves) > 0 {
			slices.SortStableFunc(moves, func(x, y Move) int { return cmp.Compare(math.Abs(y.Delta), math.Abs(x.Delta)) })
			return moves
		}
	}
	return nil
}

// cause is why cell (q, t) moved, with its Source and Also tokens.
func cause(before, after GAERun, q Quantity, t int) (Cause, int, int) {
	switch {
	case Differs(before.Gamma, after.Gamma):
		return CauseGamma, -1, -1
	case Differs(before.Lam, after.Lam):
		return CauseLambda, -1, -1
	case !SameNumbers(before.Mask, after.Mask):
		return CauseMask, -1, -1
	}
	g := &after.GAE
	if q == Whitened {
		// The advantages and returns are unchanged, and so is the mask:
		// only whitening's own arithmetic can differ (another generation's ε).
		return CauseMask, -1, -1
	}
	dV := after.Values[t] - before.Values[t]
	if q == Returns && Differs(before.Values[t], after.Values[t]) {
		return CauseValue, t, readerOf(g, t)
	}
	counted := !after.Gen.Has(engine.GAEMaskAware) || after.Mask[t] == 1
	if counted && Differs(row0(before.GAE.Deltas)[t], row0(after.GAE.Deltas)[t]) {
		// δ_t = r_t + γ·V_next − V(s_t): the input whose change moved it most.
		dR := after.Rewards[t] - before.Rewards[t]
		dNext := after.Gamma * (row0(after.GAE.NextValues)[t] - row0(before.GAE.NextValues)[t])
		switch best := max(math.Abs(dR), math.Abs(dV), math.Abs(dNext)); {
		case math.Abs(dV) == best && Differs(before.Values[t], after.Values[t]):
			return CauseValue, t, readerOf(g, t)
		case math.Abs(dR) == best:
			return CauseReward, t, -1
		default:
			return CauseNext, g.NextIndex(0, t), -1
		}
	}
	// A_t = δ_t + γλ·A_next: the nearest later counted token whose δ moved.
	next := g.NextIndex(0, t)
	for s := t + 1; s < len(after.Values); s++ {
		if (!after.Gen.Has(engine.GAEMaskAware) || after.Mask[s] == 1) && Differs(row0(before.GAE.Deltas)[s], row0(after.GAE.Deltas)[s]) {
			return CauseLater, s, next
		}
	}
	return CauseLater, -1, next
}

// readerOf is the token whose δ reads V(s_t) as its next value, or −1.
func readerOf(g *engine.GAEResult, t int) int {
	for j := t - 1; j >= 0; j-- {
		if g.NextIndex(0, j) == t {
			return j
		}
	}
	return -1
}
