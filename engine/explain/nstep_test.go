package explain

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gaelab/engine"
)

func TestStepMask(t *testing.T) {
	mask := []float64{1, 0, 1, 0, 0}
	for _, c := range []struct {
		gen  engine.Generation
		want []float64
	}{
		{engine.V1Early, []float64{1, 1, 1, 1, 1}},  // v0.2 walks every position
		{engine.V1Newest, []float64{1, 0, 1, 0, 0}}, // the newest only the valid ones
	} {
		if got := StepMask(c.gen, mask); !slices.Equal(got, c.want) {
			t.Errorf("StepMask(%s, %v) = %v, want %v", c.gen, mask, got, c.want)
		}
	}
	// Property: position k is a time step exactly when the steps from k on
	// start at k.
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 200 {
		gen, _, _, m, _, _ := randomCase(rng, trial)
		sm := StepMask(gen, m)
		for k := range m {
			s := Steps(gen, m, k)
			if is := len(s) > 0 && s[0] == k; is != (sm[k] == 1) {
				t.Errorf("trial %d (%s, mask %v): StepMask[%d] = %v, Steps from %d = %v", trial, gen, m, k, sm[k], k, s)
			}
		}
	}
}

// The mix of the n-step estimates agrees with the engine's A_t on every
// token with a time step, and a wrong A_t is caught.
func TestMixNStepsChecksTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 300 {
		gen, r, v, m, gamma, lam := randomCase(rng, trial)
		g := engine.GAE(gen, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, lam)
		for k := range r {
			steps := Steps(gen, m, k)
			if len(steps) == 0 {
				continue
			}
			adv := g.Advantages[0][k]
			got := MixNSteps(g.Deltas[0], steps, gamma, lam, adv)
			if !got.OK || got.Adv != adv || got.Diff != math.Abs(got.Mix-adv) {
				t.Errorf("trial %d (%s, λ=%v, γ=%v) t=%d: %+v, engine A_t %v", trial, gen, lam, gamma, k, got, adv)
			}
			off := adv + 1e-6*math.Max(1, math.Abs(adv))
			if bad := MixNSteps(g.Deltas[0], steps, gamma, lam, off); bad.OK {
				t.Errorf("trial %d t=%d: A_t off by 1e-6 passes: %+v", trial, k, bad)
			}
		}
	}
	// Golden: δ = (1, 2), γ = 1, λ = ½: ½·1 + ½·(1 + 2) = 2.
	if got := MixNSteps([]float64{1, 2}, []int{0, 1}, 1, 0.5, 2); got.Mix != 2 || got.Diff != 0 || !got.OK {
		t.Errorf("MixNSteps golden = %+v, want mix 2", got)
	}
}
