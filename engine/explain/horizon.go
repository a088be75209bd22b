package explain

import "gaelab/engine"

// Horizon is how much of a score on the last of T tokens reaches each
// token: generation g's GAE (discount gamma, λ = lam) on a response whose
// only reward is 1 on token T−1 and whose critic outputs 0, so that A_t =
// (γλ)^(T−1−t), the score's weight at t; the rest of the credit, 1 − A_t,
// can only come through the critic's values. t is the 0-based
// response-token index; T < 1 has no tokens.
func Horizon(g engine.Generation, T int, gamma, lam float64) []float64 {
	if T < 1 {
		return nil
	}
	r, v, m := make([]float64, T), make([]float64, T), make([]float64, T)
	r[T-1] = 1
	for t := range m {
		m[t] = 1
	}
	return engine.GAE(g, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, lam).Advantages[0]
}
