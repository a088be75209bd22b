package inspect

import (
	"math"
	"testing"
)

// TestBF16Tolerance: 16×256 batches whose advantages verl v0.9.0's own
// compute_gae_advantage_return computed (testdata/verl_bf16_*.safetensors,
// written by web/verify/inverl/make_whitened.py). Computed in float32 and
// stored in bf16, the batch is exact and held to bf16's rounding of the
// whitened advantages, not 1.6e-2·max |A|; the same batch with one advantage
// moved by 0.03 (a bf16 rounding there is below 2^-8·|A|) is not exact;
// computed in bf16 throughout with λ = 1, the recursion's and the gain's
// amplified rounding is still exact.
func TestBF16Tolerance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file  string
		exact bool
	}{{"verl_bf16_stored.safetensors", true}, {"verl_bf16_stored_off.safetensors", false}, {"verl_bf16_throughout.safetensors", true}} {
		a, err := load(t, tc.file, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		q := a.Check.Advantages
		t.Logf("%s: %s, max |diff| %.3g, tolerance %.3g", tc.file, explained(q), q.MaxAbsDiff, q.Tolerance)
		if got := explained(q) == "exact"; got != tc.exact {
			t.Errorf("%s: advantages %s (max |diff| %.3g, tolerance %.3g), want exact %v", tc.file, explained(q), q.MaxAbsDiff, q.Tolerance, tc.exact)
		}
		maxA := 0.0
		for i, row := range a.Batch.Advantages {
			for k, x := range row {
				if a.Batch.Mask[i][k] == 1 {
					maxA = max(maxA, math.Abs(x))
				}
			}
		}
		if tc.file == "verl_bf16_stored.safetensors" {
			if rounding := 0x1p-8 * max(1, maxA); q.Tolerance > 1.1*rounding || q.Tolerance < rounding {
				t.Errorf("%s: tolerance %.3g, want bf16's rounding of max |A| = %.3g (+ float32's)", tc.file, q.Tolerance, rounding)
			}
		}
	}
}

// TestWhitenedConstantUpload: verl v0.9.0's REINFORCE++ on a batch whose
// every response scores 20 (testdata/verl_rfpp_constant.npz, computed in
// float32 and saved by the exporter; make_whitened.py). Whitening a
// constant, verl gives 0 and the engine 2e-4 (masked_mean's ε amplified by
// the gain 1e4), above float32's plain 1e-4: the batch is still exact.
func TestWhitenedConstantUpload(t *testing.T) {
	t.Parallel()
	a, err := load(t, "verl_rfpp_constant.npz", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Config.Estimator != "reinforce_plus_plus" {
		t.Fatalf("estimator %q, want the file's reinforce_plus_plus", a.Config.Estimator)
	}
	q := a.Check.Advantages
	if explained(q) != "exact" || explained(a.Check.Returns) != "exact" {
		t.Errorf("advantages %s (max |diff| %.3g, tolerance %.3g), returns %s: want exact", explained(q), q.MaxAbsDiff, q.Tolerance, explained(a.Check.Returns))
	}
	if q.MaxAbsDiff <= 1e-4 {
		t.Errorf("max |diff| %.3g: the fixture no longer shows the amplification", q.MaxAbsDiff)
	}
}
