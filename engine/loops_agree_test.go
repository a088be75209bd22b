package engine

import (
	"slices"
	"testing"
)

// Where LoopsAgree, the plain and mask-aware loops give the same numbers
// bit for bit; an observation span or a value in padding breaks it.
func TestLoopsAgree(t *testing.T) {
	scores, _, _, values, mask := fitBatch(7, 8, 16, 0)
	if !LoopsAgree(scores, values, mask) {
		t.Fatal("a right-padded batch with zeros in padding")
	}
	plain, aware := GAE(G03, scores, values, mask, 0.99, 0.9), GAE(G12, scores, values, mask, 0.99, 0.9)
	for i := range mask {
		for t2 := range mask[i] {
			if plain.Advantages[i][t2] != aware.Advantages[i][t2] || plain.Returns[i][t2] != aware.Returns[i][t2] || plain.Whitened[i][t2] != aware.Whitened[i][t2] {
				t.Fatalf("[%d, %d]: the loops differ", i, t2)
			}
		}
	}
	padded := slices.IndexFunc(mask, func(m []float64) bool { return m[len(m)-1] == 0 })
	values[padded][len(values[padded])-1] = 0.5
	if LoopsAgree(scores, values, mask) {
		t.Error("a value in padding")
	}
	values[padded][len(values[padded])-1] = 0
	mask[1][0] = 0
	if LoopsAgree(scores, values, mask) {
		t.Error("an observation span")
	}
}
