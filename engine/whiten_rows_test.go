package engine

import (
	"math"
	"testing"
)

func TestWhitenRows(t *testing.T) {
	x := [][]float64{{1, 2, 3, 9}, {5, 7, 0, 0}, {4, 0, 0, 0}, {6, 6, 6, 6}}
	mask := [][]float64{{1, 1, 1, 0}, {1, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}}
	w := WhitenRows(G12, x, mask)
	one, _, _ := Whiten(G12, x[:1], mask[:1])
	for t2, v := range one[0] {
		if w[0][t2] != v {
			t.Errorf("row 0 [%d] = %v, want masked_whiten's %v", t2, w[0][t2], v)
		}
	}
	if math.Abs(w[2][0]) > 1e-6 || math.Abs(w[2][1]+4) > 1e-6 {
		t.Errorf("one-token row %v, want centred (0 at its token)", w[2])
	}
	if w[3][0] != 6 {
		t.Errorf("empty row %v, want copied", w[3])
	}
}
