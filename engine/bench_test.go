package engine

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time this process has used (user + system). The
// development machine is shared, so wall-clock ns/op depends on the load;
// reportCPU adds cpu-ns/op, which does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per op since start.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}

// sink keeps results alive, so the compiler cannot drop the work.
var sink float64

// randomBatch returns a [b][r] matrix of values in [lo, hi).
func randomBatch(rng *rand.Rand, b, r int, lo, hi float64) [][]float64 {
	m := newMatrix(b, r)
	for i := range m {
		for t := range m[i] {
			m[i][t] = lo + (hi-lo)*rng.Float64()
		}
	}
	return m
}

// tailMask marks the first len_i tokens of each row valid, len_i ≥ r/2.
func tailMask(rng *rand.Rand, b, r int) [][]float64 {
	m := newMatrix(b, r)
	for i := range m {
		n := r/2 + rng.IntN(r/2+1)
		for t := 0; t < n; t++ {
			m[i][t] = 1
		}
	}
	return m
}

// pipeline runs one PPO step's arithmetic: KL in the reward, GAE with
// whitening, the value loss and the policy loss (token-mean).
func pipeline(v Version, scores, old, ref, lp, values, vpreds, mask [][]float64) error {
	kl, err := ApplyKLPenalty(v.V1Gen(), scores, old, ref, mask, KL, &FixedKLController{Beta: 0.1})
	if err != nil {
		return err
	}
	g := GAE(v.V1Gen(), kl.Rewards, values, mask, 1, 0.95)
	if g.WhitenErr != nil {
		return g.WhitenErr
	}
	vt := ValueLossTerms(values, vpreds, g.Returns, 0.5)
	if _, err := AggregateValueLoss(v.V1Gen(), vt, mask, TokenMean); err != nil {
		return err
	}
	pt, err := PolicyLossTerms(v.V1Gen(), lp, old, g.Whitened, ClipParams{Low: 0.2, High: 0.2, C: 3})
	if err != nil {
		return err
	}
	_, err = AggregatePolicyLoss(v.V1Gen(), pt, mask, TokenMean)
	return err
}

// Budget: the whole pipeline for one 64-token sequence ≤ 20 µs.
func BenchmarkPipeline64(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const r = 64
	scores := newMatrix(1, r)
	scores[0][r-1] = 1
	old, ref, lp := randomBatch(rng, 1, r, -2, 0), randomBatch(rng, 1, r, -2, 0), randomBatch(rng, 1, r, -2, 0)
	values, vpreds := randomBatch(rng, 1, r, 0, 1), randomBatch(rng, 1, r, 0, 1)
	mask := tailMask(rng, 1, r)
	for _, v := range []Version{VerlEarly, VerlNewest} {
		b.Run(v.String(), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if err := pipeline(v, scores, old, ref, lp, values, vpreds, mask); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// pipelineGen is pipeline with generation g's own functions.
func pipelineGen(g Generation, scores, old, ref, lp, values, vpreds, mask [][]float64) float64 {
	kl, err := ApplyKLPenalty(g, scores, old, ref, mask, KL, &FixedKLController{Beta: 0.1})
	if err != nil {
		panic(err)
	}
	gae := GAE(g, kl.Rewards, values, mask, 1, 0.95)
	vt := ValueLossTerms(values, vpreds, gae.Returns, 0.5)
	vl, err := AggregateValueLoss(g, vt, mask, TokenMean)
	if err != nil {
		panic(err)
	}
	pt, err := PolicyLossTerms(g, lp, old, gae.Whitened, ClipParams{Ratio: 0.2, Low: 0.2, High: 0.2, C: 3})
	if err != nil {
		panic(err)
	}
	pl, err := AggregatePolicyLoss(g, pt, mask, TokenMean)
	if err != nil {
		panic(err)
	}
	return vl.Loss + pl.Loss
}

// Budget: the whole pipeline for one 64-token sequence ≤ 20 µs, in every generation.
func BenchmarkPipelineGen64(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const r = 64
	scores := newMatrix(1, r)
	scores[0][r-1] = 1
	old, ref, lp := randomBatch(rng, 1, r, -2, 0), randomBatch(rng, 1, r, -2, 0), randomBatch(rng, 1, r, -2, 0)
	values, vpreds := randomBatch(rng, 1, r, 0, 1), randomBatch(rng, 1, r, 0, 1)
	mask := tailMask(rng, 1, r)
	for _, g := range Generations() {
		b.Run(g.String(), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				sink += pipelineGen(g, scores, old, ref, lp, values, vpreds, mask)
			}
			reportCPU(b, start)
		})
	}
}

// Budget: GAE plus whitening over a 256×4096 batch ≤ 15 ms on one core.
func BenchmarkGAE256x4096(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows, r = 256, 4096
	rewards, values := randomBatch(rng, rows, r, -0.1, 0.1), randomBatch(rng, rows, r, 0, 1)
	mask := tailMask(rng, rows, r)
	for _, v := range []Version{VerlEarly, VerlNewest} {
		b.Run(v.String(), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				g := GAE(v.V1Gen(), rewards, values, mask, 1, 0.95)
				if g.WhitenErr != nil {
					b.Fatal(g.WhitenErr)
				}
				sink += g.Whitened[rows-1][r-1] + g.Whitening.VarUnbiased
			}
			reportCPU(b, start)
		})
	}
}

// GAE plus whitening over a 256×4096 batch in every generation whose GAE
// differs (plain or mask-aware loop, masked_mean with or without ε), into
// buffers reused from one call to the next, with the trace a page shows.
func BenchmarkGAEInto256x4096(b *testing.B) { benchGAEInto(b, GAEInto) }

// Budget (issue 11): GAE plus whitening over a 256×4096 batch ≤ 8 ms on one
// core, as a trainer runs it: verl's outputs only (the whitened advantages
// and the returns), into buffers reused from one call to the next.
func BenchmarkGAEOutputs256x4096(b *testing.B) { benchGAEInto(b, GAEOutputsInto) }

// BenchmarkStreamFloor256x4096 is no engine code: it makes the memory
// passes GAEOutputsInto must make over a 256×4096 batch with no GAE
// arithmetic (read rewards, values and mask and write two matrices; then
// read A for the variance and rewrite it whitened), so its time is this
// machine's floor under the ≤ 8 ms goal.
func BenchmarkStreamFloor256x4096(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows, r = 256, 4096
	rewards, values := randomBatch(rng, rows, r, -0.1, 0.1), randomBatch(rng, rows, r, 0, 1)
	mask := tailMask(rng, rows, r)
	adv, ret := newMatrix(rows, r), newMatrix(rows, r)
	start := cpuTime()
	for b.Loop() {
		var s0, s1 float64
		for i := range rows {
			rw, v, m, a, rt := rewards[i][:r], values[i][:r], mask[i][:r], adv[i][:r], ret[i][:r]
			for t := range rw {
				a[t], rt[t] = rw[t]+m[t], v[t]
			}
		}
		for _, a := range adv {
			for t := 0; t+1 < len(a); t += 2 {
				s0, s1 = s0+a[t], s1+a[t+1]
			}
		}
		for _, a := range adv {
			for t := range a {
				a[t] = (a[t] - s0) * s1
			}
		}
		sink += adv[rows-1][r-1] + ret[rows-1][r-1]
	}
	reportCPU(b, start)
}

func benchGAEInto(b *testing.B, gae func(*GAEResult, Generation, [][]float64, [][]float64, [][]float64, float64, float64)) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows, r = 256, 4096
	rewards, values := randomBatch(rng, rows, r, -0.1, 0.1), randomBatch(rng, rows, r, 0, 1)
	mask := tailMask(rng, rows, r)
	for _, g := range []Generation{G01, G03, G06, G12} {
		b.Run(g.String(), func(b *testing.B) {
			var res GAEResult
			gae(&res, g, rewards, values, mask, 1, 0.95) // the buffers, before the timer
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				gae(&res, g, rewards, values, mask, 1, 0.95)
				if res.WhitenErr != nil {
					b.Fatal(res.WhitenErr)
				}
				sink += res.Whitened[rows-1][r-1] + res.Returns[rows-1][r-1] + res.Whitening.VarUnbiased
			}
			reportCPU(b, start)
		})
	}
}

// Budget: GAE plus whitening over a 256×4096 batch in every generation
// (GAE, fresh results as the API computes them) not slower than in the
// newest (G12).
func BenchmarkGAEGen256x4096(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows, r = 256, 4096
	rewards, values := randomBatch(rng, rows, r, -0.1, 0.1), randomBatch(rng, rows, r, 0, 1)
	mask := tailMask(rng, rows, r)
	for _, g := range Generations() {
		b.Run(g.String(), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				res := GAE(g, rewards, values, mask, 1, 0.95)
				if res.WhitenErr != nil {
					b.Fatal(res.WhitenErr)
				}
				sink += res.Whitened[rows-1][r-1] + res.Whitening.VarUnbiased
			}
			reportCPU(b, start)
		})
	}
}
