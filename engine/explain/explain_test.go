package explain

import (
	"math"
	"math/rand/v2"
	"testing"

	"gaelab/engine"
)

// randomCase is one random response: rewards, values and a mask with some
// zeros, for a random verl generation, γ and λ.
func randomCase(rng *rand.Rand, trial int) (gen engine.Generation, r, v, m []float64, gamma, lam float64) {
	T := 1 + rng.IntN(12)
	r, v, m = make([]float64, T), make([]float64, T), make([]float64, T)
	for k := range T {
		r[k], v[k], m[k] = rng.NormFloat64(), rng.NormFloat64(), 1
		if rng.IntN(4) == 0 {
			m[k] = 0
		}
	}
	gens := append(engine.Generations(), engine.V1Early, engine.V1Newest)
	gen = gens[trial%len(gens)]
	lam, gamma = []float64{0, 1, rng.Float64()}[trial%3], 1.0
	if trial%5 >= 3 {
		gamma = rng.Float64()
	}
	return gen, r, v, m, gamma, lam
}

// GAE's advantage is the weighted mix of the n-step estimates: weights that
// sum to 1 times estimates built from the engine's own TD errors give the
// engine's A_t, for both generations and any mask.
func TestNStepMixIsGAE(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for trial := range 400 {
		gen, r, v, m, gamma, lam := randomCase(rng, trial)
		g := engine.GAE(gen, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, lam)
		for k := range r {
			steps := Steps(gen, m, k)
			if len(steps) == 0 {
				if g.Advantages[0][k] != 0 {
					t.Errorf("trial %d: no step from t=%d, but A_t = %v", trial, k, g.Advantages[0][k])
				}
				continue
			}
			w := NStepWeights(lam, len(steps))
			sum, mix := 0.0, 0.0
			for n, est := range NStepEstimates(g.Deltas[0], steps, gamma) {
				sum += w[n]
				mix += w[n] * est
			}
			if math.Abs(sum-1) > 1e-12 || math.Abs(mix-g.Advantages[0][k]) > 1e-9 {
				t.Errorf("trial %d (%s, λ=%v, γ=%v) t=%d: weights sum to %v; mix %v, engine A_t %v", trial, gen, lam, gamma, k, sum, mix, g.Advantages[0][k])
			}
		}
	}
}

func TestNStepWeights(t *testing.T) {
	for _, c := range []struct {
		lam  float64
		N    int
		want []float64
	}{
		{0.5, 3, []float64{0.5, 0.25, 0.25}}, // Monte Carlo gets λ^(N−1), the rest (1−λ)λ^(n−1)
		{0, 3, []float64{1, 0, 0}},           // λ = 0: all on one step
		{1, 3, []float64{0, 0, 1}},           // λ = 1: all on Monte Carlo
		{0.9, 1, []float64{1}},
		{0.9, 0, nil},
	} {
		got := NStepWeights(c.lam, c.N)
		if len(got) != len(c.want) {
			t.Errorf("NStepWeights(%v, %d) = %v, want %v", c.lam, c.N, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-15 {
				t.Errorf("NStepWeights(%v, %d) = %v, want %v", c.lam, c.N, got, c.want)
			}
		}
	}
}

// The telescoping identity holds on the engine's numbers for γλ = γ (λ = 1):
// Σ_k γ^k·δ_{t+k} over the time steps is the reward-to-go minus V(s_t).
func TestTelescopeHoldsOnTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 200 {
		gen, r, v, m, gamma, _ := randomCase(rng, trial)
		g := engine.GAE(gen, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, 1)
		T := len(r)
		steps, valid := make([]float64, T), make([]bool, T)
		for k := range T {
			steps[k] = 1
			if gen.Has(engine.GAEMaskAware) {
				steps[k] = m[k]
			}
			valid[k] = m[k] == 1
		}
		// G_t = A_t + V(s_t) at λ = 1 (the engine's returns).
		id := Telescope(g.Deltas[0], steps, g.Returns[0], v, valid, gamma)
		if id.Worst >= 0 && !id.Equal(id.Max) {
			t.Errorf("trial %d (%s, γ=%v): |LHS − RHS| = %v at t=%d", trial, gen, gamma, id.Max, id.Worst)
		}
	}
	// A wrong right-hand side is caught, at the token where it is wrong.
	id := Telescope([]float64{1, 1}, []float64{1, 1}, []float64{2, 5}, []float64{0, 0}, []bool{true, true}, 1)
	if id.Worst != 1 || id.Equal(id.Max) {
		t.Errorf("a broken identity: worst %d, max %v", id.Worst, id.Max)
	}
}

// FuzzNStep: for any finite inputs the weights sum to 1 (λ in [0, 1]) and
// the last n-step estimate is the discounted sum of every step's δ.
func FuzzNStep(f *testing.F) {
	f.Add(0.95, 1.0, 5, int64(1))
	f.Add(0.0, 0.5, 1, int64(2))
	f.Fuzz(func(t *testing.T, lam, gamma float64, N int, seed int64) {
		if math.IsNaN(lam) || lam < 0 || lam > 1 || math.IsNaN(gamma) || gamma < 0 || gamma > 1 || N < 1 || N > 512 {
			return
		}
		w := NStepWeights(lam, N)
		sum := 0.0
		for _, x := range w {
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("weights of λ=%v, N=%d sum to %v", lam, N, sum)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 1))
		deltas, steps := make([]float64, N), make([]int, N)
		want, disc := 0.0, 1.0
		for k := range N {
			deltas[k], steps[k] = rng.NormFloat64(), k
			want += disc * deltas[k]
			disc *= gamma
		}
		if est := NStepEstimates(deltas, steps, gamma); math.Abs(est[N-1]-want) > 1e-9*max(1, math.Abs(want)) {
			t.Fatalf("last estimate %v, want %v", est[N-1], want)
		}
	})
}
