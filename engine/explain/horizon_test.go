package explain

import (
	"math"
	"math/rand/v2"
	"testing"

	"gaelab/engine"
)

// The engine's weights are (γλ)^(T−1−t) for every generation, γ and λ.
func TestHorizonIsGammaLambdaPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	gens := append(engine.Generations(), engine.V1Newest, engine.VerlEarly.V1Gen())
	for trial := range 300 {
		g := gens[trial%len(gens)]
		T := 1 + rng.IntN(40)
		gamma, lam := []float64{1, rng.Float64()}[trial%2], []float64{0, 1, 0.95, rng.Float64()}[trial%4]
		w := Horizon(g, T, gamma, lam)
		if len(w) != T {
			t.Fatalf("Horizon(%v, %d) has %d weights", g, T, len(w))
		}
		for k, x := range w {
			want := math.Pow(gamma*lam, float64(T-1-k))
			if math.Abs(x-want) > 1e-12 {
				t.Errorf("trial %d (%v, T=%d, γ=%v, λ=%v): weight at t=%d is %v, want (γλ)^%d = %v", trial, g, T, gamma, lam, k, x, T-1-k, want)
			}
		}
	}
	// Golden: γ = 1, λ = 0.5, T = 3: ¼, ½, 1.
	if w := Horizon(engine.LastGeneration, 3, 1, 0.5); len(w) != 3 || w[0] != 0.25 || w[1] != 0.5 || w[2] != 1 {
		t.Errorf("Horizon(T=3, γ=1, λ=½) = %v, want [0.25 0.5 1]", w)
	}
	if w := Horizon(engine.LastGeneration, 0, 1, 0.5); w != nil {
		t.Errorf("Horizon(T=0) = %v, want none", w)
	}
}
