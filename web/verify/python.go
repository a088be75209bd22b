package verify

import (
	"math"
	"strconv"
	"strings"
)

// Python literals: every number a script embeds is written exactly, so the
// script asserts the engine's float64 numbers themselves.

// number writes x exactly (shortest round-trip), as Python reads it.
func number(x float64) string {
	switch {
	case math.IsNaN(x):
		return `float("nan")`
	case math.IsInf(x, 1):
		return `float("inf")`
	case math.IsInf(x, -1):
		return `float("-inf")`
	case x == 0:
		return "0.0"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// list writes xs as a Python list's items.
func list(xs []float64) string {
	var b strings.Builder
	for t, x := range xs {
		if t > 0 {
			b.WriteString(", ")
		}
		b.WriteString(number(x))
	}
	return b.String()
}

// matrix writes rows as a Python list of lists.
func matrix(m [][]float64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, row := range m {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[" + list(row) + "]")
	}
	b.WriteByte(']')
	return b.String()
}

// oneLine keeps a link on its comment line.
func oneLine(s string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(s) }
