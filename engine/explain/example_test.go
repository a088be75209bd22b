package explain_test

import (
	"fmt"

	"gaelab/engine"
	"gaelab/engine/explain"
)

// Which positions' δ GAE adds into A_1 of a response whose token 2 is masked
// out (a tool's output, say): verl v0.2 walks every position from t to the
// end; since v0.5.0 (mask-aware GAE) only the valid ones.
func ExampleSteps() {
	mask := []float64{1, 1, 0, 1, 1}
	fmt.Println("v0.2:  ", explain.Steps(engine.G01, mask, 1))
	fmt.Println("v0.9.0:", explain.Steps(engine.G12, mask, 1))
	// Output:
	// v0.2:   [1 2 3 4]
	// v0.9.0: [1 3 4]
}

// The weights GAE gives the n-step estimates: (1 − λ)·λ^(n−1) for the
// first N − 1, and what is left, λ^(N−1), to the last.
func ExampleNStepWeights() {
	fmt.Printf("%.3f\n", explain.NStepWeights(0.5, 4))
	// Output:
	// [0.500 0.250 0.125 0.125]
}

// What dragging V(s₃) up by 0.36 moves: A₃ most (δ₃ subtracts V(s₃)); A₂
// a little (δ₂ reads V(s₃) as its next value and gains 0.36, but carries
// γλ·A₃, which lost 0.34), and A₁ and A₀ carry that through γλ·A_next.
func ExampleMoves() {
	run := func(v []float64) explain.GAERun {
		r, m := []float64{0, 0, 0, 0, 1}, []float64{1, 1, 1, 1, 1}
		return explain.GAERun{Gen: engine.G12, Rewards: r, Values: v, Mask: m, Gamma: 1, Lam: 0.95,
			GAE: engine.GAE(engine.G12, [][]float64{r}, [][]float64{v}, [][]float64{m}, 1, 0.95)}
	}
	before := run([]float64{0.2, 0.3, 0.4, 0.57, 0.6})
	after := run([]float64{0.2, 0.3, 0.4, 0.93, 0.6})
	for _, m := range explain.Moves(before, after) {
		fmt.Printf("A_%d %+.2f cause %d source %d\n", m.T, m.Delta, m.Cause, m.Source)
	}
	// Output:
	// A_3 -0.36 cause 5 source 3
	// A_2 +0.02 cause 6 source 3
	// A_1 +0.02 cause 7 source 2
	// A_0 +0.02 cause 7 source 2
}
