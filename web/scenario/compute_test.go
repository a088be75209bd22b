package scenario

import (
	"math"
	"testing"
)

// Seed B's numbers as verl computes them (reference §12).
func TestComputeSeedB(t *testing.T) {
	s, _ := Preset("seed-b")
	res := s.Compute()
	want := map[string][]float64{
		"kld":      {0.1, 0.05, -0.05, 0.1, 0.2, 0.05},
		"rewards":  {-0.01, -0.005, 0.005, -0.01, -0.02, 0.995},
		"deltas":   {0.04, 0.045, 0.055, 0.09, 0.13, 0.395},
		"raw":      {0.621081, 0.611664, 0.596488, 0.569988, 0.505250, 0.395000},
		"returns":  {0.821081, 0.861664, 0.896488, 0.919988, 0.95525, 0.995},
		"whitened": {0.822412, 0.713593, 0.538228, 0.231993, -0.516099, -1.790125},
	}
	got := map[string][]float64{
		"kld": res.KLD, "rewards": res.Rewards, "deltas": row(res.GAE.Deltas), "raw": row(res.GAE.Advantages),
		"returns": row(res.GAE.Returns), "whitened": row(res.GAE.Whitened),
	}
	for name, w := range want {
		for i := range w {
			if math.Abs(got[name][i]-w[i]) > 2e-6 { // the reference prints verl's float32 to 6 decimals
				t.Errorf("%s[%d] = %.7f, want %.6f", name, i, got[name][i], w[i])
			}
		}
	}
	if math.Abs(res.KLMetric-0.075) > 1e-8 {
		t.Errorf("KL metric %g, want 0.075", res.KLMetric)
	}
}

// Every preset computes without NaN and makes its point.
func TestComputePresets(t *testing.T) {
	for _, id := range PresetIDs {
		s, _ := Preset(id)
		res := s.Compute()
		for _, xs := range [][]float64{res.Rewards, row(res.GAE.Advantages), row(res.GAE.Returns), row(res.GAE.Whitened)} {
			for _, x := range xs {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Errorf("%s: non-finite result %v", id, xs)
				}
			}
		}
	}
	adv := func(id string) []float64 { s, _ := Preset(id); return row(s.Compute().GAE.Advantages) }
	for _, a := range adv("perfect-critic") {
		if a != 0 {
			t.Errorf("perfect-critic advantages %v, want all 0", adv("perfect-critic"))
			break
		}
	}
	if a := adv("lambda-1"); math.Abs(a[0]-0.7) > 1e-12 {
		t.Errorf("lambda-1 A_0 = %g, want G_0 − V_0 = 0.7", a[0])
	}
	if a := adv("lambda-0"); math.Abs(a[0]-0.1) > 1e-12 {
		t.Errorf("lambda-0 A_0 = %g, want δ_0 = 0.1", a[0])
	}
	// v0.2 leaks γ(1−λ)·V_afterEOS = 0.1·0.5 into the EOS token's advantage.
	s, _ := Preset("v02-eos-leak")
	early := row(s.Compute().GAE.Advantages)
	s.Version = 1 - s.Version
	newest := row(s.Compute().GAE.Advantages)
	if d := early[3] - newest[3]; math.Abs(d-0.05) > 1e-12 {
		t.Errorf("v02-eos-leak: A_3 early − newest = %g, want 0.05", d)
	}
}
