package answer

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestParse: what a learner types on any keyboard reads as the number
// meant; anything else is not a number, or too large.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  float64
		err   error
	}{
		{"0.5", 0.5, nil},
		{"０．５", 0.5, nil}, // a Chinese input method's digits and point
		{"0,5", 0.5, nil}, // a decimal comma
		{"０，５", 0.5, nil},
		{"0。5", 0.5, nil}, // the ideographic full stop
		{"0｡5", 0.5, nil},
		{"－0.5", -0.5, nil}, // full-width hyphen-minus
		{"−0.5", -0.5, nil}, // U+2212 minus sign
		{"—0.5", -0.5, nil}, // em dash
		{"–0.5", -0.5, nil}, // en dash
		{"﹣0.5", -0.5, nil},
		{"-0.5", -0.5, nil},
		{"＋1", 1, nil},
		{"+1", 1, nil},
		{" 1 ", 1, nil},
		{"\u30001\u3000", 1, nil}, // full-width spaces
		{"\t0. 5\n", 0.5, nil},
		{"1e-3", 0.001, nil},
		{"1E3", 1000, nil},
		{"-0", 0, nil},
		{"1000000", 1e6, nil},
		{"-1e6", -1e6, nil},
		{".5", 0.5, nil},
		{"", 0, ErrNotNumber},
		{"   ", 0, ErrNotNumber},
		{"abc", 0, ErrNotNumber},
		{"0.5x", 0, ErrNotNumber},
		{"1..5", 0, ErrNotNumber},
		{"1,000.5", 0, ErrNotNumber},
		{"--1", 0, ErrNotNumber},
		{"0x1p-1", 0, ErrNotNumber}, // hex: strconv reads it, a learner never types it
		{"1_000", 0, ErrNotNumber},
		{"NaN", 0, ErrNotNumber},
		{"nan", 0, ErrNotNumber},
		{"Inf", 0, ErrNotNumber},
		{"-Infinity", 0, ErrNotNumber},
		{"+inf", 0, ErrNotNumber},
		{"٣", 0, ErrNotNumber}, // other scripts' digits are not read
		{"\x00", 0, ErrNotNumber},
		{"\xff", 0, ErrNotNumber},
		{"1000001", 0, ErrMagnitude},
		{"1e308", 0, ErrMagnitude},
		{"1e400", 0, ErrMagnitude},
		{"1e-400", 0, nil}, // underflow reads as 0, as in strconv
		{strings.Repeat("9", 100000), 0, ErrMagnitude},
		{"0." + strings.Repeat("0", 100000) + "1", 0, nil},
		{strings.Repeat("0", 100000) + "1", 1, nil},
		{strings.Repeat("１", 100000), 0, ErrMagnitude},
		{strings.Repeat("x", 100000), 0, ErrNotNumber},
	} {
		got, err := Parse(c.typed)
		if got != c.want || err != c.err {
			t.Errorf("Parse(%.40q) = %v, %v; want %v, %v", c.typed, got, err, c.want, c.err)
		}
	}
}

// TestJudge: the verdict within the caller's tolerance, exactly.
func TestJudge(t *testing.T) {
	for _, c := range []struct {
		typed     string
		want, tol float64
		verdict   Verdict
		x         float64
	}{
		{"", 0.5, 0.01, Blank, 0},
		{" ", 0.5, 0.01, Unread, 0}, // only "" is blank: callers trim
		{"half", 0.5, 0.01, Unread, 0},
		{"０．５", 0.5, 0, Right, 0.5},
		{"0,504", 0.5, 0.005, Right, 0.504},
		{"0.505", 0.5, 0.005, Wrong, 0.505}, // 0.505 − 0.5 is 0.0050000000000000044 in float64: no slack is added
		{"0,51", 0.5, 0.005, Wrong, 0.51},
		{"－0.5", 0.5, 0.01, Wrong, -0.5},
		{"0.5", math.NaN(), 1, Wrong, 0.5},
	} {
		v, x := Judge(c.typed, c.want, c.tol)
		if v != c.verdict || x != c.x {
			t.Errorf("Judge(%q, %v, %v) = %v, %v; want %v, %v", c.typed, c.want, c.tol, v, x, c.verdict, c.x)
		}
	}
	if !Within(0.25, 0.5, 0.25) || Within(0.55, 0.5, 0.05) || Within(math.NaN(), 0, math.Inf(1)) {
		t.Error("Within is not |x − want| ≤ tol")
	}
}

// FuzzParse: whatever is typed, Parse returns ErrNotNumber, ErrMagnitude or
// a finite number within ±MaxMagnitude that reads back as itself, and reads
// the same when a Chinese input method types its digits, points and signs.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"０．５", "0,5", "0。5", "－0.5", "−0.5", "—0.5", "＋1", " 1 ", "1e-3", "NaN", "-Inf", "0x1p-1", "1e400", "٣", strings.Repeat("9", 70)} {
		f.Add(s)
	}
	wide := strings.NewReplacer("0", "０", "1", "１", "2", "２", "3", "３", "4", "４", "5", "５", "6", "６", "7", "７", "8", "８", "9", "９",
		".", "。", "-", "－", "+", "＋", " ", "\u3000")
	f.Fuzz(func(t *testing.T, typed string) {
		x, err := Parse(typed)
		if err != nil && (x != 0 || err != ErrNotNumber && err != ErrMagnitude) {
			t.Fatalf("Parse(%q) = %v, %v", typed, x, err)
		}
		if err == nil {
			if math.IsNaN(x) || math.Abs(x) > MaxMagnitude {
				t.Fatalf("Parse(%q) = %v", typed, x)
			}
			if y, err := Parse(strconv.FormatFloat(x, 'g', -1, 64)); y != x || err != nil {
				t.Fatalf("Parse(%q) = %v, but %v reads as %v, %v", typed, x, x, y, err)
			}
		}
		if y, err2 := Parse(wide.Replace(typed)); y != x || err2 != err {
			t.Fatalf("Parse(%q) = %v, %v; typed full-width, %v, %v", typed, x, err, y, err2)
		}
		if v, y := Judge(typed, x, 0); err == nil && (v != Right || y != x) || err != nil && typed != "" && v != Unread {
			t.Fatalf("Judge(%q, %v, 0) = %v, %v; Parse said %v", typed, x, v, y, err)
		}
	})
}
