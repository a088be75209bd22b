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
