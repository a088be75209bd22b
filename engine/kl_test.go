package engine

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestKLPenaltyGolden(t *testing.T) {
	for _, c := range loadGolden(t) {
		raw, ok := c.path(t, "kl_variants")
		if !ok {
			continue
		}
		lp, ref := c.matrix(t, c.Inputs, "old_log_probs"), c.matrix(t, c.Inputs, "ref_log_prob")
		variants := decode[map[string]map[string]json.RawMessage](t, raw)
		for _, v := range []Version{VerlEarly, VerlNewest} {
			want := variants[v.String()]
			if len(want) != len(KLNames(v.V1Gen()))+1 { // + "full"
				t.Errorf("%s/%s: golden has %d names, KLNames has %d (+full)", c.ID, v, len(want), len(KLNames(v.V1Gen())))
			}
			for name, w := range want {
				t.Run(c.ID+"/"+v.String()+"/"+name, func(t *testing.T) {
					got, err := KLPenalty(v.V1Gen(), name, lp, ref)
					if strings.Contains(string(w), `"error"`) {
						if err == nil {
							t.Fatalf("want an error (verl raises), got %v", got)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					assertMatrix(t, name, got, decode[[][]float64](t, w), tolF32)
				})
			}
		}
	}
}

func TestKLPenaltyNames(t *testing.T) {
	lp, ref := [][]float64{{-1}}, [][]float64{{-1.5}}
	tests := []struct {
		v       Version
		name    string
		want    float64
		wantErr bool
	}{
		{VerlNewest, "k1", 0.5, false},
		{VerlNewest, "kl+", 0.5, false},
		{VerlNewest, "abs", 0.5, false},
		{VerlNewest, "k2", 0.125, false},
		{VerlNewest, "mse+", 0.125, false},
		{VerlNewest, "k3", math.Exp(-0.5) + 0.5 - 1, false},
		{VerlEarly, "low_var_kl", math.Exp(-0.5) + 0.5 - 1, false},
		{VerlEarly, "k1", 0, true},  // aliases came after v0.2
		{VerlEarly, "kl+", 0, true}, // so did the straight-through names
		{VerlNewest, "full", 0, true},
		{VerlNewest, "k4", 0, true},
		{VerlNewest, "", 0, true},
	}
	for _, tc := range tests {
		got, err := KLPenalty(tc.v.V1Gen(), tc.name, lp, ref)
		if tc.wantErr {
			if err == nil || !strings.HasPrefix(err.Error(), "engine: ") {
				t.Errorf("%s %q: want an engine error, got %v, %v", tc.v, tc.name, got, err)
			}
			continue
		}
		if err != nil || math.Abs(got[0][0]-tc.want) > 1e-15 {
			t.Errorf("%s %q = %v, %v; want %v", tc.v, tc.name, got, err, tc.want)
		}
	}
}

// k3's clamps: the output is clamped to ±10 in every version; only the newest
// pre-clamps x to ±20, which never changes the forward value.
func TestK3Clamps(t *testing.T) {
	for _, v := range []Version{VerlEarly, VerlNewest} {
		for _, gap := range []float64{-30, 30, -800, 800} {
			got, err := KLPenalty(v.V1Gen(), KLLowVar, [][]float64{{0}}, [][]float64{{gap}})
			if err != nil {
				t.Fatal(err)
			}
			if k := got[0][0]; k != 10 {
				t.Errorf("%s k3 with ref − logprob = %g: %g, want the clamp 10", v, gap, k)
			}
		}
	}
}
