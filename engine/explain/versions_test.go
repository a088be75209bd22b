package explain

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"gaelab/engine"
)

func shown4(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

// versionCase is a response of 6 tokens: valid, an observation span, valid
// again, then EOS padding whose values and rewards are not zero.
func versionCase() VersionInputs {
	return VersionInputs{
		Rewards: []float64{0.1, 0.5, 0.2, 1, 0.3, 0},
		Values:  []float64{0.2, 0.4, 0.6, 0.8, 0.9, 0.7},
		Mask:    []float64{1, 0, 0, 1, 0, 0},
		Padding: []bool{false, false, false, false, true, true},
		Gamma:   1, Lam: 0.95, Shown: shown4,
	}
}

// The chain's ends are the engine's two GAE loops on the same inputs.
func TestVersionChainEnds(t *testing.T) {
	in := versionCase()
	c := CompareVersions(in)
	one := func(x []float64) [][]float64 { return [][]float64{x} }
	early := engine.GAE(engine.V1Early, one(in.Rewards), one(in.Values), one(in.Mask), in.Gamma, in.Lam)
	newest := engine.GAE(engine.V1Newest, one(in.Rewards), one(in.Values), one(in.Mask), in.Gamma, in.Lam)
	for _, q := range []Quantity{NextValues, Deltas, Advantages, Returns} {
		e, n, _, _ := c.Marks(q)
		want := map[Quantity][2][][]float64{
			NextValues: {early.NextValues, newest.NextValues}, Deltas: {early.Deltas, newest.Deltas},
			Advantages: {early.Advantages, newest.Advantages}, Returns: {early.Returns, newest.Returns},
		}[q]
		if !slices.Equal(e, want[0][0]) || !slices.Equal(n, want[1][0]) {
			t.Errorf("%s: chain ends %v | %v, engine %v | %v", q, e, n, want[0][0], want[1][0])
		}
	}
}

// Each reason is found where it acts: token 0's advantage reads through the
// observation span (Obs) in v0.2, token 3's reads the value after EOS (EOS),
// and v0.2 adds the reward of the observation tokens (Reward). A cell is
// marked exactly when the ends differ beyond rounding.
func TestVersionChainReasons(t *testing.T) {
	c := CompareVersions(versionCase())
	e, n, differs, why := c.Marks(Advantages)
	for k := range differs {
		if differs[k] != Differs(e[k], n[k]) {
			t.Errorf("adv t=%d: marked %v, ends %v vs %v", k, differs[k], e[k], n[k])
		}
		if differs[k] && len(why[k]) == 0 {
			t.Errorf("adv t=%d differs with no reason", k)
		}
	}
	for _, want := range []struct {
		t int
		r Reason
	}{{0, ReasonObs}, {0, ReasonReward}, {3, ReasonEOS}} {
		if !slices.Contains(why[want.t], want.r) {
			t.Errorf("adv t=%d: reasons %v, want %s among them", want.t, why[want.t], want.r)
		}
	}
	if slices.Contains(why[3], ReasonObs) {
		t.Errorf("adv t=3: no observation span after it, yet reasons %v", why[3])
	}
}

// Without holes and with zero values after EOS the two loops agree on raw
// quantities, and whitening differs only by masked_mean's ε, which is not
// marked where 4 decimals agree.
func TestVersionChainSameOnPlainResponse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for range 50 {
		T := 2 + rng.IntN(10)
		in := VersionInputs{Rewards: make([]float64, T), Values: make([]float64, T), Mask: make([]float64, T), Padding: make([]bool, T), Gamma: rng.Float64(), Lam: rng.Float64(), Shown: shown4}
		for k := range T {
			in.Rewards[k], in.Values[k], in.Mask[k] = rng.NormFloat64(), rng.NormFloat64(), 1
		}
		c := CompareVersions(in)
		for _, q := range Quantities {
			_, _, differs, why := c.Marks(q)
			for k, d := range differs {
				if d && !(q == Whitened && slices.Equal(why[k], []Reason{ReasonEps})) {
					t.Fatalf("%s t=%d marked (%v) on a response without holes", q, k, why[k])
				}
			}
		}
	}
}

func TestDiffers(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		a, b float64
		want bool
	}{
		{1, 1 + 1e-12, false}, {1, 1.001, true}, {nan, nan, false}, {nan, 0, true}, {0, nan, true},
		{inf, inf, false}, {inf, -inf, true}, {inf, 1e308, true}, {0, 1e-10, false},
	} {
		if got := Differs(c.a, c.b); got != c.want {
			t.Errorf("Differs(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestReasonRefs(t *testing.T) {
	for _, r := range Reasons {
		if len(r.Refs()) == 0 {
			t.Errorf("reason %s has no PR", r)
		}
	}
}
