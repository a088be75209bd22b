package engine

import (
	"math"
	"math/rand/v2"
	"slices"
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
		res := GAEGen(g, scores, values, mask, 0.99, 0.9)
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
	res := GAEGen(G12, rewards, values, mask, 1, 0.95)
	fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, KL: kl, Mask: mask, MaskAware: true})
	if !fit.BetaOK || math.Abs(fit.Beta-0.05) > 1e-6 || math.Abs(fit.Lam-0.95) > 1e-6 || math.Abs(fit.Gamma-1) > 1e-6 {
		t.Errorf("fit %+v, want β = 0.05, γ = 1, λ = 0.95", fit)
	}
}

// A fit of numbers GAE did not make leaves a residual.
func TestFitGAEResidual(t *testing.T) {
	scores, _, _, values, mask := fitBatch(3, 8, 16, 0)
	res := GAEGen(G12, scores, values, mask, 1, 0.9)
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
	res := GAEGen(G12, scores, values, mask, 1, 0.9)
	fit := FitGAE(FitInput{Returns: res.Returns, Values: values, Scores: scores, Mask: mask, MaskAware: true})
	if fit.GammaOK || fit.LamOK || !fit.GammaLamOK || math.Abs(fit.GammaLam-0.9) > 1e-9 {
		t.Errorf("fit %+v, want γλ = 0.9 alone", fit)
	}
}

func TestWhitenRows(t *testing.T) {
	x := [][]float64{{1, 2, 3, 9}, {5, 7, 0, 0}, {4, 0, 0, 0}, {6, 6, 6, 6}}
	mask := [][]float64{{1, 1, 1, 0}, {1, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}}
	w := WhitenRows(G12, x, mask)
	one, _, _ := WhitenGen(G12, x[:1], mask[:1])
	for t2, v := range one[0] {
		if w[0][t2] != v {
			t.Errorf("row 0 [%d] = %v, want masked_whiten's %v", t2, w[0][t2], v)
		}
	}
	if math.Abs(w[2][0]) > 1e-6 || math.Abs(w[2][1]+4) > 1e-6 {
		t.Errorf("one-token row %v, want centred (0 at its token)", w[2])
	}
	if w[3][0] != 6 {
		t.Errorf("empty row %v, want copied", w[3])
	}
}

// Where LoopsAgree, the plain and mask-aware loops give the same numbers
// bit for bit; an observation span or a value in padding breaks it.
func TestLoopsAgree(t *testing.T) {
	scores, _, _, values, mask := fitBatch(7, 8, 16, 0)
	if !LoopsAgree(scores, values, mask) {
		t.Fatal("a right-padded batch with zeros in padding")
	}
	plain, aware := GAEGen(G03, scores, values, mask, 0.99, 0.9), GAEGen(G12, scores, values, mask, 0.99, 0.9)
	for i := range mask {
		for t2 := range mask[i] {
			if plain.Advantages[i][t2] != aware.Advantages[i][t2] || plain.Returns[i][t2] != aware.Returns[i][t2] || plain.Whitened[i][t2] != aware.Whitened[i][t2] {
				t.Fatalf("[%d, %d]: the loops differ", i, t2)
			}
		}
	}
	padded := slices.IndexFunc(mask, func(m []float64) bool { return m[len(m)-1] == 0 })
	values[padded][len(values[padded])-1] = 0.5
	if LoopsAgree(scores, values, mask) {
		t.Error("a value in padding")
	}
	values[padded][len(values[padded])-1] = 0
	mask[1][0] = 0
	if LoopsAgree(scores, values, mask) {
		t.Error("an observation span")
	}
}
