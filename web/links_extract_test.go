package web

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// shownNumber is one number an answer shows: as printed (n), under its
// identity (key), and the element it was shown in (group, for the
// positional format that the golden files had before identities; see
// links_convert_test.go).
//
// A key is the path of identities around the number, outer to inner: in
// markup, each enclosing element's data-testid or id, and its data-group,
// data-row, data-series, data-mode, data-question, data-q (quantity) and
// data-t (token) as name=value; a table cell without data-t adds col=<its
// column>. Then what shows the number: nothing for text, "@data-f" or
// "@title" for an attribute's full precision, "/desc" for a chart's data
// summary, "/math" for typeset math. In JSON the key is the path
// (gae.newest.advantages[0][3]); in CSV, the record and the column's
// header (r2/advantages). A key that several numbers share (a chart's
// description, a sentence with several numbers) is made unique by "#2",
// "#3", … in document order.
type shownNumber struct {
	key, n string
	group  int
}

// numberKeys makes keys unique in document order.
type numberKeys map[string]int

func (k numberKeys) unique(base string) string {
	if base == "" {
		base = "/" // a number outside every identity
	}
	k[base]++
	if n := k[base]; n > 1 {
		return base + "#" + strconv.Itoa(n)
	}
	return base
}

// extractNumbers finds the numbers an answer shows, by its media type.
func extractNumbers(t *testing.T, link, contentType string, body []byte) (numbers []shownNumber, problems []string) {
	t.Helper()
	var err error
	switch media, _, _ := strings.Cut(contentType, ";"); media {
	case "text/html", "image/svg+xml":
		numbers, problems, err = markupNumbers(body, strings.HasPrefix(link, "/lessons/"))
	case "text/csv":
		numbers, err = csvNumbers(body)
	case "application/json":
		numbers, err = jsonNumbers(body)
	}
	if err != nil {
		t.Fatalf("%s: %v", link, err)
	}
	return numbers, problems
}

// csvNumbers is every cell that reads as a number, keyed by its record and
// its column's header, one group per record.
func csvNumbers(body []byte) ([]shownNumber, error) {
	records, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	var out []shownNumber
	keys := numberKeys{}
	for i, rec := range records {
		for j, cell := range rec {
			if _, err := strconv.ParseFloat(cell, 64); err != nil {
				continue
			}
			col := "c" + strconv.Itoa(j)
			if j < len(records[0]) && i > 0 {
				col = records[0][j]
			}
			out = append(out, shownNumber{keys.unique("r" + strconv.Itoa(i) + "/" + col), cell, i})
		}
	}
	return out, err
}

// jsonFrame is one open JSON array or object on the way to a value.
type jsonFrame struct {
	path    string
	array   bool
	index   int
	key     string
	haveKey bool
}

// jsonNumbers is every number in document order, keyed by its path, one
// group per array (and per run of numbers outside arrays).
func jsonNumbers(body []byte) ([]shownNumber, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var out []shownNumber
	var stack []jsonFrame
	group := 0
	// next is the path of the value the next token starts, and moves the
	// enclosing container past it.
	next := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := &stack[len(stack)-1]
		if f.array {
			f.index++
			return f.path + "[" + strconv.Itoa(f.index-1) + "]"
		}
		f.haveKey = false
		if f.path == "" {
			return f.key
		}
		return f.path + "." + f.key
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(stack) > 0 && !stack[len(stack)-1].array && !stack[len(stack)-1].haveKey {
			if _, isDelim := tok.(json.Delim); !isDelim {
				stack[len(stack)-1].key, stack[len(stack)-1].haveKey = tok.(string), true
				continue
			}
		}
		switch tok := tok.(type) {
		case json.Delim:
			switch tok {
			case '[', '{':
				stack = append(stack, jsonFrame{path: next(), array: tok == '['})
			default:
				stack = stack[:len(stack)-1]
			}
			if tok == '[' || tok == ']' {
				group++
			}
		case json.Number:
			out = append(out, shownNumber{next(), tok.String(), group})
		default:
			next()
		}
	}
}

// problemLists are the data-testid of the lists of warnings and errors.
var problemLists = []string{"warnings", "form-errors", "errors", "batch-errors", "compare-errors"}

// identityAttrs are the attributes that name what an element shows, with
// the name they have in a key ("" for a bare value).
var identityAttrs = []struct{ attr, name string }{
	{"data-testid", ""}, {"id", ""}, {"data-group", "group"}, {"data-row", "row"}, {"data-series", "series"},
	{"data-mode", "mode"}, {"data-question", "question"}, {"data-q", "q"}, {"data-t", "t"},
}

// identityOf is the part of a key that element n adds.
func identityOf(n *html.Node) []string {
	var parts []string
	for _, a := range identityAttrs {
		v := attrOf(n, a.attr)
		if v == "" {
			continue
		}
		if a.name != "" {
			v = a.name + "=" + v
		}
		if !slices.Contains(parts, v) {
			parts = append(parts, v)
		}
	}
	if (n.Data == "td" || n.Data == "th") && attrOf(n, "data-t") == "" {
		parts = append(parts, "col="+strconv.Itoa(cellIndex(n)))
	}
	return parts
}

// cellIndex is the column of table cell n in its row.
func cellIndex(n *html.Node) int {
	i := 0
	for s := n.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == html.ElementNode && (s.Data == "td" || s.Data == "th") {
			i++
		}
	}
	return i
}

// markupNumbers walks an HTML page or an SVG in document order and collects:
//   - every number in the text of a table cell (td, th), integers included:
//     tables are data, and their column headers carry the t numbering; a
//     row's header (th scope=row) is its label, read as other text;
//   - in an SVG's <desc>, the data summary each chart writes after a sentence
//     of wording, every number with a point or an exponent, and integers
//     written as a subscript or a value (s_3, t=3); other SVG text, ticks
//     and coordinates, is layout;
//   - elsewhere in the text, only numbers as the pages print computed values
//     (0.0750, -1.1e-8), so that prose (λ = 0.95, v0.2, #1850) is wording;
//   - data-f and title attributes whose whole value is a number: the cells'
//     full precision.
//
// A lesson's prose is content, not what a link computes: on a lesson page
// only its live blocks (scenario widgets and predict boxes) count. Problems
// are the items of the warning and error lists.
func markupNumbers(body []byte, lesson bool) (numbers []shownNumber, problems []string, err error) {
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	c := numberCollector{keys: numberKeys{}}
	c.walk(doc, !lesson, "", "")
	return c.numbers, c.problems, nil
}

type numberCollector struct {
	numbers  []shownNumber
	keys     numberKeys
	group    *html.Node // the element the current group belongs to
	groups   int
	problems []string
}

// walk visits n; counted says whether n is in a part whose numbers count,
// problemList is the data-testid of the problem list n is in, if any, and
// path the identities of n's ancestors.
func (c *numberCollector) walk(n *html.Node, counted bool, problemList, path string) {
	switch n.Type {
	case html.ElementNode:
		switch n.Data {
		case "head", "script", "style", "template", "select", "textarea":
			return // not shown, or the editor's choices and text
		}
		for _, p := range identityOf(n) {
			// A table row names its quantity (data-row) as its cells do
			// (data-q): say it once.
			if q, ok := strings.CutPrefix(p, "q="); ok {
				path = strings.TrimSuffix(path, "/row="+q)
			}
			path += "/" + p
		}
		if n.Data == "math" {
			// Typeset math shows the numbers of its TeX source, kept in
			// <annotation>: read them there, as the text they were.
			if counted {
				c.textOf(n, plainDigits(mathSource(n)), path+"/math")
			}
			return
		}
		testid := attrOf(n, "data-testid")
		if testid == "widget" || testid == "predict" {
			counted = true
		}
		if slices.Contains(problemLists, testid) {
			problemList = testid
		}
		if problemList != "" && n.Data == "li" {
			p := problemList
			if f := attrOf(n, "data-field"); f != "" {
				p += ":" + f
			}
			c.problems = append(c.problems, p)
		}
		if counted {
			for _, key := range []string{"data-f", "title"} {
				if v := strings.TrimSpace(attrOf(n, key)); v != "" && isWholeNumber(v) {
					c.add(n, path+"@"+key, v)
				}
			}
		}
	case html.TextNode:
		if counted {
			c.textOf(n, plainDigits(n.Data), path)
		}
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.walk(ch, counted, problemList, path)
	}
}

// mathSource is the TeX source of a <math> element, from its annotation.
func mathSource(n *html.Node) string {
	var src string
	var find func(*html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "annotation" && n.FirstChild != nil {
			src = n.FirstChild.Data
		}
		for ch := n.FirstChild; ch != nil && src == ""; ch = ch.NextSibling {
			find(ch)
		}
	}
	find(n)
	return src
}

// plainDigits writes Unicode sub- and superscript digits and signs as the
// ASCII they stand for (sₜ₊₁ → st+1): a label typeset in Unicode shows the
// numbers its pseudo-TeX showed.
func plainDigits(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x2070 && r <= 0x209F || r == '¹' || r == '²' || r == '³' }) {
		return s
	}
	return scriptDigits.Replace(s)
}

var scriptDigits = strings.NewReplacer(
	"₀", "0", "₁", "1", "₂", "2", "₃", "3", "₄", "4", "₅", "5", "₆", "6", "₇", "7", "₈", "8", "₉", "9", "₊", "+", "₋", "-",
	"⁰", "0", "¹", "1", "²", "2", "³", "3", "⁴", "4", "⁵", "5", "⁶", "6", "⁷", "7", "⁸", "8", "⁹", "9", "⁺", "+", "⁻", "-",
	"ₜ", "t", "ₙ", "n", "ₖ", "k", "ⁿ", "n")

// textOf collects the numbers of text s, shown by node n, by where n stands.
func (c *numberCollector) textOf(n *html.Node, s, path string) {
	inSVG, inDesc, inCell := false, false, false
	var block *html.Node
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Type != html.ElementNode {
			continue
		}
		switch a.Data {
		case "svg":
			inSVG = true
		case "desc":
			inDesc = true
		case "td":
			inCell = true
		case "th":
			inCell = inCell || attrOf(a, "scope") != "row" // a row's header is its label
		}
		if block == nil && numberGroupTags[a.Data] {
			block = a
		}
	}
	for _, f := range numbersIn(s) {
		switch {
		case inCell && !inSVG, inDesc && f.data(), !inSVG && displayedNumber.MatchString(f.num):
			key := path
			if inDesc {
				key += "/desc"
			}
			c.add(block, key, f.num)
		}
	}
}

// numberGroupTags are the elements whose numbers are grouped on one line of the
// golden file.
var numberGroupTags = map[string]bool{
	"tr": true, "li": true, "p": true, "desc": true, "caption": true, "figcaption": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "dt": true, "dd": true, "div": true, "section": true,
}

// add records a number under its key (made unique), in the group of
// element n, starting a new group when n is another element than the last
// number's.
func (c *numberCollector) add(n *html.Node, key, num string) {
	for n != nil && n.Type == html.ElementNode && !numberGroupTags[n.Data] && n.Parent != nil {
		n = n.Parent
	}
	if n != c.group {
		c.groups, c.group = c.groups+1, n
	}
	c.numbers = append(c.numbers, shownNumber{c.keys.unique(key), num, c.groups})
}

// displayedNumber matches numbers as the pages print computed values: four
// decimals, or two significant digits for tiny ones.
var displayedNumber = regexp.MustCompile(`^-?\d+\.\d{4}$|^-?\d\.\de[-+]\d+$`)

// foundNumber is a number as printed and the character just before it.
type foundNumber struct {
	num    string
	before rune
}

// data reports whether a number in a chart's <desc> is data rather than
// wording: a decimal, or an integer written as a subscript or a value.
func (f foundNumber) data() bool {
	return strings.ContainsAny(f.num, ".eE") || f.before == '_' || f.before == '='
}

// numbersIn splits the numbers out of text, as printed: digits with an
// optional decimal part and exponent, and a '-' sign when it does not join
// two words. A number never starts right after a letter, a digit or a point,
// so that names (v0.2, k3, 等于2) are not numbers; after '_' it does (r_3).
func numbersIn(s string) []foundNumber {
	var out []foundNumber
	prev := rune(0)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		free := prev != '.' && !unicode.IsLetter(prev) && !unicode.IsDigit(prev)
		signed := r == '-' && i+1 < len(s) && isASCIIDigit(s[i+1])
		if !free || !isASCIIDigit(s[i]) && !signed {
			prev, i = r, i+size
			continue
		}
		start := i
		if signed {
			i++
		}
		i = skipDigits(s, i)
		if i+1 < len(s) && s[i] == '.' && isASCIIDigit(s[i+1]) {
			i = skipDigits(s, i+1)
		}
		if i+1 < len(s) && (s[i] == 'e' || s[i] == 'E') {
			j := i + 1
			if s[j] == '-' || s[j] == '+' {
				j++
			}
			if j < len(s) && isASCIIDigit(s[j]) {
				i = skipDigits(s, j)
			}
		}
		out = append(out, foundNumber{s[start:i], prev})
		prev = rune(s[i-1])
	}
	return out
}

func skipDigits(s string, i int) int {
	for i < len(s) && isASCIIDigit(s[i]) {
		i++
	}
	return i
}

func isASCIIDigit(b byte) bool { return b >= '0' && b <= '9' }

func isWholeNumber(s string) bool {
	ns := numbersIn(s)
	return len(ns) == 1 && ns[0].num == s
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
