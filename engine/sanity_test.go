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
