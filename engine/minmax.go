package engine

import "math"

// fmax and fmin are math.Max and math.Min, special cases included, written
// so that the compiler inlines the usual case: on amd64 math.Max calls an
// assembly routine, a call the per-token loops of the losses and clamps pay
// at every token. Max(x, +Inf) = +Inf and Min(x, −Inf) = −Inf even where the
// other argument is NaN; otherwise NaN wins; Max(−0, +0) = +0 and
// Min(−0, +0) = −0. TestMinMaxAreMath checks every pair of special values.
func fmax(x, y float64) float64 {
	if x > y {
		return x
	}
	if y > x {
		return y
	}
	return maxTie(x, y)
}

func fmin(x, y float64) float64 {
	if x < y {
		return x
	}
	if y < x {
		return y
	}
	return minTie(x, y)
}

// maxTie is fmax where x = y or one of them is NaN.
func maxTie(x, y float64) float64 {
	switch {
	case x == y:
		if x == 0 && math.Signbit(x) {
			return y // −0 unless y is +0
		}
		return x
	case math.IsInf(x, 1) || math.IsInf(y, 1):
		return math.Inf(1)
	}
	return math.NaN()
}

// minTie is fmin where x = y or one of them is NaN.
func minTie(x, y float64) float64 {
	switch {
	case x == y:
		if x == 0 && !math.Signbit(x) {
			return y // +0 unless y is −0
		}
		return x
	case math.IsInf(x, -1) || math.IsInf(y, -1):
		return math.Inf(-1)
	}
	return math.NaN()
}
