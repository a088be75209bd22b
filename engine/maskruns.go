package engine

import "math"

// maskRuns records, row by row, where a response mask is exactly 1: the runs
// [start, end) of consecutive mask = 1 positions, and whether the row holds
// any other non-zero value (a weight such as 0.5, or NaN). A row of 0s and
// 1s, the usual mask, is then read through its runs: whitening's second pass
// skips the float mask (m = 1 makes d·d·m = d·d exactly), and GAEResult's
// NextIndex is derived from the runs on demand. A tail-padded row is one
// run, so the record is a few bytes a row; it is reused from call to call.
type maskRuns struct {
	bounds []int32 // start and end of every run, row after row
	rowAt  []int32 // row i's runs are bounds[rowAt[i]:rowAt[i+1]]
	other  []bool  // row i has a non-zero value other than 1
}

// reset empties the record for a batch of b rows.
func (mr *maskRuns) reset(b int) {
	if cap(mr.rowAt) < b+1 { // room for one run a row, the usual tail mask
		buf := make([]int32, 3*b+1)
		mr.rowAt, mr.bounds = buf[:0:b+1], buf[b+1:b+1]
		mr.other = make([]bool, 0, b)
	}
	mr.bounds = mr.bounds[:0]
	mr.rowAt = append(mr.rowAt[:0], 0)
	mr.other = mr.other[:0]
}

// addRow records the next row's mask m and continues whitening's first pass
// over that row's x (n += m and sum += x·m where m ≠ 0, in order, as
// maskedSums). It compares bits (one integer test a position, where a float
// compare tests twice for NaN): 1 has one pattern, and ±0 are the patterns
// without a sign bit that are 0. A run of 1s adds x alone (x·1 = x).
func (mr *maskRuns) addRow(m, x []float64, n, sum float64) (float64, float64) {
	const one, sign = 0x3FF0000000000000, 1 << 63
	m = m[:len(x)]
	other := false
	for t := 0; t < len(m); {
		start := t
		for t < len(m) && math.Float64bits(m[t]) == one {
			n++
			sum += x[t]
			t++
		}
		if t > start {
			mr.bounds = append(mr.bounds, int32(start), int32(t))
		}
		for t < len(m) && math.Float64bits(m[t])&^sign == 0 {
			t++
		}
		if t < len(m) && math.Float64bits(m[t]) != one {
			other = true // neither 0 nor 1
			n += m[t]
			sum += x[t] * m[t]
			t++
		}
	}
	mr.rowAt = append(mr.rowAt, int32(len(mr.bounds)))
	mr.other = append(mr.other, other)
	return n, sum
}

// rows is the number of rows recorded.
func (mr *maskRuns) rows() int { return len(mr.rowAt) - 1 }

// row returns row i's runs as start, end pairs.
func (mr *maskRuns) row(i int) []int32 { return mr.bounds[mr.rowAt[i]:mr.rowAt[i+1]] }

// next is the first position j ≥ from of row i where the mask is 1, or −1.
func (mr *maskRuns) next(i, from int) int {
	runs := mr.row(i)
	for k := 0; k+1 < len(runs); k += 2 {
		if end := int(runs[k+1]); end > from {
			return max(int(runs[k]), from)
		}
	}
	return -1
}

// sumSquares continues whitening's second pass over row x of a mask with
// only 0s and 1s: sq += (x − μ)² at every mask = 1 position, in order.
func (mr *maskRuns) sumSquares(i int, x []float64, mean, sq float64) float64 {
	runs := mr.row(i)
	for k := 0; k+1 < len(runs); k += 2 {
		for _, a := range x[runs[k]:runs[k+1]] {
			d := a - mean
			sq += d * d
		}
	}
	return sq
}
