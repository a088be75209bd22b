package train

import "testing"

// BenchmarkRun200 is the budget: 200 iterations of 64 responses × 16
// tokens, 4 PPO epochs of 4 mini-batches (≤ 1 s on one core).
func BenchmarkRun200(b *testing.B) {
	cfg := budgetConfig()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStep is one iteration at 64 × 16 (≤ 5 ms).
func BenchmarkStep(b *testing.B) {
	cfg := budgetConfig()
	cfg.Iterations = MaxIterations
	tr, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if tr.Done() {
			tr, _ = New(cfg)
		}
		if _, err := tr.Step(); err != nil {
			b.Fatal(err)
		}
	}
}
