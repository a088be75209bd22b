package inspect

import (
	"math/rand/v2"
	"testing"
)

// rewardBatch is a B×R batch with everything the checks read: scores,
// rewards with a KL term of another β than the config's (so that the reward
// check finds cells and fits every KL type), both log-probs, values, and
// run's advantages and returns that nothing reproduces (so that every
// candidate and the lead run too).
func rewardBatch(B, R int) *Batch {
	rng := rand.New(rand.NewPCG(3, 7))
	m := func() [][]float64 {
		x := make([][]float64, B)
		for i := range x {
			x[i] = make([]float64, R)
		}
		return x
	}
	b := &Batch{B: B, R: R, Mask: m(), Scores: m(), Rewards: m(), Values: m(), OldLogProbs: m(), RefLogProb: m(), Advantages: m(), Returns: m(), Precision: 1e-4}
	for i := range B {
		L := 1 + rng.IntN(R)
		for t := range R {
			old, ref := -3*rng.Float64(), -3*rng.Float64()
			b.OldLogProbs[i][t], b.RefLogProb[i][t] = float64(float32(old)), float64(float32(ref))
			if t < L {
				b.Mask[i][t] = 1
				b.Values[i][t] = float64(float32(rng.Float64()))
				b.Advantages[i][t], b.Returns[i][t] = rng.NormFloat64(), rng.NormFloat64()
			}
		}
		b.Scores[i][L-1] = float64(rng.IntN(2))
		for t := range L {
			b.Rewards[i][t] = b.Scores[i][t] - 0.2*(b.OldLogProbs[i][t]-b.RefLogProb[i][t])
		}
	}
	return b
}

// BenchmarkAnalyze256x4096Everything is the analysis of a 256 × 4,096
// batch matching nothing with every check on: the reward check's four KL
// types and none, the candidates, the lead (the 3 s budget, with
// reading the file measured by BenchmarkLoad256x4096Mismatch).
func BenchmarkAnalyze256x4096Everything(b *testing.B) {
	batch := rewardBatch(256, 4096)
	c := DefaultConfig()
	c.UseKLInReward, c.KLCoef = true, 0.05
	b.ResetTimer()
	for b.Loop() {
		a, err := Analyze(batch, c)
		if err != nil {
			b.Fatal(err)
		}
		if a.Reward == nil || a.Reward.Exact || a.Verdict != VerdictNotExact || a.Check.Fit == nil {
			b.Fatalf("reward %+v verdict %s", a.Reward, a.Verdict)
		}
	}
}
