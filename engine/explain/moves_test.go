package explain

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gaelab/engine"
)

// gaeRun runs generation g's GAE on one response, as the playground does.
func gaeRun(g engine.Generation, r, v, m []float64, gamma, lam float64) GAERun {
	return GAERun{Gen: g, Rewards: r, Values: v, Mask: m, Gamma: gamma, Lam: lam,
		GAE: engine.GAE(g, [][]float64{r}, [][]float64{v}, [][]float64{m}, gamma, lam)}
}

// with is xs with xs[i] = x.
func with(xs []float64, i int, x float64) []float64 {
	out := slices.Clone(xs)
	out[i] = x
	return out
}

func TestMovesCauses(t *testing.T) {
	early, newest := engine.VerlEarly.V1Gen(), engine.V1Newest
	r, v, m := []float64{0, 0, 0, 0, 1}, []float64{0.2, 0.3, 0.4, 0.57, 0.6}, []float64{1, 1, 1, 1, 1}
	base := gaeRun(early, r, v, m, 1, 0.95)
	type cell struct {
		row          Quantity
		t            int
		cause        Cause
		source, also int
	}
	for _, c := range []struct {
		name   string
		before GAERun
		after  GAERun
		want   []cell // in the order Moves lists them
	}{
		// The first screen's invitation: drag V(s₃) up. δ₃ subtracts it
		// (A₃ falls most); δ₂ reads it as its next value (A₂ rises); A₁ and
		// A₀ carry δ₂'s change through γλ·A_next, less each step.
		{"V(s3) up", base, gaeRun(early, r, with(v, 3, 0.93), m, 1, 0.95), []cell{
			{Advantages, 3, CauseValue, 3, 2},
			{Advantages, 2, CauseNext, 3, -1},
			{Advantages, 1, CauseLater, 2, 2},
			{Advantages, 0, CauseLater, 2, 1},
		}},
		{"r4 down", base, gaeRun(early, with(r, 4, 0.5), v, m, 1, 0.95), []cell{
			{Advantages, 4, CauseReward, 4, -1},
			{Advantages, 3, CauseLater, 4, 4},
			{Advantages, 2, CauseLater, 4, 3},
			{Advantages, 1, CauseLater, 4, 2},
			{Advantages, 0, CauseLater, 4, 1},
		}},
		// λ does not reach the last token: A₄ = δ₄ whatever λ is.
		{"lambda", base, gaeRun(early, r, v, m, 1, 0.5), []cell{
			{Advantages, 0, CauseLambda, -1, -1},
			{Advantages, 1, CauseLambda, -1, -1},
			{Advantages, 2, CauseLambda, -1, -1},
			{Advantages, 3, CauseLambda, -1, -1},
		}},
		{"nothing", base, gaeRun(early, r, slices.Clone(v), m, 1, 0.95), nil},
		{"another length", base, gaeRun(early, r[:4], v[:4], m[:4], 1, 0.95), nil},
		// The newest loop skips a mask-0 token: its V(s₂) reaches neither δ
		// nor A, only R₂ = A₂ + V(s₂).
		{"masked value", gaeRun(newest, r, v, []float64{1, 1, 0, 1, 1}, 1, 0.95),
			gaeRun(newest, r, with(v, 2, 0.9), []float64{1, 1, 0, 1, 1}, 1, 0.95), []cell{
				{Returns, 2, CauseValue, 2, -1},
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Moves(c.before, c.after)
			if len(got) != len(c.want) {
				t.Fatalf("Moves: %d cells %+v, want %d %+v", len(got), got, len(c.want), c.want)
			}
			for i, w := range c.want {
				g := got[i]
				if (cell{g.Row, g.T, g.Cause, g.Source, g.Also}) != w {
					t.Errorf("move %d = %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

func TestMovesGammaAndMask(t *testing.T) {
	g := engine.V1Newest
	r, v, m := []float64{0, 0.1, 0, 1}, []float64{0.5, 0.4, 0.3, 0.2}, []float64{1, 1, 1, 1}
	for _, c := range []struct {
		name  string
		after GAERun
		want  Cause
	}{
		{"gamma", gaeRun(g, r, v, m, 0.9, 0.95), CauseGamma},
		{"mask", gaeRun(g, r, v, []float64{1, 0, 1, 1}, 1, 0.95), CauseMask},
	} {
		got := Moves(gaeRun(g, r, v, m, 1, 0.95), c.after)
		if len(got) == 0 {
			t.Fatalf("%s: nothing moved", c.name)
		}
		for _, mv := range got {
			if mv.Cause != c.want || mv.Source != -1 {
				t.Errorf("%s: %+v, want cause %d and no source token", c.name, mv, c.want)
			}
		}
	}
}

// TestMovesAreTheEnginesDeltas: for random one-field edits, every cell
// whose advantage the engine moves is listed once, with the engine's own
// difference, largest first.
func TestMovesAreTheEnginesDeltas(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	for _, g := range []engine.Generation{engine.VerlEarly.V1Gen(), engine.V1Newest} {
		for range 200 {
			n := 1 + rng.IntN(8)
			r, v, m := make([]float64, n), make([]float64, n), make([]float64, n)
			for i := range n {
				r[i], v[i] = rng.Float64()-0.5, rng.Float64()
				if rng.IntN(4) > 0 { // a quarter of the tokens masked
					m[i] = 1
				}
			}
			r2, v2 := slices.Clone(r), slices.Clone(v)
			if rng.IntN(2) == 0 {
				r2[rng.IntN(n)] += rng.Float64() - 0.5
			} else {
				v2[rng.IntN(n)] += rng.Float64() - 0.5
			}
			a, b := gaeRun(g, r, v, m, 1, 0.9), gaeRun(g, r2, v2, m, 1, 0.9)
			moves := Moves(a, b)
			aa, ba := a.GAE.Advantages[0], b.GAE.Advantages[0]
			if SameNumbers(aa, ba) {
				continue // the returns or nothing moved; TestMovesCauses covers them
			}
			seen := map[int]bool{}
			for i, mv := range moves {
				if mv.Row != Advantages {
					t.Fatalf("%v: move %+v is not an advantage while advantages moved", g, mv)
				}
				if want := ba[mv.T] - aa[mv.T]; mv.Delta != want {
					t.Fatalf("%v: Δ A_%d = %v, engine says %v", g, mv.T, mv.Delta, want)
				}
				if i > 0 && math.Abs(mv.Delta) > math.Abs(moves[i-1].Delta) {
					t.Fatalf("%v: moves not largest first: %+v", g, moves)
				}
				if mv.Cause < CauseReward || mv.Cause > CauseLater {
					t.Fatalf("%v: one-input edit gave cause %d", g, mv.Cause)
				}
				seen[mv.T] = true
			}
			for tt := range n {
				if Differs(aa[tt], ba[tt]) != seen[tt] {
					t.Fatalf("%v: A_%d moved %v but listed %v", g, tt, Differs(aa[tt], ba[tt]), seen[tt])
				}
			}
		}
	}
}
