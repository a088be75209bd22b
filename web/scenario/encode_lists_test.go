package scenario

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The link's number lists are compared with the preset's as numbers and
// written in one buffer; both must say what formatting and comparing the
// strings says.
func TestNumberListsAsFormatted(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e15, -1e15, 123456.789, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64, 0.30000000000000004}
	for _, x := range xs {
		if got := string(appendNumber([]byte("x"), x)); got != "x"+FormatNumber(x) {
			t.Errorf("appendNumber(%v) = %q, want %q", x, got[1:], FormatNumber(x))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	get := func(tok *Token) *float64 { return &tok.Value }
	for range 2000 {
		a, b := Scenario{Tokens: make([]Token, 3)}, Scenario{Tokens: make([]Token, 3)}
		for i := range 3 {
			a.Tokens[i].Value, b.Tokens[i].Value = xs[rng.IntN(len(xs))], xs[rng.IntN(len(xs))]
		}
		var joined string
		for i, tok := range a.Tokens {
			if i > 0 {
				joined += ","
			}
			joined += FormatNumber(tok.Value)
		}
		if got := numberList(a, get); got != joined {
			t.Fatalf("numberList = %q, want %q", got, joined)
		}
		if got, want := sameNumbers(a, b, get), numberList(a, get) == numberList(b, get); got != want {
			t.Fatalf("sameNumbers(%v, %v) = %v, the written lists say %v", a.Tokens, b.Tokens, got, want)
		}
	}
}
