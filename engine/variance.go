package engine

import (
	"fmt"
	"math"
)

// The variance lab's toy: a response whose true values are known, so that
// the spread of GAE's estimate of the first token's advantage A_0 can be
// measured against the truth for every λ.
//
// The toy is a Markov chain over token positions. The state before token t
// is s_t = (t, q_t), where q_t is a hidden bit, "on track" or "off track".
// The first token picks the approach: it puts the response on track
// (q_1 = on) with probability First, else off track; every later token keeps
// the bit with probability Stay and flips it otherwise. Every token's reward is
// Gaussian noise of standard deviation Noise (mean 0, like a KL penalty's
// jitter), and token Outcome's reward adds the outcome score: 1 with
// probability POn if the response is on track after that token (q_{Outcome+1}),
// POff if it is off track, else 0. So
//
//	V(s_t) = γ^(Outcome−t) · (POff + (POn−POff)·P(q_{Outcome+1} = on | q_t))  for 1 ≤ t ≤ Outcome,
//	V(s_t) = 0                                                              for t > Outcome,
//
// with P(on after n steps | on) = (1 + (2·Stay−1)^n)/2, V(s_T) = 0 after
// the last token, and V(s_0) = First·Q(s_0, on) + (1−First)·Q(s_0, off).
// The lab scores the first token in the case where it puts the response on
// track (q_1 = on): every sampled rollout starts with that token, so they
// share one true advantage
//
//	A(s_0, a_0) = Q(s_0, on) − V(s_0),  Q(s_0, on) = E[r_0 | q_1 = on] + γ·V(s_1 = (1, on)).
//
// Index convention as everywhere: t is the 0-based response-token index,
// values[t] = V(s_t) is the state before token t.
type VarianceToy struct {
	Len     int     // tokens T, 1 … MaxVarianceLen
	Outcome int     // t of the token whose reward holds the outcome score, 0 … Len−1
	Gamma   float64 // γ, in [0, 1]
	First   float64 // probability that token 0 puts the response on track, in [0, 1]
	Stay    float64 // probability that a token keeps the on-track bit, in [0.5, 1]
	POn     float64 // probability of score 1 when on track after token Outcome, in [0, 1]
	POff    float64 // the same when off track, in [0, 1]
	Noise   float64 // standard deviation of every token's reward noise, ≥ 0
}

// Limits of the variance lab.
const (
	MaxVarianceLen     = 512  // tokens of the toy
	MaxVarianceSamples = 2000 // rollouts N
)

// NewVarianceToy is the lab's toy of t tokens with the outcome score on
// token outcome, discounted by gamma: First 0.5, Stay 0.99, POn 0.8, POff
// 0.2 and reward noise 0.05.
func NewVarianceToy(tokens, outcome int, gamma float64) VarianceToy {
	return VarianceToy{Len: tokens, Outcome: outcome, Gamma: gamma, First: 0.5, Stay: 0.99, POn: 0.8, POff: 0.2, Noise: 0.05}
}

// Validate reports the first parameter out of its range.
func (m VarianceToy) Validate() error {
	in01 := func(x float64) bool { return x >= 0 && x <= 1 }
	switch {
	case m.Len < 1 || m.Len > MaxVarianceLen:
		return fmt.Errorf("engine: variance toy: Len = %d, want 1 … %d", m.Len, MaxVarianceLen)
	case m.Outcome < 0 || m.Outcome >= m.Len:
		return fmt.Errorf("engine: variance toy: Outcome = %d, want 0 … %d", m.Outcome, m.Len-1)
	case !in01(m.Gamma):
		return fmt.Errorf("engine: variance toy: Gamma = %g, want 0 … 1", m.Gamma)
	case !in01(m.First):
		return fmt.Errorf("engine: variance toy: First = %g, want 0 … 1", m.First)
	case !(m.Stay >= 0.5 && m.Stay <= 1):
		return fmt.Errorf("engine: variance toy: Stay = %g, want 0.5 … 1", m.Stay)
	case !in01(m.POn) || !in01(m.POff):
		return fmt.Errorf("engine: variance toy: POn = %g, POff = %g, want 0 … 1", m.POn, m.POff)
	case !(m.Noise >= 0 && m.Noise <= 10):
		return fmt.Errorf("engine: variance toy: Noise = %g, want 0 … 10", m.Noise)
	}
	return nil
}

// stayOn is P(q_{t+n} = on | q_t = on) (on) or P(q_{t+n} = on | q_t = off).
func (m VarianceToy) stayOn(on bool, n int) float64 {
	d := math.Pow(2*m.Stay-1, float64(n))
	if on {
		return (1 + d) / 2
	}
	return (1 - d) / 2
}

// score is the probability of score 1 given the on-track bit after token
// Outcome.
func (m VarianceToy) score(on bool) float64 {
	if on {
		return m.POn
	}
	return m.POff
}

// Value is the true V(s_t) of the state before token t (0 … Len) with the
// on-track bit on (t ≥ 1; the prompt's s_0 has no bit yet); 0 past the
// outcome and at t = Len.
func (m VarianceToy) Value(t int, on bool) float64 {
	if t > m.Outcome || t >= m.Len {
		return 0
	}
	if t == 0 {
		return m.First*m.Q(true) + (1-m.First)*m.Q(false)
	}
	p := m.POff + (m.POn-m.POff)*m.stayOn(on, m.Outcome+1-t)
	return math.Pow(m.Gamma, float64(m.Outcome-t)) * p
}

// Q is Q(s_0, a_0) for the first token that puts the response on track
// (on) or off track.
func (m VarianceToy) Q(on bool) float64 {
	if m.Outcome == 0 {
		return m.score(on)
	}
	return m.Gamma * m.Value(1, on)
}

// TrueAdvantage is A(s_0, a_0) = Q(s_0, on) − V(s_0), the number every
// rollout's estimate of A_0 tries to hit.
func (m VarianceToy) TrueAdvantage() float64 { return m.Q(true) - m.Value(0, true) }

// VarianceSpread describes estimates of A_0 against the true advantage:
// Mean, Bias = Mean − A(s_0, a_0), Var (the population variance, dividing
// by N) and MSE, the mean squared error, = Bias² + Var.
type VarianceSpread struct {
	Mean, Bias, Var, MSE float64
}

// Exact is the exact spread of GAE's A_0 over every rollout of the toy,
// for λ = lam and a critic that adds bias to the true V(s_t) of every
// state inside the response (s_1 … s_{T−1}); V(s_0), the prompt's value, is
// exact, and so is V(s_T) = 0 after the last token.
//
// Unrolled, A_0 = Σ_k c_k·r_k + Σ_{k≥1} w_k·V̂(s_k) − V̂(s_0), with
// c_k = (γλ)^k and w_k = γ·c_{k−1} − c_k. With the true values every δ_k,
// k ≥ 1, has mean 0 given the state before it, so A_0's mean is the true
// advantage (chain checks it), and the critic's bias adds b·Σw_k. The
// noise adds σ²·Σc_k² to the variance, and the rest is chain's.
func (m VarianceToy) Exact(lam, bias float64) VarianceSpread {
	c, w := m.weights(lam)
	noise, wsum := 0.0, 0.0
	for k := range c {
		noise += c[k] * c[k]
		wsum += w[k]
	}
	_, vr := m.chain(c, w)
	out := VarianceSpread{Bias: bias * wsum, Var: vr + m.Noise*m.Noise*noise}
	out.Mean = m.TrueAdvantage() + out.Bias
	out.MSE = out.Bias*out.Bias + out.Var
	return out
}

// weights are A_0's coefficients: c[k] = (γλ)^k of r_k, and w[k] =
// γ·c[k−1] − c[k] of V(s_k), k ≥ 1 (w[0] = 0).
func (m VarianceToy) weights(lam float64) (c, w []float64) {
	c, w = make([]float64, m.Len), make([]float64, m.Len)
	c[0] = 1
	for k := 1; k < m.Len; k++ {
		c[k] = c[k-1] * m.Gamma * lam
		w[k] = m.Gamma*c[k-1] - c[k]
	}
	return c, w
}

// chain is the mean and variance of the part of A_0 that depends on the
// chain's states, Σ_{k≥1} w_k·V(s_k) + c_e·score, given q_1 = on, by a
// backward recursion over the two states (the law of total variance, one
// step at a time). Its mean minus V(s_0) is the true advantage.
func (m VarianceToy) chain(c, w []float64) (float64, float64) {
	T, e := m.Len, m.Outcome
	K := max(T-1, e+1) // the last state A_0 depends on
	// f(k, q): the deterministic part of the terms that depend on q_k, and
	// v(k, q) the variance of the score's draw, which happens at k = e+1.
	f := func(k int, on bool) float64 {
		x := 0.0
		if k < T {
			x = w[k] * m.Value(k, on)
		}
		if k == e+1 {
			x += c[e] * m.score(on)
		}
		return x
	}
	v := func(k int, on bool) float64 {
		if k != e+1 {
			return 0
		}
		p := m.score(on)
		return c[e] * c[e] * p * (1 - p)
	}
	// mean[q], vr[q]: the mean and variance of Σ_{j≥k} f(j, q_j) given q_k.
	var mean, vr [2]float64
	for k := K; k >= 1; k-- {
		var nm, nv [2]float64
		for q := range 2 {
			on := q == 1
			nm[q], nv[q] = f(k, on), v(k, on)
			if k < K {
				s := m.Stay
				a, b := 1, 0 // the kept and the flipped bit
				if !on {
					a, b = 0, 1
				}
				d := mean[a] - mean[b]
				nm[q] += s*mean[a] + (1-s)*mean[b]
				nv[q] += s*vr[a] + (1-s)*vr[b] + s*(1-s)*d*d
			}
		}
		mean, vr = nm, nv
	}
	return mean[1], vr[1]
}
