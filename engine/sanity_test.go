package engine

import (
	"reflect"
	"testing"
)

func TestMassWhereMasked(t *testing.T) {
	mask := [][]float64{{1, 1, 0, 0}, {1, 0, 1, 0}}
	scores := [][]float64{{0, 0, 1, 0}, {0, 0, 1, 0}} // row 0's score one past EOS
	f := MassWhereMasked(scores, mask, SanityMassPastMask)
	if f == nil || f.Count != 1 || f.Cells[0] != [2]int{0, 2} || f.Value != 1 {
		t.Fatalf("finding %+v, want one cell [0, 2] of mass 1", f)
	}
	if f := MassWhereMasked([][]float64{{0, 1, 0, 0}, {0, 0, 1, 0}}, mask, SanityMassPastMask); f != nil {
		t.Errorf("clean batch: %+v", f)
	}
}

func TestScoreNotLast(t *testing.T) {
	mask := [][]float64{{1, 1, 1, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}}
	scores := [][]float64{{0, 1, 0, 0}, {0, 0, 1, 0}, {1, 1, 1, 1}} // row 0 early, row 1 right, row 2 dense
	f := ScoreNotLast(scores, mask)
	if f == nil || f.Count != 1 || f.Cells[0] != [2]int{0, 1} {
		t.Fatalf("finding %+v, want row 0 at t = 1", f)
	}
}

// A critic sliced values[:, -R:] holds V(s_{t+1}) at t; with γ = λ = 1 the
// returns are the rewards to go, and the shifted values track the next.
func TestValuesShifted(t *testing.T) {
	mask := [][]float64{{1, 1, 1, 1, 0}, {1, 1, 1, 0, 0}}
	scores := [][]float64{{0, 0, 0, 1, 0}, {0, 0, 1, 0, 0}}
	good := [][]float64{{1, 1, 1, 1, 0}, {1, 1, 1, 0, 0}} // V(s_t) = the return to go
	shifted := [][]float64{{1, 1, 1, 0, 0}, {1, 1, 0, 0, 0}}
	for _, tc := range []struct {
		name   string
		values [][]float64
		found  bool
	}{{"good", good, false}, {"shifted", shifted, true}} {
		ret := GAE(G12, scores, tc.values, mask, 1, 1).Returns
		f := ValuesShifted(tc.values, ret, mask)
		if (f != nil) != tc.found {
			t.Errorf("%s: finding %+v", tc.name, f)
		}
		if f != nil && (f.Cells[0] != [2]int{0, 3} && f.Cells[0] != [2]int{1, 2}) {
			t.Errorf("%s: strongest cell %v, want an EOS", tc.name, f.Cells[0])
		}
	}
}

// TestValuesShiftedInGroups: two prompts of two responses. verl's slice
// puts V(prompt) at t = 0, one number per group; one position off puts
// V(prompt + first token) there, which differs as much as t = 1 does. A
// spread within the rounding, a group of one and a row whose first token
// is masked say nothing.
func TestValuesShiftedInGroups(t *testing.T) {
	mask := [][]float64{{1, 1, 1}, {1, 1, 0}, {1, 1, 1}, {1, 1, 1}, {0, 1, 1}}
	uid := []string{"a", "a", "b", "b", "c"}
	good := [][]float64{{0.5, 0.9, 1}, {0.5, 0.1, 0}, {0.2, 0.6, 1}, {0.2, 0, 0}, {0.7, 0.1, 0}}
	shifted := [][]float64{{0.9, 1, 0}, {0.1, 0, 0}, {0.6, 1, 0}, {0, 0, 0}, {0.1, 0, 0}}
	rounded := [][]float64{{0.5, 0.9, 1}, {0.5001, 0.1, 0}, {0.2, 0.6, 1}, {0.2, 0, 0}, {0.7, 0.1, 0}}
	for _, tc := range []struct {
		name   string
		values [][]float64
		found  bool
	}{{"good", good, false}, {"shifted", shifted, true}, {"rounded", rounded, false}} {
		f := ValuesShiftedInGroups(tc.values, mask, uid, nil, 1e-3)
		if (f != nil) != tc.found {
			t.Errorf("%s: finding %+v", tc.name, f)
		}
		if f != nil && (f.Count != 2 || len(f.Cells) != 4 || f.Cells[0] != [2]int{0, 0} || f.Cells[2] != [2]int{2, 0}) {
			t.Errorf("%s: %+v, want both groups, widest (a: 0.8) first, rows at t = 0", tc.name, f)
		}
	}
	if f := ValuesShiftedInGroups(shifted, mask, uid[:4], nil, 1e-3); f != nil {
		t.Errorf("uid of another length: %+v", f)
	}
	// every response of a group begins with one token: the slice holds one
	// number there too, and the spread left is the critic's noise
	if f := ValuesShiftedInGroups(shifted, mask, uid, []float64{5, 5, 7, 7, 9}, 1e-3); f != nil {
		t.Errorf("same first tokens: %+v", f)
	}
	if f := ValuesShiftedInGroups(shifted, mask, uid, []float64{5, 6, 7, 7, 9}, 1e-3); f == nil || f.Count != 1 || f.Cells[0] != [2]int{0, 0} {
		t.Errorf("group a's first tokens differ, b's do not: %+v", f)
	}
}

// TestValuesWhereZeroed: each generation's critic zeroes its own cells. A
// row of 6 with an observation at t = 2 and two tokens of padding: V at the
// observation and V one past the last valid token survive v0.2's shifted
// attention mask, only V at the observation v0.4.x's attention mask and
// v0.8.0+'s engine padding, neither v0.5.0–v0.7.1's response_mask.
func TestValuesWhereZeroed(t *testing.T) {
	mask := [][]float64{{1, 1, 0, 1, 0, 0}}
	values := [][]float64{{1, 1, 1, 1, 1, 1}}
	for _, c := range []struct {
		g     Generation
		cells [][2]int
	}{
		{G01, [][2]int{{0, 5}}}, {G03, [][2]int{{0, 5}}},
		{G04, [][2]int{{0, 4}, {0, 5}}}, {G05, [][2]int{{0, 4}, {0, 5}}},
		{G06, [][2]int{{0, 2}, {0, 4}, {0, 5}}}, {G10, [][2]int{{0, 2}, {0, 4}, {0, 5}}},
		{G11, [][2]int{{0, 4}, {0, 5}}}, {G12, [][2]int{{0, 4}, {0, 5}}},
	} {
		f := ValuesWhereZeroed(c.g, values, mask, nil)
		if f == nil || !reflect.DeepEqual(f.Cells, c.cells) || f.Kind != SanityValuesMasked {
			t.Errorf("%s (%s): %+v, want cells %v", c.g, CriticRuleOf(c.g), f, c.cells)
		}
	}
	// attention_mask given: a token it leaves out inside the row is zeroed from v0.4.0
	att := [][]float64{{1, 1, 0, 1, 0, 0}}
	if f := ValuesWhereZeroed(G12, values, mask, att); f == nil || f.Count != 3 {
		t.Errorf("with attention: %+v", f)
	}
	if f := ValuesWhereZeroed(G12, [][]float64{{1, 1, 1, 1, 0, 0}}, mask, nil); f != nil {
		t.Errorf("v0.9.0's own critic output: %+v", f)
	}
}
