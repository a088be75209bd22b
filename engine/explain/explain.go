// Package explain holds the teaching math GAE Lab derives from the engine:
// which time steps a token's advantage adds up, the weights GAE gives the
// n-step estimates, the n-step estimates themselves and the telescoping
// identity Σ_k γ^k·δ_{t+k} = G_t − V(s_t). It is pure (standard library and
// package engine only) and tested against the engine, so that web/ shows
// these derivations without re-deriving them.
//
// Index convention: t is the 0-based response-token index; values[t] =
// V(s_t) is the value of the state before token t; rewards, TD errors δ_t,
// advantages and returns at t belong to token t.
package explain

import (
	"math"

	"gaelab/engine"
)

// Steps are the time steps of token t's advantage: the positions whose δ
// the GAE recursion adds into A_t, in order. verl v0.2 walks every position
// from t to the end of the tensor; the newest verl (mask inside the loop)
// only the valid ones (mask 1) from t on: generation g's loop, plain or
// mask-aware (engine.GAEMaskAware).
func Steps(g engine.Generation, mask []float64, t int) []int {
	aware := g.Has(engine.GAEMaskAware)
	var steps []int
	for k := max(t, 0); k < len(mask); k++ {
		if !aware || mask[k] == 1 {
			steps = append(steps, k)
		}
	}
	return steps
}

// StepMask is Steps as a mask over every position: StepMask(g, mask)[k] = 1 where
// position k is a time step of the GAE recursion (verl v0.2: every
// position; the newest verl: the valid ones, mask 1), else 0.
func StepMask(g engine.Generation, mask []float64) []float64 {
	out := make([]float64, len(mask))
	for _, k := range Steps(g, mask, 0) {
		out[k] = 1
	}
	return out
}

// NStepWeights are the weights GAE gives the n-step estimates of a token
// with N time steps ahead, n = 1 … N: (1−λ)·λ^(n−1) for n < N, and the
// weight left over, λ^(N−1), for the n = N (Monte Carlo) estimate. They sum
// to 1, and A_t = Σ_n w_n·Â⁽ⁿ⁾_t. N < 1 has no weights.
func NStepWeights(lam float64, N int) []float64 {
	if N < 1 {
		return nil
	}
	w := make([]float64, N)
	for n := 1; n < N; n++ {
		w[n-1] = (1 - lam) * math.Pow(lam, float64(n-1))
	}
	w[N-1] = math.Pow(lam, float64(N-1))
	return w
}

// NStepEstimates are the n-step advantage estimates of the token whose time
// steps are steps (Steps), n = 1 … len(steps): Â⁽ⁿ⁾ = Σ_{k<n} γ^k·δ_{steps[k]}
// = r + γr' + … + γ^(n−1)·r⁽ⁿ⁻¹⁾ + γⁿ·V(next state) − V(s_t), from the
// engine's TD errors deltas (indexed by t).
func NStepEstimates(deltas []float64, steps []int, gamma float64) []float64 {
	out := make([]float64, len(steps))
	sum, disc := 0.0, 1.0
	for n, k := range steps {
		sum += disc * deltas[k]
		disc *= gamma
		out[n] = sum
	}
	return out
}

// NStepMix is GAE's advantage of one token rebuilt from its n-step
// estimates, checked against the engine's A_t.
type NStepMix struct {
	Mix  float64 // Σ_n w_n·Â⁽ⁿ⁾_t (NStepWeights, NStepEstimates)
	Adv  float64 // the engine's A_t
	Diff float64 // |Mix − Adv|
	OK   bool    // Diff is float64 rounding: at most 1e-9·max(1, |A_t|)
}

// MixNSteps mixes the n-step estimates of the token whose time steps are
// steps (Steps) with GAE's weights for λ = lam, from the engine's TD errors
// deltas (indexed by t), and compares the mix with the engine's advantage
// adv of that token. No steps mix to 0.
func MixNSteps(deltas []float64, steps []int, gamma, lam, adv float64) NStepMix {
	w := NStepWeights(lam, len(steps))
	m := NStepMix{Adv: adv}
	for n, est := range NStepEstimates(deltas, steps, gamma) {
		m.Mix += w[n] * est
	}
	m.Diff = math.Abs(m.Mix - adv)
	m.OK = m.Diff <= 1e-9*math.Max(1, math.Abs(adv))
	return m
}

// Telescoping holds both sides of Σ_k γ^k·δ_{t+k} = G_t − V(s_t) per token:
// LHS sums the TD errors over the time steps from t on (k counts time
// steps), RHS is the reward-to-go G_t minus V(s_t).
type Telescoping struct {
	LHS, RHS, Diff []float64 // per token t; Diff[t] = |LHS[t] − RHS[t]|
	Worst          int       // the valid token of the largest difference, −1 if none
	Max            float64   // the largest Diff over the valid tokens
	N              int       // valid tokens compared
	Scale          float64   // the largest |G_t|, |V(s_t)| or |LHS| over the valid tokens
}

// Telescope checks the identity on every token: deltas are the engine's TD
// errors, steps[k] = 1 where position k is a time step (the loop's mask),
// returnsToGo the G_t, values the V(s_t), and valid[t] whether token t is
// compared (mask 1). All have one length.
func Telescope(deltas, steps, returnsToGo, values []float64, valid []bool, gamma float64) Telescoping {
	T := len(deltas)
	id := Telescoping{LHS: make([]float64, T), RHS: make([]float64, T), Diff: make([]float64, T), Worst: -1}
	for t := range T {
		sum, disc := 0.0, 1.0
		for k := t; k < T; k++ {
			if steps[k] == 1 {
				sum += disc * deltas[k]
				disc *= gamma
			}
		}
		id.LHS[t], id.RHS[t] = sum, returnsToGo[t]-values[t]
		id.Diff[t] = math.Abs(id.LHS[t] - id.RHS[t])
		if valid[t] {
			id.N++
			id.Scale = max(id.Scale, math.Abs(returnsToGo[t]), math.Abs(values[t]), math.Abs(sum))
			if id.Worst < 0 || id.Diff[t] > id.Max {
				id.Worst, id.Max = t, id.Diff[t]
			}
		}
	}
	return id
}

// Equal reports whether two sides differing by d are equal up to float64
// rounding over at most T terms of size about max(1, Scale).
func (id Telescoping) Equal(d float64) bool { return d <= 1e-9*math.Max(1, id.Scale) }
