package engine

import (
	"math/rand/v2"
	"testing"
)

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
	kl, err := ApplyKLPenalty(v, scores, old, ref, mask, KL, &FixedKLController{Beta: 0.1})
	if err != nil {
		return err
	}
	g := GAE(v, kl.Rewards, values, mask, 1, 0.95)
	if g.WhitenErr != nil {
		return g.WhitenErr
	}
	vt := ValueLossTerms(values, vpreds, g.Returns, 0.5)
	if _, err := AggregateValueLoss(v, vt, mask, TokenMean); err != nil {
		return err
	}
	pt, err := PolicyLossTerms(v, lp, old, g.Whitened, ClipParams{Low: 0.2, High: 0.2, C: 3})
	if err != nil {
		return err
	}
	_, err = AggregatePolicyLoss(v, pt, mask, TokenMean)
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
			for b.Loop() {
				if err := pipeline(v, scores, old, ref, lp, values, vpreds, mask); err != nil {
					b.Fatal(err)
				}
			}
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
			for b.Loop() {
				if g := GAE(v, rewards, values, mask, 1, 0.95); g.WhitenErr != nil {
					b.Fatal(g.WhitenErr)
				}
			}
		})
	}
}
