package class

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAnswer: whatever a phone sends, Normalize never panics, accepts only
// short answers, and what it accepts normalizes to itself.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{"0.4", "0,4", "−1", "+", "1e308", "NaN", strings.Repeat("9", 70), "\x00", "٣"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, a string, sign bool) {
		sp := Spec{Answer: "number", Value: 0.4, Tol: 0.005}
		if sign {
			sp.Answer = "sign"
		}
		got, err := sp.Normalize(a)
		if err != nil {
			return
		}
		if utf8.RuneCountInString(got) > MaxAnswerLen || got == "" {
			t.Fatalf("Normalize(%q) = %q", a, got)
		}
		again, err := sp.Normalize(got)
		if err != nil || again != got {
			t.Fatalf("Normalize(%q) = %q, then %q, %v", a, got, again, err)
		}
		sp.Tally([]string{got})
	})
}

// FuzzCode: NormalizeCode returns a code of the alphabet or nothing.
func FuzzCode(f *testing.F) {
	for _, s := range []string{"abcde2", "7K9M-2Q", "", "ÀBCDE", "22222222"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := NormalizeCode(s)
		if ok != (c != "") || (ok && (len(c) < 5 || len(c) > CodeLen || strings.Trim(c, CodeAlphabet) != "")) {
			t.Fatalf("NormalizeCode(%q) = %q, %v", s, c, ok)
		}
	})
}
