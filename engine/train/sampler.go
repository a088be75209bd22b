package train

// The sampler, bit for bit. A torch reference reimplements it in Python
// integers (testdata/reference/train_ref.py), so every step is written out.

const golden = 0x9E3779B97F4A7C15

// mix64 is SplitMix64's output function applied to x + γ (γ = 0x9E3779B97F4A7C15):
// one SplitMix64 step from state x.
func mix64(x uint64) uint64 {
	z := x + golden
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// SplitMix64 hashes (seed, iteration, row, position) to 64 bits by chaining
// SplitMix64 steps, every operation modulo 2⁶⁴:
//
//	h = mix64(seed)
//	h = mix64(h ^ iteration)
//	h = mix64(h ^ row)
//	h = mix64(h ^ position)
//
// where mix64(x) is z = x + 0x9E3779B97F4A7C15; z = (z ^ z>>30)·0xBF58476D1CE4E5B9;
// z = (z ^ z>>27)·0x94D049BB133111EB; z ^ z>>31. iteration is 0-based, row
// the batch row, position the response-token index t; the tables'
// initialisation uses iteration InitIteration.
func SplitMix64(seed, iteration, row, position uint64) uint64 {
	h := mix64(seed)
	h = mix64(h ^ iteration)
	h = mix64(h ^ row)
	return mix64(h ^ position)
}

// InitIteration is the iteration number the initial tables are drawn with
// (row 0: the actor's logits, position = the flat parameter index), so no
// rollout ever shares their uniforms.
const InitIteration = 1<<64 - 1

// Uniform is u = (SplitMix64(seed, iteration, row, position) >> 11)·2⁻⁵³, in [0, 1).
func Uniform(seed, iteration, row, position uint64) float64 {
	return float64(SplitMix64(seed, iteration, row, position)>>11) * (1.0 / (1 << 53))
}

// Sample is the smallest k with u < Σ_{j≤k} p_j, the sum taken in index
// order in float64; if there is none (round-off), the last k with p_k > 0.
func Sample(u float64, p []float64) int {
	var c float64
	for k, x := range p {
		c += x
		if u < c {
			return k
		}
	}
	for k := len(p) - 1; k >= 0; k-- {
		if p[k] > 0 {
			return k
		}
	}
	return len(p) - 1
}
