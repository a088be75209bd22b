package page_test

import (
	"math"
	"testing"

	"gaelab/web/page"
)

// The table's numbers: 4 decimals (3 in presentation mode, which falls
// back to 4 below 0.0005), never "-0", and a number too small for 4
// decimals keeps two significant digits.
func TestNum(t *testing.T) {
	for _, c := range []struct {
		x         float64
		num, num3 string
	}{
		{0.62109, "0.6211", "0.621"}, {-0.00001, "-1.0e-5", "-1.0e-5"}, {-0.00004, "-4.0e-5", "-4.0e-5"},
		{-0.0004, "-0.0004", "-0.0004"}, {-0.00006, "-0.0001", "-0.0001"}, {math.Copysign(0, -1), "0.0000", "0.000"}, {-0.0001, "-0.0001", "-0.0001"}, {-0.00049, "-0.0005", "-0.0005"}, {-0.0005, "-0.0005", "-0.001"}, {0, "0.0000", "0.000"},
		{1.5e-7, "1.5e-7", "1.5e-7"}, {12345.678, "12345.6780", "12345.678"}, {math.Inf(1), "+Inf", "+Inf"},
	} {
		if got := page.Num(c.x); got != c.num {
			t.Errorf("Num(%v) = %q, want %q", c.x, got, c.num)
		}
		if got := page.Num3(c.x); got != c.num3 {
			t.Errorf("Num3(%v) = %q, want %q", c.x, got, c.num3)
		}
	}
	a, b := 0.1, 0.2
	if got := page.Full(a + b); got != "0.30000000000000004" {
		t.Errorf("Full(0.1 + 0.2) = %q", got)
	}
	if got := page.Joinf(`\gamma`, "1", `\lambda`, "0.95", "odd"); got != `\gamma = 1, \lambda = 0.95` {
		t.Errorf("Joinf = %q", got)
	}
}
