package engine

import (
	"math"
	"slices"
	"testing"
)

var varianceLams = []float64{0, 0.5, 0.9, 0.95, 1}

// bruteVariance is the exact spread of A_0 by enumeration: every path of
// the on-track bit and both score draws, each run through verl's GAE
// without noise and weighted by its probability, plus the noise's variance
// σ²·Σ_k (γλ)^(2k), which is independent of the rest. It shares nothing
// with Exact but the toy's V(s_t).
func bruteVariance(m VarianceToy, lam, bias float64) VarianceSpread {
	T, e := m.Len, m.Outcome
	K := max(T-1, e+1)
	var mean, sq float64
	for path := 0; path < 1<<(K-1); path++ { // bits of q_2 … q_K
		q := make([]int, K+1)
		q[0], q[1] = 1, 1
		p := 1.0
		for k := 2; k <= K; k++ {
			q[k] = (path >> (k - 2)) & 1
			if q[k] == q[k-1] {
				p *= m.Stay
			} else {
				p *= 1 - m.Stay
			}
		}
		for _, score := range []float64{0, 1} {
			ps := m.score(q[e+1] == 1)
			if score == 0 {
				ps = 1 - ps
			}
			r, v := make([]float64, T), make([]float64, T)
			r[e] = score
			for t := range T {
				v[t] = m.Value(t, q[t] == 1)
				if t > 0 {
					v[t] += bias
				}
			}
			a := GAE(LastGeneration, [][]float64{r}, [][]float64{v}, [][]float64{make1(T)}, m.Gamma, lam).Advantages[0][0]
			mean += p * ps * a
			sq += p * ps * a * a
		}
	}
	noise := 0.0
	c := 1.0
	for range T {
		noise += c * c
		c *= m.Gamma * lam
	}
	s := VarianceSpread{Mean: mean, Var: sq - mean*mean + m.Noise*m.Noise*noise}
	s.Bias = s.Mean - m.TrueAdvantage()
	s.MSE = s.Bias*s.Bias + s.Var
	return s
}

func make1(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
	}
	return x
}

func TestVarianceExactMatchesEnumeration(t *testing.T) {
	for _, m := range []VarianceToy{
		NewVarianceToy(1, 0, 1),
		NewVarianceToy(2, 1, 1),
		NewVarianceToy(6, 5, 1),
		NewVarianceToy(6, 2, 0.9),
		NewVarianceToy(8, 0, 0.95),
		{Len: 7, Outcome: 4, Gamma: 0.8, First: 0.3, Stay: 0.6, POn: 1, POff: 0, Noise: 0.3},
	} {
		for _, lam := range varianceLams {
			for _, bias := range []float64{0, 0.1, -0.25} {
				got, want := m.Exact(lam, bias), bruteVariance(m, lam, bias)
				for _, f := range []struct {
					name string
					g, w float64
				}{{"mean", got.Mean, want.Mean}, {"bias", got.Bias, want.Bias}, {"var", got.Var, want.Var}, {"mse", got.MSE, want.MSE}} {
					if math.Abs(f.g-f.w) > 1e-12 {
						t.Errorf("%+v λ=%g b=%g: %s = %.15g, enumeration gives %.15g", m, lam, bias, f.name, f.g, f.w)
					}
				}
			}
		}
	}
}

// With a perfect critic every λ is unbiased; a critic off by b on
// s_1 … s_{T−1} biases A_0 by b·Σ_k γ^k λ^(k−1)(1−λ): γb at λ = 0 and
// nothing at λ = 1, where A_0 = G_0 − V(s_0) reads no value but V(s_0).
func TestVarianceExactBias(t *testing.T) {
	m := NewVarianceToy(64, 63, 1)
	for _, toy := range []VarianceToy{m, NewVarianceToy(6, 2, 0.9), NewVarianceToy(1, 0, 1)} {
		for _, lam := range varianceLams {
			if b := toy.Exact(lam, 0).Bias; b != 0 {
				t.Errorf("perfect critic, λ=%g: bias %g, want 0", lam, b)
			}
			// The recursion's own mean agrees: A_0 is unbiased.
			mean, _ := toy.chain(toy.weights(lam))
			if d := mean - toy.Value(0, true) - toy.TrueAdvantage(); math.Abs(d) > 1e-12 {
				t.Errorf("%+v λ=%g: the chain's mean of A_0 is off the true advantage by %g", toy, lam, d)
			}
		}
	}
	if b := m.Exact(0, 0.1).Bias; math.Abs(b-0.1) > 1e-12 {
		t.Errorf("λ=0, critic +0.1: bias %g, want 0.1 (= γb)", b)
	}
	if b := m.Exact(1, 0.1).Bias; math.Abs(b) > 1e-12 {
		t.Errorf("λ=1, critic +0.1: bias %g, want 0", b)
	}
	// γ = 1: Σ_{k=1}^{T−1} λ^(k−1)(1−λ) = 1 − λ^(T−1).
	if b, want := m.Exact(0.9, 0.1).Bias, 0.1*(1-math.Pow(0.9, 63)); math.Abs(b-want) > 1e-12 {
		t.Errorf("λ=0.9, critic +0.1: bias %g, want %g", b, want)
	}
	// The variance falls as λ falls (the toy's, at γ = 1).
	prev := math.Inf(1)
	for _, lam := range slices.Backward(varianceLams) {
		v := m.Exact(lam, 0).Var
		if v >= prev {
			t.Errorf("λ=%g: variance %g not below the next larger λ's %g", lam, v, prev)
		}
		prev = v
	}
	// λ = 0 with q_1 fixed: only token 0's noise is left.
	if v := m.Exact(0, 0.3).Var; math.Abs(v-m.Noise*m.Noise) > 1e-15 {
		t.Errorf("λ=0: variance %g, want σ² = %g", v, m.Noise*m.Noise)
	}
}

// The sample's mean and variance match the exact ones within sampling
// error, for a fixed seed: the mean within 4.5 standard errors √(Var/N),
// the variance within 5 standard errors √((m₄ − Var²)/N) from the sample's
// fourth central moment.
func TestVarianceSampleMatchesExact(t *testing.T) {
	for _, m := range []VarianceToy{NewVarianceToy(64, 63, 1), NewVarianceToy(64, 40, 0.99), NewVarianceToy(6, 5, 1)} {
		lab, err := SampleVariance(m, LastGeneration, MaxVarianceSamples, 7, varianceLams, []float64{0, 0.1})
		if err != nil {
			t.Fatal(err)
		}
		if lab.True != m.TrueAdvantage() {
			t.Errorf("True = %g, want %g", lab.True, m.TrueAdvantage())
		}
		n := float64(lab.N)
		for c := range lab.Runs {
			for _, r := range lab.Runs[c] {
				s, x := r.Sample, r.Exact
				if se := math.Sqrt(x.Var / n); math.Abs(s.Mean-x.Mean) > 4.5*se+1e-12 {
					t.Errorf("T=%d γ=%g λ=%g b=%g: mean %.6f, exact %.6f (SE %.2g)", m.Len, m.Gamma, r.Lam, r.Bias, s.Mean, x.Mean, se)
				}
				var m4 float64
				for _, a := range r.A0 {
					d := a - s.Mean
					m4 += d * d * d * d
				}
				m4 /= n
				if se := math.Sqrt(math.Max(m4-s.Var*s.Var, 0) / n); math.Abs(s.Var-x.Var) > 5*se+1e-9*x.Var {
					t.Errorf("T=%d γ=%g λ=%g b=%g: variance %.6g, exact %.6g (SE %.2g)", m.Len, m.Gamma, r.Lam, r.Bias, s.Var, x.Var, se)
				}
				if math.Abs(s.MSE-(s.Bias*s.Bias+s.Var)) > 1e-9 {
					t.Errorf("λ=%g b=%g: MSE %g ≠ bias² + var = %g", r.Lam, r.Bias, s.MSE, s.Bias*s.Bias+s.Var)
				}
			}
		}
	}
}

func TestVarianceSampleDeterministic(t *testing.T) {
	m := NewVarianceToy(16, 15, 1)
	a, err := SampleVariance(m, LastGeneration, 130, 42, varianceLams, []float64{0, 0.2})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := SampleVariance(m, LastGeneration, 130, 42, varianceLams, []float64{0, 0.2})
	c, _ := SampleVariance(m, LastGeneration, 130, 43, varianceLams, []float64{0, 0.2})
	early, _ := SampleVariance(m, FirstGeneration, 130, 42, varianceLams, []float64{0, 0.2})
	for ci := range a.Runs {
		for l := range a.Runs[ci] {
			if !slices.Equal(a.Runs[ci][l].A0, b.Runs[ci][l].A0) {
				t.Fatalf("seed 42 twice: critic %d λ=%g differs", ci, a.Lams[l])
			}
			if slices.Equal(a.Runs[ci][l].A0, c.Runs[ci][l].A0) {
				t.Fatalf("seeds 42 and 43 give the same estimates")
			}
			// Every token is valid: both GAE loops agree.
			for i, x := range a.Runs[ci][l].A0 {
				if math.Abs(x-early.Runs[ci][l].A0[i]) > 1e-12 {
					t.Fatalf("v0.2's GAE gives %g at rollout %d, newest %g", early.Runs[ci][l].A0[i], i, x)
				}
			}
		}
	}
	// The first rollout of a batch does not depend on N.
	d, _ := SampleVariance(m, LastGeneration, 1, 42, varianceLams, []float64{0, 0.2})
	if d.Runs[1][2].A0[0] != a.Runs[1][2].A0[0] {
		t.Errorf("rollout 0 with N=1: %g, with N=130: %g", d.Runs[1][2].A0[0], a.Runs[1][2].A0[0])
	}
	// The biased critic shifts each estimate by b·Σw_k.
	shift := a.Runs[1][2].Exact.Mean - a.Runs[0][2].Exact.Mean
	for i, x := range a.Runs[1][2].A0 {
		if math.Abs(x-a.Runs[0][2].A0[i]-shift) > 1e-12 {
			t.Fatalf("rollout %d: biased %g − perfect %g ≠ %g", i, x, a.Runs[0][2].A0[i], shift)
		}
	}
}

func TestVarianceValidate(t *testing.T) {
	ok := NewVarianceToy(4, 3, 1)
	for _, bad := range []VarianceToy{
		NewVarianceToy(0, 0, 1), NewVarianceToy(513, 0, 1), NewVarianceToy(4, 4, 1), NewVarianceToy(4, -1, 1),
		NewVarianceToy(4, 3, 1.5), NewVarianceToy(4, 3, math.NaN()),
		{Len: 4, Outcome: 3, Gamma: 1, Stay: 0.4, POn: 1}, {Len: 4, Outcome: 3, Gamma: 1, Stay: 0.9, POn: 2},
		{Len: 4, Outcome: 3, Gamma: 1, Stay: 0.9, Noise: math.Inf(1)},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v: no error", bad)
		}
		if _, err := SampleVariance(bad, LastGeneration, 10, 1, varianceLams, []float64{0}); err == nil {
			t.Errorf("%+v: SampleVariance gives no error", bad)
		}
	}
	for _, c := range []struct {
		n      int
		lams   []float64
		biases []float64
	}{{0, varianceLams, nil}, {2001, varianceLams, nil}, {10, []float64{1.1}, nil}, {10, []float64{math.NaN()}, nil}, {10, nil, []float64{math.NaN()}}, {10, nil, []float64{101}}} {
		if _, err := SampleVariance(ok, LastGeneration, c.n, 1, c.lams, c.biases); err == nil {
			t.Errorf("N=%d λ=%v b=%v: no error", c.n, c.lams, c.biases)
		}
	}
}

// BenchmarkSampleVariance2000x64 is the lab's budget: N = 2,000 rollouts of
// 64 tokens, five λ, two critics (≤ 50 ms).
func BenchmarkSampleVariance2000x64(b *testing.B) {
	m := NewVarianceToy(64, 63, 1)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := SampleVariance(m, LastGeneration, 2000, 1, varianceLams, []float64{0, 0.1}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
