package batch

import (
	"slices"
	"strconv"
	"strings"

	"gaelab/web/scenario"
)

// Encode writes the canonical link of a batch: v=1, the preset id, then
// only what differs from the preset, in a fixed order (prompt, B, each
// response's tok<i>/mask<i>/V<i>, then score, group, b, gamma, lam, ver,
// row), as human-readable lists. row= comes last and only when Focus ≠ 0,
// so the links that differ only in the response in focus are one link
// with Focus 0 plus "&row=<i>".
func Encode(b Batch) string {
	p, ok := Preset(b.Preset)
	if !ok {
		p, _ = Preset(DefaultPreset)
		b.Preset = DefaultPreset
	}
	w := scenario.NewLinkWriter(b.Release, b.Link, b.Preset)
	add := w.Add
	w.Text("prompt", b.Prompt, p.Prompt)
	if b.Len() != p.Len() {
		add("B", strconv.Itoa(b.Len()))
	}
	p.Resize(b.Len()) // compare with the preset resized as Decode does
	for i, row := range b.Rows {
		is, pr := strconv.Itoa(i), p.Rows[i].clone()
		if !sameTexts(row, pr) {
			for _, tok := range row.Tokens {
				add("tok"+is, scenario.EscapeValue(tok.Text))
			}
		}
		pr.Resize(len(row.Tokens))
		if mine := maskList(row); mine != maskList(pr) {
			add("mask"+is, mine)
		}
		if mine := valueList(row); mine != valueList(pr) {
			add("V"+is, mine)
		}
	}
	for _, l := range []struct {
		key string
		get func(Row) string
	}{
		{"score", func(r Row) string { return scenario.FormatNumber(r.Score) }},
		{"group", func(r Row) string { return scenario.EscapeValue(r.Group) }},
		{"b", func(r Row) string { return scenario.FormatNumber(r.Baseline) }},
	} {
		if mine := rowList(b, l.get); mine != rowList(p, l.get) {
			add(l.key, mine)
		}
	}
	w.Number("gamma", b.Gamma, p.Gamma)
	w.Number("lam", b.Lam, p.Lam)
	w.Version(b.Release, b.Version, p.Version)
	if b.Focus != 0 {
		add("row", strconv.Itoa(b.Focus))
	}
	return w.String()
}

// sameTexts reports whether two rows have the same number of tokens with
// the same texts.
func sameTexts(a, b Row) bool {
	return slices.EqualFunc(a.Tokens, b.Tokens, func(x, y Token) bool { return x.Text == y.Text })
}

// maskList is a row's mask as a link writes it: 1 valid, 0 padding.
func maskList(r Row) string {
	parts := make([]string, len(r.Tokens))
	for t, tok := range r.Tokens {
		parts[t] = "0"
		if tok.Valid {
			parts[t] = "1"
		}
	}
	return strings.Join(parts, ",")
}

// valueList is a row's values V(s_t), joined by commas.
func valueList(r Row) string {
	parts := make([]string, len(r.Tokens))
	for t, tok := range r.Tokens {
		parts[t] = scenario.FormatNumber(tok.Value)
	}
	return strings.Join(parts, ",")
}

// rowList is one item per response, joined by commas.
func rowList(b Batch, get func(Row) string) string {
	parts := make([]string, b.Len())
	for i, r := range b.Rows {
		parts[i] = get(r)
	}
	return strings.Join(parts, ",")
}
