package explain

import (
	"math/rand/v2"
	"testing"

	"gaelab/engine"
)

func TestBandGolden(t *testing.T) {
	p := engine.ClipParams{Low: 0.2, High: 0.28}
	ratio := []float64{1, 1.2, 0.79, 1.3, 0.8, 1.28}
	for _, c := range []struct {
		valid []int
		want  int
	}{
		{[]int{0, 1, 2, 3, 4, 5}, 2}, // 0.79 below 0.8, 1.3 above 1.28; the edges 0.8 and 1.28 are inside
		{[]int{0, 1, 4, 5}, 0},
		{[]int{3}, 1},
		{nil, 0},
	} {
		if got := OutsideRatioBand(ratio, c.valid, p); got != c.want {
			t.Errorf("OutsideRatioBand(%v, valid %v) = %d, want %d", ratio, c.valid, got, c.want)
		}
	}
	// V(s_t) = 0.7, cliprange 0.1: 0.8 is on the edge (0.7 + 0.1 rounds to
	// 0.7999…, which the engine's clamp moves it to), 0.85 and 0.55 outside.
	values, vpreds := []float64{0.7, 0.7, 0.7, 0.7}, []float64{0.8, 0.85, 0.55, 0.6}
	if got := OutsideValueBand(vpreds, values, []int{0, 1, 2, 3}, 0.1); got != 2 {
		t.Errorf("OutsideValueBand(%v, %v, ±0.1) = %d, want 2", vpreds, values, got)
	}
	if got := OutsideValueBand(vpreds, values, []int{0, 3}, 0.1); got != 0 {
		t.Errorf("OutsideValueBand of the edge and an inside token = %d, want 0", got)
	}
	for _, c := range []struct {
		ratio []float64
		valid []int
		want  int
	}{
		{[]float64{1, 1 + 1e-12, 1.1, 0.9}, []int{0, 1, 2, 3}, 2}, // rounding is no move
		{[]float64{1, 0.5, 1}, []int{0, 2}, 0},                    // none moved: the first valid token
		{[]float64{1, 0.5, 1}, []int{2, 1}, 1},
		{[]float64{1}, nil, -1},
	} {
		if got := FirstMovedRatio(c.ratio, c.valid); got != c.want {
			t.Errorf("FirstMovedRatio(%v, %v) = %d, want %d", c.ratio, c.valid, got, c.want)
		}
	}
}

// Every token the engine clips lies outside its band (the clip acts only
// there), for the actor's ratio and the critic's value, on random numbers.
func TestClippedTokensAreOutsideTheBand(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 300 {
		T := 1 + rng.IntN(10)
		lp, old, adv, values, vpreds, returns := make([]float64, T), make([]float64, T), make([]float64, T), make([]float64, T), make([]float64, T), make([]float64, T)
		for k := range T {
			lp[k], old[k], adv[k] = 0.3*rng.NormFloat64(), 0.3*rng.NormFloat64(), rng.NormFloat64()
			values[k], vpreds[k], returns[k] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		}
		p := engine.ClipParams{Low: 0.05 + 0.3*rng.Float64(), High: 0.05 + 0.3*rng.Float64(), C: 3}
		pt, err := engine.PolicyLossTerms(engine.V1Newest, [][]float64{lp}, [][]float64{old}, [][]float64{adv}, p)
		if err != nil {
			t.Fatal(err)
		}
		cv := 0.05 + rng.Float64()
		vt := engine.ValueLossTerms([][]float64{values}, [][]float64{vpreds}, [][]float64{returns}, cv)
		ratioClips, valueClips, all := 0, 0, make([]int, T)
		for k := range T {
			all[k] = k
			ratioOut, valueOut := OutsideRatioBand(pt.Ratio[0], []int{k}, p) == 1, OutsideValueBand(vpreds, values, []int{k}, cv) == 1
			if pt.Clipped[0][k] == 1 {
				ratioClips++
				if !ratioOut {
					t.Errorf("trial %d t=%d: ratio %v clipped but inside [%v, %v]", trial, k, pt.Ratio[0][k], 1-p.Low, 1+p.High)
				}
			}
			if vt.Clipped[0][k] == 1 {
				valueClips++
				if !valueOut {
					t.Errorf("trial %d t=%d: vpred %v clipped but inside %v ± %v", trial, k, vpreds[k], values[k], cv)
				}
			}
			if valueOut != (vt.VPredClipped[0][k] != vpreds[k]) {
				t.Errorf("trial %d t=%d: vpred %v outside %v ± %v is %v, but the engine's clamp gives %v", trial, k, vpreds[k], values[k], cv, valueOut, vt.VPredClipped[0][k])
			}
		}
		if n := OutsideRatioBand(pt.Ratio[0], all, p); n < ratioClips {
			t.Errorf("trial %d: %d ratios outside the band, %d clipped", trial, n, ratioClips)
		}
		if n := OutsideValueBand(vpreds, values, all, cv); n < valueClips {
			t.Errorf("trial %d: %d predictions outside the band, %d clipped", trial, n, valueClips)
		}
	}
}
