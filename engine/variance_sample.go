package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// VarianceLab is the variance lab's measurement: N rollouts of a toy, each
// starting with the token scored (q_1 = on), and GAE's A_0 of each rollout
// for every λ and every critic.
type VarianceLab struct {
	Toy    VarianceToy
	N      int
	Seed   uint64
	Lams   []float64 // the λ of the sweep
	Biases []float64 // the critics: the bias each adds to V(s_1 … s_{T−1}); 0 is the perfect critic
	True   float64   // A(s_0, a_0), the true advantage every estimate aims at
	// Runs[c][l] is critic Biases[c] under λ = Lams[l].
	Runs [][]VarianceRun
}

// VarianceRun is one critic under one λ: the N estimates of A_0 and their
// spread, measured and exact.
type VarianceRun struct {
	Lam, Bias float64
	// A0[i] is rollout i's A_0: advantages[i][0] of verl's GAE.
	A0     []float64
	Sample VarianceSpread // of A0, against the true advantage
	Exact  VarianceSpread // VarianceToy.Exact(Lam, Bias)
}

// varianceChunk is how many rollouts go through GAE at once: the batch's
// matrices are reused from chunk to chunk.
const varianceChunk = 64

// SampleVariance draws n rollouts of m (1 … MaxVarianceSamples) with the
// random stream of seed (math/rand/v2's PCG: the same seed gives the same
// rollouts on every machine) and runs verl's GAE of generation g on them
// for each λ of lams and each critic of biases. A critic's values are the
// true V(s_t) plus its bias on s_1 … s_{T−1}; V(s_0) is exact.
//
// Rollout i draws, in this order: the on-track bit's transitions after
// token 1, 2, …; the reward noise of tokens 0 … T−1; the outcome score.
func SampleVariance(m VarianceToy, g Generation, n int, seed uint64, lams, biases []float64) (VarianceLab, error) {
	if err := m.Validate(); err != nil {
		return VarianceLab{}, err
	}
	if n < 1 || n > MaxVarianceSamples {
		return VarianceLab{}, fmt.Errorf("engine: variance lab: N = %d, want 1 … %d", n, MaxVarianceSamples)
	}
	for _, l := range lams {
		if !(l >= 0 && l <= 1) {
			return VarianceLab{}, fmt.Errorf("engine: variance lab: λ = %g, want 0 … 1", l)
		}
	}
	for _, b := range biases {
		if !(math.Abs(b) <= 100) {
			return VarianceLab{}, fmt.Errorf("engine: variance lab: critic bias = %g, want −100 … 100", b)
		}
	}
	lab := VarianceLab{Toy: m, N: n, Seed: seed, Lams: lams, Biases: biases, True: m.TrueAdvantage()}
	lab.Runs = make([][]VarianceRun, len(biases))
	for c, b := range biases {
		lab.Runs[c] = make([]VarianceRun, len(lams))
		for l, lam := range lams {
			lab.Runs[c][l] = VarianceRun{Lam: lam, Bias: b, A0: make([]float64, n), Exact: m.Exact(lam, b)}
		}
	}

	T := m.Len
	vt := make([][2]float64, T) // vt[t][q]: V(s_t) with the bit q
	for t := range vt {
		vt[t] = [2]float64{m.Value(t, false), m.Value(t, true)}
	}
	K := max(T-1, m.Outcome+1) // the last state the rollout needs
	q := make([]int, K+1)
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))

	rows := min(n, varianceChunk)
	rewards, values, mask := newMatrix(rows, T), newMatrix(rows, T), newMatrix(rows, T)
	critic := newMatrix(rows, T)
	for i := range mask {
		for t := range mask[i] {
			mask[i][t] = 1
		}
	}
	var res GAEResult
	for start := 0; start < n; start += rows {
		b := min(rows, n-start)
		for i := range b {
			q[0], q[1] = 1, 1
			for k := 1; k < K; k++ {
				q[k+1] = q[k]
				if rng.Float64() >= m.Stay {
					q[k+1] = 1 - q[k]
				}
			}
			for t := range T {
				rewards[i][t] = m.Noise * rng.NormFloat64()
				values[i][t] = vt[t][q[t]]
			}
			if rng.Float64() < m.score(q[m.Outcome+1] == 1) {
				rewards[i][m.Outcome]++
			}
		}
		for c, bias := range biases {
			for i := range b {
				critic[i][0] = values[i][0]
				for t := 1; t < T; t++ {
					critic[i][t] = values[i][t] + bias
				}
			}
			for l, lam := range lams {
				GAEInto(&res, g, rewards[:b], critic[:b], mask[:b], m.Gamma, lam)
				copyColumn0(lab.Runs[c][l].A0[start:start+b], res.Advantages)
			}
		}
	}
	for c := range lab.Runs {
		for l := range lab.Runs[c] {
			r := &lab.Runs[c][l]
			r.Sample = spread(r.A0, lab.True)
		}
	}
	return lab, nil
}

// copyColumn0 copies the first element of each row of m into dst.
func copyColumn0(dst []float64, m [][]float64) {
	for i := range dst {
		dst[i] = m[i][0]
	}
}

// spread measures estimates xs of the true value truth.
func spread(xs []float64, truth float64) VarianceSpread {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	n := float64(len(xs))
	s := VarianceSpread{Mean: sum / n}
	var sq, se float64
	for _, x := range xs {
		d := x - s.Mean
		sq += d * d
		e := x - truth
		se += e * e
	}
	s.Var, s.MSE, s.Bias = sq/n, se/n, s.Mean-truth
	return s
}
