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
