package engine

// GAEResult is verl's compute_gae_advantage_return for a batch, with the trace
// of its backward loop. Every matrix is [B][R]; t is the 0-based
// response-token index, values[t] = V(s_t) is the state before token t, and
// the reward, δ, advantage and return at t belong to token t.
type GAEResult struct {
	// NextValues[t] is the value the loop used as V(s_{t+1}) in δ_t. Early:
	// values[t+1], or 0 at t = R−1. Newest: the value of the next mask = 1
	// position, or 0 when there is none.
	NextValues [][]float64
	// NextIndex[t] is the position whose value the loop read as V(s_{t+1})
	// at token t (NextValues[t] = values[NextIndex[t]]), or −1 for the
	// terminal 0. Early: t+1, −1 at t = R−1. Newest: the next mask = 1
	// position, −1 when there is none. It is the loop's own trace, kept as
	// the loop runs.
	NextIndex [][]int32
	// Deltas[t] = r_t + γ·NextValues[t] − V(s_t). In the newest version a
	// mask = 0 position computes its δ and then discards it.
	Deltas [][]float64
	// Advantages holds A_t as the backward loop leaves it (before whitening):
	// the tensor verl whitens. Newest: a mask = 0 position holds the advantage
	// carried from the next valid token (0 in tail padding).
	Advantages [][]float64
	// Returns = Advantages + values at every position, before whitening.
	Returns [][]float64
	// Whitened is verl's returned advantages, nil when whitening failed.
	Whitened  [][]float64
	Whitening WhitenStats
	// WhitenErr is why whitening failed (0 or 1 valid tokens), or nil.
	WhitenErr error
}

// GAE runs verl's generalised advantage estimation on rewards r and values V.
//
// Early (v0.2): δ_t = r_t + γV_{t+1} − V_t with V_R = 0 at the end of the
// tensor, A_t = δ_t + γλA_{t+1}; the mask is used only for whitening.
// Newest (PR #2337, v0.5.0+): the same across mask = 1 positions only, so
// observation spans and tail padding are skipped: V_next and A_next come from
// the next valid token and rewards inside masked spans are discarded.
func GAE(v Version, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	return GAEGen(v.Gen(), rewards, values, mask, gamma, lam)
}

// GAEGen is compute_gae_advantage_return as generation g has it: the plain
// loop before GAEMaskAware (PR #2337, v0.5.0), the mask-aware loop after,
// whitened with g's masked_mean ε.
func GAEGen(g Generation, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	var res GAEResult
	GAEInto(&res, g, rewards, values, mask, gamma, lam)
	return res
}

// GAEInto is GAEGen writing into dst: its matrices are reused when they have
// the batch's shape (and allocated otherwise), so a caller that runs GAE
// again and again on batches of one shape allocates nothing. Rows are run
// two at a time (newest2, early2), and whitening's first pass (Σmask and the
// masked sum) reads each row while it is still in cache; the results are bit
// for bit those of GAE followed by Whiten.
func GAEInto(dst *GAEResult, g Generation, rewards, values, mask [][]float64, gamma, lam float64) {
	maskAware := g.Has(GAEMaskAware)
	b, r := shapeOf(rewards)
	dst.NextValues = reuseMatrix(dst.NextValues, b, r)
	dst.NextIndex = reuseMatrix(dst.NextIndex, b, r)
	dst.Deltas = reuseMatrix(dst.Deltas, b, r)
	dst.Advantages = reuseMatrix(dst.Advantages, b, r)
	dst.Returns = reuseMatrix(dst.Returns, b, r)
	row := func(i int) gaeRow {
		return gaeRow{
			r: rewards[i][:r], v: values[i][:r], m: mask[i][:r],
			next: dst.NextValues[i][:r], delta: dst.Deltas[i][:r], adv: dst.Advantages[i][:r], ret: dst.Returns[i][:r],
			nextAt: dst.NextIndex[i][:r],
		}
	}
	var n, sum float64 // Σmask and Σ A·mask, accumulated in Whiten's order
	for i := 0; i < b; i += 2 {
		switch {
		case i+1 < b && maskAware:
			newest2(row(i), row(i+1), gamma, lam)
		case i+1 < b:
			early2(row(i), row(i+1), gamma, lam)
		case maskAware:
			row(i).newest(gamma, lam)
		default:
			row(i).early(gamma, lam)
		}
		for k := i; k < min(i+2, b); k++ {
			n, sum = maskedSums(dst.Advantages[k][:r], mask[k][:r], n, sum)
		}
	}
	dst.Whitened, dst.Whitening, dst.WhitenErr = whitenFrom(g.meanEps(), dst.Advantages, mask, n, sum, dst.Whitened)
}

// maskedSums continues Whiten's first pass over one row: n += m and
// sum += x·m where m ≠ 0, in order.
func maskedSums(x, m []float64, n, sum float64) (float64, float64) {
	m = m[:len(x)]
	for t, w := range m {
		if w != 0 {
			n += w
			sum += x[t] * w
		}
	}
	return n, sum
}

// reuseMatrix returns m if it is [b][r], else a new zeroed [b][r] matrix.
// Every position of a reused matrix is overwritten by its caller.
func reuseMatrix[T float64 | int32](m [][]T, b, r int) [][]T {
	if len(m) == b && (b == 0 || (len(m[0]) == r && cap(m[0]) >= r)) {
		ok := true
		for i := range m {
			if len(m[i]) != r {
				ok = false
				break
			}
		}
		if ok {
			return m
		}
	}
	return newGrid[T](b, r)
}

// gaeRow holds one row's inputs and trace outputs, all of length R.
type gaeRow struct {
	r, v, m               []float64
	next, delta, adv, ret []float64
	nextAt                []int32 // the position read as V(s_{t+1}), −1 for the terminal 0
}

// early is v0.2's loop: every position is a time step, and V(s_R) = 0 sits
// at the end of the tensor.
func (g gaeRow) early(gamma, lam float64) {
	gl := gamma * lam // as verl, (γ·λ)·A
	n := len(g.r)
	rw, v, next, delta, adv, ret, at := g.r[:n], g.v[:n], g.next[:n], g.delta[:n], g.adv[:n], g.ret[:n], g.nextAt[:n]
	var vNext, carry float64 // V(s_{t+1}) (0 past the end) and A_{t+1}
	j := -1                  // where vNext came from
	for t := n - 1; t >= 0; t-- {
		val := v[t]
		d := rw[t] + gamma*vNext - val
		carry = d + gl*carry
		next[t], delta[t], adv[t], ret[t], at[t] = vNext, d, carry, carry+val, int32(j)
		vNext, j = val, t
	}
}

// newest is the loop of PR #2337: V_next and A_next are carried across
// mask = 0 positions, which compute a δ and discard it.
func (g gaeRow) newest(gamma, lam float64) {
	gl := gamma * lam
	n := len(g.r)
	rw, v, m, next, delta, adv, ret, at := g.r[:n], g.v[:n], g.m[:n], g.next[:n], g.delta[:n], g.adv[:n], g.ret[:n], g.nextAt[:n]
	var vNext, carry float64 // V and A of the next mask = 1 position
	j := -1                  // that position
	for t := n - 1; t >= 0; t-- {
		val := v[t]
		d := rw[t] + gamma*vNext - val
		candidate := d + gl*carry
		next[t], delta[t], at[t] = vNext, d, int32(j)
		if m[t] == 1 {
			carry, vNext, j = candidate, val, t
		}
		adv[t], ret[t] = carry, carry+val
	}
}

// early2 and newest2 run the same loops on two rows at once. Each row's
// backward recursion is a chain of dependent multiply-adds, so one row
// leaves the core waiting on latency; two independent chains interleaved
// take little longer than one. The arithmetic of each row is unchanged.
func early2(a, b gaeRow, gamma, lam float64) {
	gl := gamma * lam
	n := len(a.r)
	ar, av, anx, aa := a.r[:n], a.v[:n], a.next[:n], a.adv[:n]
	br, bv, bnx, ba := b.r[:n], b.v[:n], b.next[:n], b.adv[:n]
	var aNext, aCarry, bNext, bCarry float64
	for t := n - 1; t >= 0; t-- {
		aVal, bVal := av[t], bv[t]
		aCarry = (ar[t] + gamma*aNext - aVal) + gl*aCarry
		bCarry = (br[t] + gamma*bNext - bVal) + gl*bCarry
		anx[t], aa[t] = aNext, aCarry
		bnx[t], ba[t] = bNext, bCarry
		aNext, bNext = aVal, bVal
	}
	// δ, the returns and the positions read, in cache, as newest2 does:
	// fewer stores in the dependent loop, the same arithmetic.
	for _, g := range [2]gaeRow{a, b} {
		rw, v, next, delta, adv, ret, at := g.r[:n], g.v[:n], g.next[:n], g.delta[:n], g.adv[:n], g.ret[:n], g.nextAt[:n]
		for t := range n {
			delta[t] = rw[t] + gamma*next[t] - v[t]
			ret[t] = adv[t] + v[t]
			at[t] = int32(t + 1)
		}
		if n > 0 {
			at[n-1] = -1 // the terminal 0 past the end
		}
	}
}

func newest2(a, b gaeRow, gamma, lam float64) {
	gl := gamma * lam
	n := len(a.r)
	ar, av, am, anx, aa, aAt := a.r[:n], a.v[:n], a.m[:n], a.next[:n], a.adv[:n], a.nextAt[:n]
	br, bv, bm, bnx, ba, bAt := b.r[:n], b.v[:n], b.m[:n], b.next[:n], b.adv[:n], b.nextAt[:n]
	var aNext, aCarry, bNext, bCarry float64
	aj, bj := -1, -1 // the positions aNext and bNext came from
	for t := n - 1; t >= 0; t-- {
		aVal, bVal := av[t], bv[t]
		aCand := (ar[t] + gamma*aNext - aVal) + gl*aCarry
		bCand := (br[t] + gamma*bNext - bVal) + gl*bCarry
		anx[t], bnx[t], aAt[t], bAt[t] = aNext, bNext, int32(aj), int32(bj)
		if am[t] == 1 {
			aCarry, aNext, aj = aCand, aVal, t
		}
		if bm[t] == 1 {
			bCarry, bNext, bj = bCand, bVal, t
		}
		aa[t], ba[t] = aCarry, bCarry
	}
	// δ and the returns from the values the recursion used, in cache.
	for _, g := range [2]gaeRow{a, b} {
		rw, v, next, delta, adv, ret := g.r[:n], g.v[:n], g.next[:n], g.delta[:n], g.adv[:n], g.ret[:n]
		for t := range n {
			delta[t] = rw[t] + gamma*next[t] - v[t]
			ret[t] = adv[t] + v[t]
		}
	}
}
