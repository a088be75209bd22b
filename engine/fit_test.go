package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fitBatch is a right-padded batch of b rows of random lengths, sparse
// scores at EOS, random values (0 at padding, as verl's critic masks them)
// and per-token KL, with rewards = scores − β·kl.
func fitBatch(seed uint64, b, r int, beta float64) (scores, kl, rewards, values, mask [][]float64) {
	rng := rand.New(rand.NewPCG(seed, 11))
	scores, kl, rewards, values, mask = newMatrix(b, r), newMatrix(b, r), newMatrix(b, r), newMatrix(b, r), newMatrix(b, r)
	for i := range b {
		L := 2 + rng.IntN(r-1)
		for t := range L {
			mask[i][t], values[i][t], kl[i][t] = 1, rng.Float64()*2-1, rng.Float64()*0.2
		}
		scores[i][L-1] = float64(rng.IntN(2))
		for t := range r {
			rewards[i][t] = scores[i][t] - beta*kl[i][t]
		}
	}
	return
}

func TestFitGAERecoversLambda(t *testing.T) {
	for _, g := range []Generation{G01, G06} {
		scores, _, _, values, mask := fitBatch(1, 16, 24, 0)
		res := GAE(g, scores, values, mask, 0.99, 0.9)
		fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, Mask: mask, MaskAware: g.Has(GAEMaskAware)})
		if !fit.GammaLamOK || math.Abs(fit.GammaLam-0.99*0.9) > 0.01 || !fit.LamOK || math.Abs(fit.Lam-0.9) > 0.01 || math.Abs(fit.Gamma-0.99) > 0.01 {
			t.Errorf("%v: fit %+v, want γλ = 0.891, γ = 0.99, λ = 0.9", g, fit)
		}
		if fit.BetaOK {
			t.Errorf("%v: β identifiable without a KL: %+v", g, fit)
		}
		if fit.Residual > 1e-9 || fit.Tokens == 0 {
			t.Errorf("%v: residual %v over %d tokens", g, fit.Residual, fit.Tokens)
		}
	}
}

func TestFitGAERecoversBeta(t *testing.T) {
	scores, kl, rewards, values, mask := fitBatch(2, 16, 24, 0.05)
	res := GAE(G12, rewards, values, mask, 1, 0.95)
	fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, KL: kl, Mask: mask, MaskAware: true})
	if !fit.BetaOK || math.Abs(fit.Beta-0.05) > 1e-6 || math.Abs(fit.Lam-0.95) > 1e-6 || math.Abs(fit.Gamma-1) > 1e-6 {
		t.Errorf("fit %+v, want β = 0.05, γ = 1, λ = 0.95", fit)
	}
}

// A fit of numbers GAE did not make leaves a residual.
func TestFitGAEResidual(t *testing.T) {
	scores, _, _, values, mask := fitBatch(3, 8, 16, 0)
	res := GAE(G12, scores, values, mask, 1, 0.9)
	rng := rand.New(rand.NewPCG(4, 4))
	for _, row := range res.Returns {
		for t := range row {
			row[t] += rng.Float64() - 0.5
		}
	}
	if fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, Mask: mask, MaskAware: true}); fit.Residual < 0.05 {
		t.Errorf("residual %v on noisy returns", fit.Residual)
	}
}

// Values of 0 everywhere leave γ (the V_next column) unidentifiable.
func TestFitGAEZeroValues(t *testing.T) {
	scores, _, _, _, mask := fitBatch(5, 8, 16, 0)
	values := newMatrix(8, 16)
	res := GAE(G12, scores, values, mask, 1, 0.9)
	fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, Mask: mask, MaskAware: true})
	if fit.GammaOK || fit.LamOK || !fit.GammaLamOK || math.Abs(fit.GammaLam-0.9) > 1e-9 {
		t.Errorf("fit %+v, want γλ = 0.9 alone", fit)
	}
}
