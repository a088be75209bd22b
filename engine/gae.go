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
	maskAware := g.Has(GAEMaskAware)
	b, r := shapeOf(rewards)
	res := GAEResult{
		NextValues: newMatrix(b, r),
		Deltas:     newMatrix(b, r),
		Advantages: newMatrix(b, r),
		Returns:    newMatrix(b, r),
	}
	for i := range rewards {
		row := gaeRow{
			r: rewards[i][:r], v: values[i][:r], m: mask[i][:r],
			next: res.NextValues[i][:r], delta: res.Deltas[i][:r], adv: res.Advantages[i][:r], ret: res.Returns[i][:r],
		}
		if maskAware {
			row.newest(gamma, lam)
		} else {
			row.early(gamma, lam)
		}
	}
	res.Whitened, res.Whitening, res.WhitenErr = WhitenGen(g, res.Advantages, mask)
	return res
}

// gaeRow holds one row's inputs and trace outputs, all of length R.
type gaeRow struct {
	r, v, m               []float64
	next, delta, adv, ret []float64
}

// early is v0.2's loop: every position is a time step, and V(s_R) = 0 sits
// at the end of the tensor.
func (g gaeRow) early(gamma, lam float64) {
	gl := gamma * lam // as verl, (γ·λ)·A
	var carry float64 // A_{t+1}
	for t := len(g.r) - 1; t >= 0; t-- {
		vNext := 0.0
		if t+1 < len(g.v) {
			vNext = g.v[t+1]
		}
		delta := g.r[t] + gamma*vNext - g.v[t]
		carry = delta + gl*carry
		g.next[t], g.delta[t], g.adv[t], g.ret[t] = vNext, delta, carry, carry+g.v[t]
	}
}

// newest is the loop of PR #2337: V_next and A_next are carried across
// mask = 0 positions, which compute a δ and discard it.
func (g gaeRow) newest(gamma, lam float64) {
	gl := gamma * lam
	var vNext, carry float64 // V and A of the next mask = 1 position
	for t := len(g.r) - 1; t >= 0; t-- {
		val := g.v[t]
		delta := g.r[t] + gamma*vNext - val
		candidate := delta + gl*carry
		g.next[t], g.delta[t] = vNext, delta
		if g.m[t] == 1 {
			carry, vNext = candidate, val
		}
		g.adv[t], g.ret[t] = carry, carry+val
	}
}
