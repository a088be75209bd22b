package page

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Num formats a number for the table: 4 decimals, no negative zero; a
// number too small for 4 decimals keeps two significant digits ("1.0e-5"),
// so that a small KL term or variance never reads as 0.
func Num(x float64) string {
	if x != 0 && math.Abs(x) < 0.00005 {
		s := strconv.FormatFloat(x, 'e', 1, 64)
		return strings.Replace(strings.Replace(s, "e-0", "e-", 1), "e+0", "e+", 1)
	}
	s := strconv.FormatFloat(x, 'f', 4, 64)
	if s == "-0.0000" {
		return "0.0000"
	}
	return s
}

// Num3 is num with 3 decimals, for presentation mode's table: the exact
// value stays in the formula panel and on hover.
func Num3(x float64) string {
	if x != 0 && math.Abs(x) < 0.0005 {
		return Num(x)
	}
	s := strconv.FormatFloat(x, 'f', 3, 64)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// Full is a number at full precision.
func Full(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Joinf formats "name = value" pairs (TeX for the step lines).
func Joinf(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s = %s", pairs[i], pairs[i+1])
	}
	return b.String()
}
