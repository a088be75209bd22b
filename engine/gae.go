package engine

// GAEResult is verl's compute_gae_advantage_return for a batch, with the trace
// of its backward loop. Every matrix is [B][R]; t is the 0-based
// response-token index, values[t] = V(s_t) is the state before token t, and
// the reward, δ, advantage and return at t belong to token t. GAEOutputsInto
// leaves the trace (NextValues, Deltas, Advantages) nil, GAELean NextValues
// and Deltas.
type GAEResult struct {
	// NextValues[t] is the value the loop used as V(s_{t+1}) in δ_t. Early:
	// values[t+1], or 0 at t = R−1. Newest: the value of the next mask = 1
	// position, or 0 when there is none.
	NextValues [][]float64
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

	maskAware bool     // the loop that ran: the newest (mask-aware) or v0.2's
	runs      maskRuns // where the mask is 1, row by row (NextIndex, whitening)
}

// GAE is verl's generalised advantage estimation on rewards r and values
// V (compute_gae_advantage_return) as generation g has it, whitened with g's
// masked_mean ε.
//
// Before GAEMaskAware (v0.2–v0.4.1): δ_t = r_t + γV_{t+1} − V_t with V_R = 0
// at the end of the tensor, A_t = δ_t + γλA_{t+1}; the mask is used only for
// whitening. From it (PR #2337, v0.5.0+): the same across mask = 1 positions
// only, so observation spans and tail padding are skipped: V_next and A_next
// come from the next valid token and rewards inside masked spans are
// discarded.
func GAE(g Generation, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	var res GAEResult
	b, r := shapeOf(rewards)
	newMatrices(b, r, &res.NextValues, &res.Deltas, &res.Advantages, &res.Returns, &res.Whitened)
	GAEInto(&res, g, rewards, values, mask, gamma, lam)
	return res
}

// GAELean is GAE without its NextValues and Deltas (nil): Advantages,
// Returns, Whitened and Whitening bit for bit GAE's, in three matrices
// instead of five, for a caller that compares the outputs only (the
// upload check of web/inspect, whose batches reach 512 × 8,192).
func GAELean(g Generation, rewards, values, mask [][]float64, gamma, lam float64) GAEResult {
	res, n, sum := gaeLoops(g, rewards, values, mask, gamma, lam)
	res.Whitened, res.Whitening, res.WhitenErr = whitenFrom(g.meanEps(), res.Advantages, mask, &res.runs, n, sum, nil)
	return res
}

// gaeLoops is GAE's loops alone: Advantages and Returns, no NextValues,
// Deltas or Whitened, and whitening's first pass (n, sum) for whitenFrom.
func gaeLoops(g Generation, rewards, values, mask [][]float64, gamma, lam float64) (res GAEResult, n, sum float64) {
	res.Advantages = newMatrix(shapeOf(rewards))
	n, sum = res.run(g, rewards, values, mask, gamma, lam, res.Advantages)
	return res, n, sum
}

// GAEInto is GAE writing into dst: its matrices are reused when they have
// the batch's shape (and allocated otherwise), so a caller that runs GAE
// again and again on batches of one shape allocates nothing. The results are
// bit for bit those of the plain loops followed by Whiten
// (TestGAEIntoBitIdentical).
func GAEInto(dst *GAEResult, g Generation, rewards, values, mask [][]float64, gamma, lam float64) {
	b, r := shapeOf(rewards)
	dst.NextValues = reuseMatrix(dst.NextValues, b, r)
	dst.Deltas = reuseMatrix(dst.Deltas, b, r)
	dst.Advantages = reuseMatrix(dst.Advantages, b, r)
	n, sum := dst.run(g, rewards, values, mask, gamma, lam, dst.Advantages)
	dst.Whitened, dst.Whitening, dst.WhitenErr = whitenFrom(g.meanEps(), dst.Advantages, mask, &dst.runs, n, sum, dst.Whitened)
}

// GAEOutputsInto is GAEInto for a trainer: it writes only what verl's
// compute_gae_advantage_return returns, Whitened and Returns, bit for bit
// GAEInto's, and leaves NextValues, Deltas and Advantages nil (NextIndex
// still answers). The advantages are whitened where the loop wrote them, so
// a 256×4096 batch writes two matrices instead of five. When whitening
// fails, Whitened is nil and Advantages holds the loop's advantages.
func GAEOutputsInto(dst *GAEResult, g Generation, rewards, values, mask [][]float64, gamma, lam float64) {
	b, r := shapeOf(rewards)
	adv := dst.Whitened
	if adv == nil {
		adv = dst.Advantages
	}
	adv = reuseMatrix(adv, b, r)
	dst.NextValues, dst.Deltas, dst.Advantages = nil, nil, nil
	n, sum := dst.run(g, rewards, values, mask, gamma, lam, adv)
	dst.Whitened, dst.Whitening, dst.WhitenErr = whitenFrom(g.meanEps(), adv, mask, &dst.runs, n, sum, adv)
	if dst.Whitened == nil {
		dst.Advantages = adv
	}
}

// run runs GAE's loops over every row, writing the advantages into adv, the
// returns, and NextValues and Deltas when dst has them. Rows are run two at
// a time (newest2, early2); while a pair is still in cache, forward passes
// over each row derive the rest (finish) and return whitening's first pass
// over the advantages (Σmask and Σ A·mask, in Whiten's order).
func (dst *GAEResult) run(g Generation, rewards, values, mask [][]float64, gamma, lam float64, adv [][]float64) (n, sum float64) {
	maskAware := g.Has(GAEMaskAware)
	b, r := shapeOf(rewards)
	dst.Returns = reuseMatrix(dst.Returns, b, r)
	dst.maskAware = maskAware
	dst.runs.reset(b)
	row := func(i int) gaeRow {
		x := gaeRow{r: rewards[i][:r], v: values[i][:r], m: mask[i][:r], adv: adv[i][:r], ret: dst.Returns[i][:r]}
		if dst.NextValues != nil {
			x.next, x.delta = dst.NextValues[i][:r], dst.Deltas[i][:r]
		}
		return x
	}
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
			n, sum = row(k).finish(gamma, maskAware, &dst.runs, n, sum)
		}
	}
	return n, sum
}

// NextIndex is the position whose value GAE's loop read as V(s_{t+1}) at
// token t of row i (NextValues[i][t] = values[i][NextIndex(i, t)]), or −1
// for the terminal 0. Early: t+1, −1 at t = R−1. Newest: the next mask = 1
// position, −1 when there is none. It is derived on demand from where the
// mask was 1, which GAE records as it runs, so the 256×4096 batches of a
// trainer do not pay for a trace only the step-through reads.
func (res *GAEResult) NextIndex(i, t int) int {
	if i < 0 || i >= len(res.Returns) || t < 0 || t >= len(res.Returns[i]) {
		return -1 // not a token of the batch
	}
	if !res.maskAware {
		if t+1 < len(res.Returns[i]) {
			return t + 1
		}
		return -1
	}
	return res.runs.next(i, t+1)
}

// reuseMatrix returns m if it is [b][r], else a new zeroed [b][r] matrix.
// Every position of a reused matrix is overwritten by its caller.
func reuseMatrix(m [][]float64, b, r int) [][]float64 {
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
	return newMatrix(b, r)
}

// gaeRow holds one row's inputs and outputs, all of length R; next and delta
// are nil when the trace is not asked for.
type gaeRow struct {
	r, v, m               []float64
	next, delta, adv, ret []float64
}

// The loops below run the backward recursion, which writes A_t and the
// return A_t + V(s_t); finish then derives the rest, in cache.

// early is v0.2's loop: every position is a time step, and V(s_R) = 0 sits
// at the end of the tensor.
func (g gaeRow) early(gamma, lam float64) {
	gl := gamma * lam // as verl, (γ·λ)·A
	n := len(g.r)
	rw, v, adv, ret := g.r[:n], g.v[:n], g.adv[:n], g.ret[:n]
	var vNext, carry float64 // V(s_{t+1}) (0 past the end) and A_{t+1}
	for t := n - 1; t >= 0; t-- {
		val := v[t]
		carry = (rw[t] + gamma*vNext - val) + gl*carry
		adv[t], ret[t] = carry, carry+val
		vNext = val
	}
}

// newest is the loop of PR #2337: V_next and A_next are carried across
// mask = 0 positions, which compute a δ and discard it.
func (g gaeRow) newest(gamma, lam float64) {
	gl := gamma * lam
	n := len(g.r)
	rw, v, m, adv, ret := g.r[:n], g.v[:n], g.m[:n], g.adv[:n], g.ret[:n]
	var vNext, carry float64 // V and A of the next mask = 1 position
	for t := n - 1; t >= 0; t-- {
		val := v[t]
		candidate := (rw[t] + gamma*vNext - val) + gl*carry
		if m[t] == 1 {
			carry, vNext = candidate, val
		}
		adv[t], ret[t] = carry, carry+val
	}
}

// finish records the row's mask in runs while it continues whitening's
// first pass over A (Σmask and Σ A·mask, in order), and writes the trace
// when asked: V(s_{t+1}) as the loop read it, and δ_t from it, the loop's
// arithmetic out of its dependent chain.
func (g gaeRow) finish(gamma float64, maskAware bool, runs *maskRuns, n, sum float64) (float64, float64) {
	n, sum = runs.addRow(g.m, g.adv, n, sum)
	if g.next != nil {
		g.trace(gamma, maskAware, runs.row(runs.rows()-1))
	}
	return n, sum
}

// trace writes, at every t, the value the loop read as V(s_{t+1}) and δ_t
// from it. Early: values[t+1], and 0 at the end. Newest: the value of the
// next mask = 1 position (from the runs of 1s), and 0 after the last.
func (g gaeRow) trace(gamma float64, maskAware bool, ones []int32) {
	end := len(g.r)
	if end == 0 {
		return
	}
	if !maskAware {
		g.traceShifted(gamma, 0, end-1)
		g.traceConst(gamma, end-1, end, 0)
		return
	}
	follow := 0.0 // the value of the first mask = 1 position at or after end
	for k := len(ones) - 2; k >= 0; k -= 2 {
		s, e := int(ones[k]), int(ones[k+1])
		g.traceConst(gamma, e-1, end, follow) // the run's last token and the gap after it
		g.traceShifted(gamma, s, e-1)
		follow, end = g.v[s], s
	}
	g.traceConst(gamma, 0, end, follow)
}

// traceShifted is trace over [from, to), where the loop read values[t+1].
func (g gaeRow) traceShifted(gamma float64, from, to int) {
	rw, v, after, next, delta := g.r[from:to], g.v[from:to], g.v[from+1:to+1], g.next[from:to], g.delta[from:to]
	v, after, next, delta = v[:len(rw)], after[:len(rw)], next[:len(rw)], delta[:len(rw)]
	for t, x := range rw {
		vNext := after[t]
		next[t], delta[t] = vNext, x+gamma*vNext-v[t]
	}
}

// traceConst is trace over [from, to), where the loop read vNext throughout.
func (g gaeRow) traceConst(gamma float64, from, to int, vNext float64) {
	rw, v, next, delta := g.r[from:to], g.v[from:to], g.next[from:to], g.delta[from:to]
	v, next, delta = v[:len(rw)], next[:len(rw)], delta[:len(rw)]
	for t, x := range rw {
		next[t], delta[t] = vNext, x+gamma*vNext-v[t]
	}
}

// early2 and newest2 run the same loops on two rows at once. Each row's
// backward recursion is a chain of dependent multiply-adds, so one row
// leaves the core waiting on latency; two independent chains interleaved
// take little longer than one. The arithmetic of each row is unchanged.
func early2(a, b gaeRow, gamma, lam float64) {
	gl := gamma * lam
	n := len(a.r)
	ar, av, aa, aret := a.r[:n], a.v[:n], a.adv[:n], a.ret[:n]
	br, bv, ba, bret := b.r[:n], b.v[:n], b.adv[:n], b.ret[:n]
	var aNext, aCarry, bNext, bCarry float64
	for t := n - 1; t >= 0; t-- {
		aVal, bVal := av[t], bv[t]
		aCarry = (ar[t] + gamma*aNext - aVal) + gl*aCarry
		bCarry = (br[t] + gamma*bNext - bVal) + gl*bCarry
		aa[t], ba[t] = aCarry, bCarry
		aret[t], bret[t] = aCarry+aVal, bCarry+bVal
		aNext, bNext = aVal, bVal
	}
}

func newest2(a, b gaeRow, gamma, lam float64) {
	gl := gamma * lam
	n := len(a.r)
	ar, av, am, aa, aret := a.r[:n], a.v[:n], a.m[:n], a.adv[:n], a.ret[:n]
	br, bv, bm, ba, bret := b.r[:n], b.v[:n], b.m[:n], b.adv[:n], b.ret[:n]
	var aNext, aCarry, bNext, bCarry float64
	for t := n - 1; t >= 0; t-- {
		aVal, bVal := av[t], bv[t]
		aCand := (ar[t] + gamma*aNext - aVal) + gl*aCarry
		bCand := (br[t] + gamma*bNext - bVal) + gl*bCarry
		if am[t] == 1 {
			aCarry, aNext = aCand, aVal
		}
		if bm[t] == 1 {
			bCarry, bNext = bCand, bVal
		}
		aa[t], ba[t] = aCarry, bCarry
		aret[t], bret[t] = aCarry+aVal, bCarry+bVal
	}
}
