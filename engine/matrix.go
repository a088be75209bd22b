package engine

// NewMatrix returns a zeroed [b][r] matrix whose rows share one backing
// array, so a batch costs two allocations whatever its size: the shape of
// every tensor the engine takes and returns.
func NewMatrix(b, r int) [][]float64 { return newMatrix(b, r) }

func newMatrix(b, r int) [][]float64 { return newGrid[float64](b, r) }

// newGrid is newMatrix for any element type (the GAE trace's indices).
func newGrid[T any](b, r int) [][]T {
	data := make([]T, b*r)
	m := make([][]T, b)
	for i := range m {
		m[i] = data[i*r : (i+1)*r : (i+1)*r]
	}
	return m
}

// sharedBlock is the most elements newMatrices puts in one allocation: a
// small batch's matrices share one array, so a 64-token pipeline allocates a
// few blocks instead of two slices per matrix; a large batch's matrices are
// allocated one by one, so that keeping one of them does not keep the rest.
const sharedBlock = 1 << 16

// newMatrices points each *m at a zeroed [b][r] matrix, as newMatrix does.
// Rows are capped at r, so an append never runs into a neighbour.
func newMatrices(b, r int, ms ...*[][]float64) {
	if len(ms)*b*r > sharedBlock {
		for _, m := range ms {
			*m = newMatrix(b, r)
		}
		return
	}
	data := make([]float64, len(ms)*b*r)
	rows := make([][]float64, len(ms)*b)
	for k, m := range ms {
		mk := rows[k*b : (k+1)*b : (k+1)*b]
		for i := range mk {
			at := (k*b + i) * r
			mk[i] = data[at : at+r : at+r]
		}
		*m = mk
	}
}

// shapeOf returns the number of rows and the width of the first row.
func shapeOf(m [][]float64) (b, r int) {
	if len(m) == 0 {
		return 0, 0
	}
	return len(m), len(m[0])
}

// mapMatrix applies f to every element of x.
func mapMatrix(x [][]float64, f func(float64) float64) [][]float64 {
	b, r := shapeOf(x)
	out := newMatrix(b, r)
	for i, row := range x {
		for t, v := range row {
			out[i][t] = f(v)
		}
	}
	return out
}

// zipMatrix applies f to the elements of x and y at each position.
func zipMatrix(x, y [][]float64, f func(a, b float64) float64) [][]float64 {
	b, r := shapeOf(x)
	out := newMatrix(b, r)
	for i, row := range x {
		for t, v := range row {
			out[i][t] = f(v, y[i][t])
		}
	}
	return out
}

// indicator is 1 where ok holds, else 0, as verl's .float() of a comparison.
func indicator(ok bool) float64 {
	if ok {
		return 1
	}
	return 0
}
