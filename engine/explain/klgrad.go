package explain

import (
	"errors"
	"math"
)

// KLEstimatorMoments are the expectation of one KL estimator and of its
// gradient when it is used as a loss, on a small categorical policy
// π = softmax(θ) sampled on-policy, against a fixed reference p. d is
// log π(a) − log p(a) at the sampled token a, as verl's kl_penalty takes
// logprob − ref_logprob; the gradient is with respect to the logits θ,
// through log π(a) only (the token is sampled, not differentiated), as an
// actor KL loss is differentiated.
type KLEstimatorMoments struct {
	Name  string    // "k1" (kl), "k2" (mse), "k3" (low_var_kl)
	Value float64   // E_π[k]
	Grad  []float64 // E_π[∇_θ k]
}

// KLLossMoments compares k1, k2 and k3 as losses on the categorical π =
// softmax(logits) against p: each one's expected value and expected
// gradient, with the two KLs and their exact gradients beside them.
type KLLossMoments struct {
	Estimators           []KLEstimatorMoments
	Reverse, Forward     float64   // KL(π ‖ p), KL(p ‖ π)
	GradRev, GradForward []float64 // ∇_θ KL(π ‖ p), ∇_θ KL(p ‖ π)
}

// KLLoss computes KLLossMoments exactly (a sum over the categories, no
// sampling). p must be a distribution over as many categories as logits,
// with no zero.
func KLLoss(logits, p []float64) (KLLossMoments, error) {
	n := len(logits)
	if n < 2 || len(p) != n {
		return KLLossMoments{}, errors.New("explain: KLLoss needs as many reference probabilities as logits, at least 2")
	}
	sum := 0.0
	for _, x := range p {
		if !(x > 0) {
			return KLLossMoments{}, errors.New("explain: KLLoss needs a reference probability above 0 for every category")
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		return KLLossMoments{}, errors.New("explain: KLLoss needs reference probabilities that sum to 1")
	}
	pi := softmax(logits)
	// ∇_θ log π(a) = e_a − π.
	gradLog := func(a int) []float64 {
		g := make([]float64, n)
		for j := range g {
			g[j] = -pi[j]
		}
		g[a]++
		return g
	}
	est := []struct {
		name string
		k    func(d float64) float64 // the value at d = log π − log p
		dk   func(d float64) float64 // ∂k/∂d, so ∇k = dk(d)·∇log π(a)
	}{
		{"k1", func(d float64) float64 { return d }, func(float64) float64 { return 1 }},
		{"k2", func(d float64) float64 { return d * d / 2 }, func(d float64) float64 { return d }},
		{"k3", func(d float64) float64 { return math.Exp(-d) - 1 + d }, func(d float64) float64 { return 1 - math.Exp(-d) }},
	}
	var m KLLossMoments
	for _, e := range est {
		em := KLEstimatorMoments{Name: e.name, Grad: make([]float64, n)}
		for a := range n {
			d := math.Log(pi[a]) - math.Log(p[a])
			em.Value += pi[a] * e.k(d)
			for j, g := range gradLog(a) {
				em.Grad[j] += pi[a] * e.dk(d) * g
			}
		}
		m.Estimators = append(m.Estimators, em)
	}
	m.GradRev, m.GradForward = make([]float64, n), make([]float64, n)
	for a := range n {
		d := math.Log(pi[a]) - math.Log(p[a])
		m.Reverse += pi[a] * d
		m.Forward -= p[a] * d
		for j, g := range gradLog(a) {
			// ∇ Σ π log(π/p) = Σ π (log(π/p) + 1) ∇log π; the +1 sums to 0.
			m.GradRev[j] += pi[a] * d * g
			// ∇ Σ p log(p/π) = −Σ p ∇log π.
			m.GradForward[j] -= p[a] * g
		}
	}
	return m, nil
}

func softmax(x []float64) []float64 {
	hi := math.Inf(-1)
	for _, v := range x {
		hi = math.Max(hi, v)
	}
	out := make([]float64, len(x))
	sum := 0.0
	for i, v := range x {
		out[i] = math.Exp(v - hi)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}
