package batch

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gaelab/web/scenario"
)

// batchKeys are the parameters the codec reads, besides the per-row ones.
var batchKeys = []string{"v", "p", "prompt", "B", "score", "group", "b", "gamma", "lam", "ver", "row", "op"}

// rowPrefixes are the per-row parameters, each followed by the row index i:
// tok<i>, toks<i> (the editor's one-token-per-line text), mask<i>, V<i>.
var rowPrefixes = []string{"toks", "tok", "mask", "V"}

// rowKey splits a per-row parameter name such as "V3" into its prefix and
// row index. The index is written without leading zeros.
func rowKey(key string) (prefix string, i int, ok bool) {
	for _, p := range rowPrefixes {
		digits, found := strings.CutPrefix(key, p)
		if !found || digits == "" || len(digits) > 1 && digits[0] == '0' {
			continue
		}
		n, err := strconv.Atoi(digits)
		if err != nil || n < 0 || strings.ContainsAny(digits, "+-") {
			continue
		}
		return p, n, true
	}
	return "", 0, false
}

// Decode reads a /batch link. It never fails: a bad value is reported at its
// field and the preset's value is kept; unknown parameters are reported as
// warnings, except pageKeys, which belong to the page rather than the batch.
// See the package documentation for the parameters.
func Decode(q url.Values, pageKeys ...string) (Batch, scenario.Report) {
	var rep scenario.Report
	d := decoder{scenario.Reader{Q: q, Rep: &rep}}
	link := scenario.ReadLinkVersion(q, d.Rep)
	v2 := link != scenario.LinkVersion // ver= names a release
	id := q.Get("p")
	if id == "" {
		id = DefaultPreset
	}
	b, ok := Preset(id)
	if !ok {
		d.Rep.Warn("warn.unknown_preset", id, DefaultPreset)
		b, _ = Preset(DefaultPreset)
	}
	if raw, ok := d.First("prompt"); ok {
		b.Prompt = d.Text("prompt", raw, scenario.MaxPromptRunes)
	}
	if raw, ok := d.First("B"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < MinRows || n > MaxRows {
			d.Rep.Problem("B", "err.range_int", raw, raw, MinRows, MaxRows)
		} else {
			b.Resize(n)
		}
	}
	for i := range b.Rows {
		d.row(&b.Rows[i], strconv.Itoa(i))
	}
	d.rowNumbers(&b, "score", func(r *Row) *float64 { return &r.Score })
	d.rowNumbers(&b, "b", func(r *Row) *float64 { return &r.Baseline })
	d.groups(&b)
	d.Unit("gamma", &b.Gamma)
	d.Unit("lam", &b.Lam)
	scenario.ReadVersion(d.Reader, v2, &b.Version, &b.Release)
	b.Link = scenario.ReleaseLink(link, b.Release)
	if raw, ok := d.First("row"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < 0 || n >= b.Len() {
			d.Rep.Problem("row", "err.range_int", raw, raw, 0, b.Len()-1)
		} else {
			b.Focus = n
		}
	}
	for key := range q {
		_, i, isRow := rowKey(key)
		if !slices.Contains(batchKeys, key) && !slices.Contains(pageKeys, key) && !(isRow && i < b.Len()) {
			d.Rep.Warn("warn.unknown_param", key)
		}
	}
	d.op(&b)
	slices.SortFunc(rep.Warnings, func(a, b scenario.Problem) int {
		return strings.Compare(a.Key+argText(a), b.Key+argText(b))
	})
	return b, rep
}

func argText(p scenario.Problem) string {
	if len(p.Args) == 0 {
		return ""
	}
	s, _ := p.Args[0].(string)
	return s
}

// decoder reads parameters into a batch, reporting what is wrong.
type decoder struct{ scenario.Reader }

// row reads response i's tokens, mask and values (is is i as text).
func (d decoder) row(r *Row, is string) {
	texts, ok := d.Q["tok"+is]
	if raw, found := d.First("toks" + is); found { // the editor: one token per line
		raw = strings.TrimRight(strings.ReplaceAll(raw, "\r\n", "\n"), "\n")
		texts, ok = strings.Split(raw, "\n"), true
	}
	if ok && len(texts) > 0 {
		if len(texts) > MaxTokens {
			d.Rep.Problem("tok"+is, "err.too_many_tokens", strconv.Itoa(len(texts)), len(texts), MaxTokens)
			texts = texts[:MaxTokens]
		}
		r.Resize(len(texts))
		for t, text := range texts {
			r.Tokens[t].Text = d.Text("tok"+is+"."+strconv.Itoa(t), text, scenario.MaxTokenRunes)
		}
	}
	if items, ok := d.tokenList(r, "mask"+is); ok {
		valid := make([]bool, len(items))
		someValid := false
		for t, raw := range items {
			switch strings.TrimSpace(raw) {
			case "1":
				valid[t] = true
			case "0":
			default:
				d.Rep.Problem("mask"+is+"."+strconv.Itoa(t), "batch.err.mask", raw, raw)
				valid[t] = r.Tokens[t].Valid
			}
			someValid = someValid || valid[t]
		}
		if someValid {
			for t, v := range valid {
				r.Tokens[t].Valid = v
			}
		} else {
			d.Rep.Problem("mask"+is, "batch.err.no_valid", strings.Join(items, ","))
		}
	}
	if items, ok := d.tokenList(r, "V"+is); ok {
		for t, raw := range items {
			if x, ok := d.Number("V"+is+"."+strconv.Itoa(t), raw); ok {
				r.Tokens[t].Value = x
			}
		}
	}
}

// tokenList returns a per-token list of the row, reporting a wrong length.
func (d decoder) tokenList(r *Row, key string) ([]string, bool) {
	items, ok := d.List(key)
	if !ok {
		return nil, false
	}
	if len(items) != len(r.Tokens) {
		raw := strings.Join(items, ",")
		d.Rep.Problem(key, "err.length", raw, len(items), len(r.Tokens))
		return nil, false
	}
	return items, true
}

// rowList returns a per-response list, reporting a wrong length.
func (d decoder) rowList(b *Batch, key string) ([]string, bool) {
	items, ok := d.List(key)
	if !ok {
		return nil, false
	}
	if len(items) != b.Len() {
		raw := strings.Join(items, ",")
		d.Rep.Problem(key, "batch.err.rows", raw, len(items), b.Len())
		return nil, false
	}
	return items, true
}

// rowNumbers reads a per-response number list (score=, b=).
func (d decoder) rowNumbers(b *Batch, key string, get func(*Row) *float64) {
	items, _ := d.rowList(b, key)
	for i, raw := range items {
		if x, ok := d.Number(key+"."+strconv.Itoa(i), raw); ok {
			*get(&b.Rows[i]) = x
		}
	}
}

// groups reads group=, one id per response.
func (d decoder) groups(b *Batch) {
	items, _ := d.rowList(b, "group")
	for i, raw := range items {
		id := strings.TrimSpace(raw)
		if ValidGroup(id) {
			b.Rows[i].Group = id
		} else {
			d.Rep.Problem("group."+strconv.Itoa(i), "batch.err.group", raw, raw, MaxGroup)
		}
	}
}

// ValidGroup reports whether id can be a group id: 1 to MaxGroup letters,
// digits, '-', '_' or '.'.
func ValidGroup(id string) bool {
	if id == "" || !utf8.ValidString(id) || utf8.RuneCountInString(id) > MaxGroup {
		return false
	}
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != '.' {
			return false
		}
	}
	return true
}

// op applies an editing action of the form without JavaScript, after the
// rest of the link is read: op=add appends a copy of the last response,
// op=del.<i> removes response i. It is refused while a field is bad (the
// rows the form sent may not be the rows shown) and at the limits of B.
func (d decoder) op(b *Batch) {
	raw, ok := d.First("op")
	if !ok || raw == "" {
		return
	}
	add := raw == "add"
	del, err := strconv.Atoi(strings.TrimPrefix(raw, "del."))
	if !add && (!strings.HasPrefix(raw, "del.") || err != nil || del < 0 || del >= b.Len()) {
		d.Rep.Warn("warn.unknown_param", "op="+raw)
		return
	}
	switch {
	case len(d.Rep.Problems) > 0:
		d.Rep.Warn("batch.warn.op")
	case add && b.Len() < MaxRows:
		b.Resize(b.Len() + 1)
	case !add && b.Len() > MinRows:
		b.Rows = slices.Delete(b.Rows, del, del+1)
		if b.Focus > del || b.Focus == b.Len() {
			b.Focus--
		}
	}
}
