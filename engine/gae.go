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
	b, r := shapeOf(rewards)
	res := GAEResult{
		NextValues: newMatrix(b, r),
		Deltas:     newMatrix(b, r),
		Advantages: newMatrix(b, r),
		Returns:    newMatrix(b, r),
	}
	gl := gamma * lam
	for i := range rewards {
		rw, val, m := rewards[i], values[i], mask[i]
		var vNext, carry float64 // V(s_{t+1}) and A_{t+1} as the loop carries them
		for t := r - 1; t >= 0; t-- {
			if v == VerlEarly {
				vNext = 0
				if t < r-1 {
					vNext = val[t+1]
				}
			}
			delta := rw[t] + gamma*vNext - val[t]
			res.NextValues[i][t] = vNext
			res.Deltas[i][t] = delta
			if v == VerlEarly || m[t] == 1 {
				carry = delta + gl*carry
				vNext = val[t] // read again at t−1 only by the newest loop
			}
			res.Advantages[i][t] = carry
			res.Returns[i][t] = carry + val[t]
		}
	}
	res.Whitened, res.Whitening, res.WhitenErr = Whiten(v, res.Advantages, mask)
	return res
}
