package explain

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"gaelab/engine"
)

// run is one response's Run by generation g's GAE.
func run(g engine.Generation, r, v, m []float64) Run {
	return Run{Rewards: r, GAE: engine.GAE(g, [][]float64{r}, [][]float64{v}, [][]float64{m}, 1, 0.95)}
}

func TestCompareRunsGolden(t *testing.T) {
	r, v := []float64{0, 0.5, 1}, []float64{0.2, 0.4, 0.6}
	early, newest := engine.VerlEarly.V1Gen(), engine.V1Newest
	for _, c := range []struct {
		name string
		a, b Run
		want RunChanges
	}{
		// No mask hole: v0.2 and the newest loop compute alike, but the
		// newest masked_mean's ε (MaskedMeanEps) moves the whitened numbers.
		{"all valid", run(early, r, v, []float64{1, 1, 1}), run(newest, r, v, []float64{1, 1, 1}), RunChanges{Whitened: true}},
		{"same generation", run(newest, r, v, []float64{1, 0, 1}), run(newest, r, v, []float64{1, 0, 1}), RunChanges{}},
		// A hole: v0.2 walks position 1, the newest skips it.
		{"hole", run(early, r, v, []float64{1, 0, 1}), run(newest, r, v, []float64{1, 0, 1}), RunChanges{Advantages: true, Whitened: true}},
		{"reward", run(newest, r, v, []float64{1, 1, 1}), run(newest, []float64{0, 0.5, 1.001}, v, []float64{1, 1, 1}), RunChanges{true, true, true}},
		{"returns", Run{GAE: engine.GAEResult{Advantages: [][]float64{{1}}, Returns: [][]float64{{2}}}}, Run{GAE: engine.GAEResult{Advantages: [][]float64{{1}}, Returns: [][]float64{{3}}}}, RunChanges{Advantages: true}},
		{"KL fails", Run{Rewards: r, KLErr: errors.New("empty row")}, Run{Rewards: r}, RunChanges{Rewards: true}},
		{"whitening fails", Run{GAE: engine.GAEResult{WhitenErr: errors.New("one token")}}, Run{}, RunChanges{Whitened: true}},
	} {
		if got := CompareRuns(c.a, c.b); got != c.want {
			t.Errorf("%s: CompareRuns = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// A run equals itself and a copy off by rounding; moving any one reward
// by 1e-6 changes the rewards and the advantages before whitening.
func TestCompareRunsProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 200 {
		gen, r, v, m, _, _ := randomCase(rng, trial)
		a := run(gen, r, v, m)
		if got := CompareRuns(a, a); got != (RunChanges{}) {
			t.Errorf("trial %d: a run differs from itself: %+v", trial, got)
		}
		k := rng.IntN(len(r))
		for _, c := range []struct {
			by   float64
			want bool
		}{{1e-13, false}, {1e-6, true}} {
			r2 := slices.Clone(r)
			r2[k] += c.by
			got := CompareRuns(a, run(gen, r2, v, m))
			if got.Rewards != c.want || (c.want && m[k] == 1 && !got.Advantages) || (!c.want && got != RunChanges{}) {
				t.Errorf("trial %d (%s, mask %v): reward %d moved by %v: %+v", trial, gen, m, k, c.by, got)
			}
		}
	}
	if SameNumbers([]float64{1, 2}, []float64{1}) || !SameNumbers(nil, []float64{}) {
		t.Error("SameNumbers: lists of other lengths are not the same; two empty ones are")
	}
}
