package engine

import "math"

// KL estimator names. Aliases and "+" names map onto these four forms.
const (
	KL        = "kl"         // k1: d = logprob − ref
	KLAbs     = "abs"        // |d|
	KLMSE     = "mse"        // k2: ½d²
	KLLowVar  = "low_var_kl" // k3: e^x − x − 1 with x = ref − logprob, clamped to [−10, 10]
	KLFull    = "full"       // not implemented in any verl version
	klClampK3 = 10.0         // k3's output clamp, every version
	klPreK3   = 20.0         // newest clamps x to ±20 before the exp (PR #1779)
)

// klValue is one token's forward KL for a resolved base name; d = logprob − ref.
// preClamp clamps k3's exponent to ±20 first (K3PreClamp).
func klValue(preClamp bool, base string, logprob, ref float64) float64 {
	d := logprob - ref
	switch base {
	case KLAbs:
		return math.Abs(d)
	case KLMSE:
		return 0.5 * d * d
	case KLLowVar:
		x := ref - logprob
		if preClamp {
			x = clamp(x, -klPreK3, klPreK3)
		}
		return clamp(math.Exp(x)-x-1, -klClampK3, klClampK3)
	}
	return d
}

// klMatrix is klValue at every position of logprob and ref.
func klMatrix(preClamp bool, base string, logprob, ref [][]float64) [][]float64 {
	b, r := shapeOf(logprob)
	out := newMatrix(b, r)
	for i, lp := range logprob {
		o, rf := out[i][:len(lp)], ref[i][:len(lp)]
		for t, x := range lp {
			o[t] = klValue(preClamp, base, x, rf[t])
		}
	}
	return out
}

// clamp is torch.clamp / verl's clip_by_value: max(min(x, hi), lo).
// Inside (lo, hi) it is x, a test the compiler inlines; elsewhere, and for
// NaN or lo ≥ hi, it is max(min(x, hi), lo) with math's special cases.
func clamp(x, lo, hi float64) float64 {
	if lo < x && x < hi {
		return x
	}
	return clampEdge(x, lo, hi)
}

func clampEdge(x, lo, hi float64) float64 { return fmax(fmin(x, hi), lo) }

// klAlias is the estimator a k1/k2/k3 alias names (kl, mse, low_var_kl);
// other names are returned as they are.
func klAlias(name string) string {
	switch name {
	case "k1":
		return KL
	case "k2":
		return KLMSE
	case "k3":
		return KLLowVar
	}
	return name
}
