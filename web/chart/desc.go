package chart

import (
	"fmt"
	"strconv"
	"strings"
)

// descList formats series v for <desc>: "sym=val, …" (item formats entry
// i). Past eight entries it gives the first three and the last two with "…"
// between them, then the smallest and the largest: "(min …, max …)".
func descList(v []float64, item func(i int) string) string {
	n := len(v)
	if n <= 8 {
		parts := make([]string, n)
		for i := range n {
			parts[i] = item(i)
		}
		return strings.Join(parts, ", ")
	}
	lo, hi := 0, 0
	for i, x := range v {
		if x < v[lo] {
			lo = i
		}
		if x > v[hi] {
			hi = i
		}
	}
	return item(0) + ", " + item(1) + ", " + item(2) + ", " + ellipsis + ", " + item(n-2) + ", " + item(n-1) +
		" (min " + item(lo) + ", max " + item(hi) + ")"
}

// descSeries is one series' part of a <desc>: "label: item, …", where
// item is format (one %d for t+base, one %s for the value) applied to each
// entry, listed as descList does.
func descSeries(label, format string, v []float64, base int) string {
	return oneLine(label) + ": " + descList(v, func(t int) string { return fmt.Sprintf(format, t+base, val(v[t])) })
}

// descMask lists the mask-0 tokens of kind k as index ranges ("6–7"), or "".
func descMask(in *Input, T int, k Kind) string {
	var parts []string
	for _, r := range kindRuns(T, in.kind) {
		if r.k != k {
			continue
		}
		s := strconv.Itoa(r.from + in.Base)
		if r.to-1 > r.from {
			s += "–" + strconv.Itoa(r.to-1+in.Base)
		}
		parts = append(parts, s)
	}
	if len(parts) > 6 {
		parts = append(parts[:5], ellipsis)
	}
	return strings.Join(parts, ", ")
}

// maskLegend returns legend items for the mask kinds present, and the
// <desc> sentences naming their tokens.
func (in *Input) maskLegend(T int) ([]legendItem, string) {
	var items []legendItem
	var desc []string
	for _, k := range []Kind{Padding, Observation} {
		where := descMask(in, T, k)
		if where == "" {
			continue
		}
		label := in.Text.Padding
		if k == Observation {
			label = in.Text.Observation
		}
		label = oneLine(label)
		items = append(items, legendItem{label, func(f *frame, x, y float64) {
			h := f.th.FontSize * 0.5
			f.swatch(f.marks, k, x+3, y-h, x+thumbW-3, y+h)
		}})
		desc = append(desc, label+": "+where+".")
	}
	return items, strings.Join(desc, " ")
}
