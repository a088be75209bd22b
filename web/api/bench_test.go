package api

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// BenchmarkCompute64 is one request for a 64-token sequence, decode to
// encode, with every block (both generations, every mode).
func BenchmarkCompute64(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	row := func(lo, hi float64) [][]float64 {
		r := make([]float64, 64)
		for t := range r {
			r[t] = lo + (hi-lo)*rng.Float64()
		}
		return [][]float64{r}
	}
	mask, scores := row(1, 1), row(0, 0)
	scores[0][63] = 1
	body, _ := json.Marshal(map[string]any{
		"inputs": map[string]any{
			"response_mask": mask, "token_level_scores": scores, "old_log_probs": row(-2, 0),
			"ref_log_prob": row(-2, 0), "log_probs": row(-2, 0), "values": row(0, 1), "vpreds": row(0, 1),
		},
		"config": map[string]any{"gamma": 1, "lam": 0.95, "kl_coef": 0.1, "use_kl_in_reward": true},
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(body); err != nil {
			b.Fatal(err)
		}
	}
}
