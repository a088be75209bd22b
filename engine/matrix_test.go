package engine

import "testing"

// TestNewMatrices checks both ways newMatrices allocates (one shared block
// for a small batch, one matrix at a time for a large one): every matrix is
// [b][r] and zeroed, writing one never changes another, and appending to a
// row copies it rather than running into the next row or matrix.
func TestNewMatrices(t *testing.T) {
	for _, shape := range [][2]int{{1, 64}, {3, 5}, {0, 4}, {2, 0}, {64, 1024}} {
		b, r := shape[0], shape[1]
		var x, y, z [][]float64
		newMatrices(b, r, &x, &y, &z)
		for k, m := range [][][]float64{x, y, z} {
			if len(m) != b {
				t.Fatalf("%dx%d: matrix %d has %d rows", b, r, k, len(m))
			}
			for i, row := range m {
				if len(row) != r || cap(row) != r {
					t.Fatalf("%dx%d: matrix %d row %d has len %d cap %d, want %d", b, r, k, i, len(row), cap(row), r)
				}
				for _, v := range row {
					if v != 0 {
						t.Fatalf("%dx%d: matrix %d row %d is not zeroed", b, r, k, i)
					}
				}
			}
		}
		for i := range y {
			for j := range y[i] {
				y[i][j] = 7
			}
			if r > 0 {
				y[i] = append(y[i], 9)
			}
		}
		for k, m := range [][][]float64{x, z} {
			for i, row := range m {
				for _, v := range row {
					if v != 0 {
						t.Fatalf("%dx%d: writing the second matrix changed matrix %d row %d", b, r, 2*k, i)
					}
				}
			}
		}
	}
}
