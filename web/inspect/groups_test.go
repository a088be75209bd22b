package inspect

import (
	"math"
	"net/url"
	"testing"
)

// TestGroups: grpo.npz (written by NumPy: two uid groups of three, their
// advantages (s − mean)/(std + ε) computed by make_fixtures.py) gives each
// group's size, mean and unbiased std of the sequence scores, and each
// member's advantage equal to NumPy's.
func TestGroups(t *testing.T) {
	a, err := load(t, "grpo.npz", url.Values{"estimator": {"grpo_norm_std"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Groups) != 2 || a.Groups[0].ID != "q-a" || a.Groups[1].ID != "q-b" {
		t.Fatalf("groups %+v; want q-a and q-b", a.Groups)
	}
	for _, g := range a.Groups {
		if g.Size != 3 || len(g.Rows) != 3 || len(g.Advantages) != 3 {
			t.Errorf("%s: size %d, rows %v, %d advantages; want 3", g.ID, g.Size, g.Rows, len(g.Advantages))
		}
		var sum, ss float64
		for _, i := range g.Rows {
			sum += a.Rows[i].RewardSum
		}
		mean := sum / 3
		for _, i := range g.Rows {
			ss += (a.Rows[i].RewardSum - mean) * (a.Rows[i].RewardSum - mean)
		}
		if std := math.Sqrt(ss / 2); math.Abs(g.Mean-mean) > 1e-12 || math.Abs(g.Std-std) > 1e-12 {
			t.Errorf("%s: mean %v std %v; want %v and %v", g.ID, g.Mean, g.Std, mean, std)
		}
		for k, i := range g.Rows {
			eos := a.Rows[i].EOS
			first := 0
			for a.Batch.Mask[i][first] != 1 {
				first++
			}
			if want := a.Batch.Advantages[i][first]; math.Abs(g.Advantages[k]-want) > 1e-4 || eos < first {
				t.Errorf("%s row %d: advantage %v; NumPy's %v", g.ID, i, g.Advantages[k], want)
			}
		}
	}
	if b, _ := load(t, "v02_eosleak.safetensors", nil); b.Groups != nil {
		t.Errorf("a batch without uid has groups %+v", b.Groups)
	}
}
