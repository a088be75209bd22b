package web

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Links never rot: testdata/links/v1.txt lists v=1 links (one per line, '#'
// comments), and testdata/links/v1.golden.json records, for each, the redirects
// it takes, its final status, the problems it reports and the numbers it shows.
// TestLinksNeverRot renders every link and fails at the first number that
// differs. When a change is meant to alter what old links show (a verl fix,
// say), rewrite the golden file and say so in the commit message:
//
//	go test ./web -run TestLinksNeverRot -update-links
var updateLinks = flag.Bool("update-links", false, "rewrite testdata/links/v1.golden.json (and v2.golden.json) from what the links show now")

// linkCorpus is one corpus of links and the golden file of what they show.
type linkCorpus struct{ links, golden string }

var (
	corpusV1 = linkCorpus{"testdata/links/v1.txt", "testdata/links/v1.golden.json"}
	corpusV2 = linkCorpus{"testdata/links/v2.txt", "testdata/links/v2.golden.json"}
)

// linkShows is what one link shows. Numbers are kept as printed, grouped for
// reading (one string per table row, list item, chart description, CSV
// record or JSON array, numbers separated by spaces); only their order
// matters, so markup that regroups them does not fail the test.
type linkShows struct {
	Link      string   `json:"link"`
	Redirects []string `json:"redirects,omitempty"` // "303 <Location>" for each redirect followed
	Status    int      `json:"status"`
	Problems  []string `json:"problems,omitempty"` // one per listed warning or error: its list's data-testid, ":field" when it names one
	Numbers   []string `json:"numbers"`
}

func TestLinksNeverRot(t *testing.T) { checkCorpus(t, corpusV1) }

// TestLinksV2NeverRot checks the v=2 corpus (links naming a whole verl
// release) by the same rule.
func TestLinksV2NeverRot(t *testing.T) { checkCorpus(t, corpusV2) }

func checkCorpus(t *testing.T, c linkCorpus) {
	links := readLinks(t, c.links)
	// Two handlers, so that the second rendering is not the first one's
	// answer from the cache of recent answers.
	h, fresh := Routes(), Routes()
	var got []linkShows
	for _, link := range links {
		shows, bodies := visitLink(t, h, link)
		_, again := visitLink(t, fresh, link)
		if i := firstBodyDiff(bodies, again); i >= 0 {
			t.Errorf("%s is not deterministic: rendered twice, response %d differs: %s", link, i, bodyDiff(bodies[i], again[i]))
		}
		got = append(got, shows)
	}
	sameInBothLanguages(t, got)
	if *updateLinks {
		writeLinksGolden(t, c.golden, got)
		return
	}
	want := readLinksGolden(t, c.golden)
	byLink := map[string]linkShows{}
	for _, w := range want {
		byLink[w.Link] = w
	}
	for _, g := range got {
		w, ok := byLink[g.Link]
		if !ok {
			t.Errorf("%s has no golden entry: run go test ./web -run TestLinksNeverRot -update-links", g.Link)
			continue
		}
		delete(byLink, g.Link)
		compareShows(t, w, g)
	}
	for _, w := range want {
		if _, left := byLink[w.Link]; left {
			t.Errorf("%s is in %s but no longer in %s: links are never removed", w.Link, c.golden, c.links)
		}
	}
}

// sameInBothLanguages checks that a link with lang=zh shows the numbers of
// the same link without it: the language changes words, never a number (and
// the extraction reads no number from the wording).
func sameInBothLanguages(t *testing.T, shows []linkShows) {
	t.Helper()
	byLink := map[string]linkShows{}
	for _, s := range shows {
		byLink[s.Link] = s
	}
	for _, zh := range shows {
		for _, suffix := range []string{"&lang=zh", "?lang=zh"} {
			en, ok := byLink[strings.TrimSuffix(zh.Link, suffix)]
			if !ok || !strings.HasSuffix(zh.Link, suffix) {
				continue
			}
			w, g := flattenShown(en.Numbers), flattenShown(zh.Numbers)
			if i := firstNumberDiff(w, g); i >= 0 {
				t.Errorf("%s shows other numbers than %s, from number %d on", zh.Link, en.Link, i)
			}
		}
	}
}

// compareShows reports the first difference between what a link showed
// when the golden file was written and what it shows now.
func compareShows(t *testing.T, want, got linkShows) {
	t.Helper()
	if !slices.Equal(want.Redirects, got.Redirects) {
		t.Errorf("%s: redirects %q, golden %q (an old link may come to redirect to its canonical form if it shows the same numbers: record it with -update-links)", got.Link, got.Redirects, want.Redirects)
	}
	if want.Status != got.Status {
		t.Errorf("%s: status %d, golden %d", got.Link, got.Status, want.Status)
	}
	if !slices.Equal(want.Problems, got.Problems) {
		t.Errorf("%s: problems %q, golden %q", got.Link, got.Problems, want.Problems)
	}
	w, g := flattenShown(want.Numbers), flattenShown(got.Numbers)
	switch i := firstNumberDiff(w, g); {
	case i < 0:
	case i < len(w) && i < len(g):
		t.Errorf("%s: number %d is %s, golden %s (shown in %q, golden %q)", got.Link, i, g[i].n, w[i].n, g[i].group, w[i].group)
	default:
		t.Errorf("%s: shows %d numbers, golden %d", got.Link, len(g), len(w))
	}
}

// firstNumberDiff is the index of the first number that differs, or -1.
func firstNumberDiff(a, b []shownNumber) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i].n != b[i].n {
			return i
		}
	}
	return -1
}

// shownNumber is one shown number and the group it was shown in.
type shownNumber struct{ n, group string }

func flattenShown(groups []string) []shownNumber {
	var out []shownNumber
	for _, g := range groups {
		for _, n := range strings.Fields(g) {
			out = append(out, shownNumber{n, g})
		}
	}
	return out
}

// readLinks reads the corpus: one link per line, blank lines and '#'
// comments skipped; every link is a path with a query, listed once.
func readLinks(t *testing.T, linksFile string) []string {
	t.Helper()
	f, err := os.Open(linksFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var links []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasPrefix(line, "/") || slices.Contains(links, line) {
			t.Fatalf("%s:%d: %q is not a new path", linksFile, n, line)
		}
		links = append(links, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return links
}

func readLinksGolden(t *testing.T, linksGoldenFile string) []linkShows {
	t.Helper()
	data, err := os.ReadFile(linksGoldenFile)
	if err != nil {
		t.Fatalf("%v (create it with go test ./web -run TestLinksNeverRot -update-links)", err)
	}
	var shows []linkShows
	if err := json.Unmarshal(data, &shows); err != nil {
		t.Fatalf("%s: %v", linksGoldenFile, err)
	}
	return shows
}

func writeLinksGolden(t *testing.T, linksGoldenFile string, shows []linkShows) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // links keep their & and < readable
	enc.SetIndent("", " ")
	if err := enc.Encode(shows); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(linksGoldenFile, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d links", linksGoldenFile, len(shows))
}

// visit requests a link as a browser without JavaScript would (no
// Accept-Encoding, no Accept-Language, no htmx headers), follows redirects
// and extracts what the final answer shows. It returns every body, redirects
// included, for the determinism check.
func visitLink(t *testing.T, h http.Handler, link string) (linkShows, [][]byte) {
	t.Helper()
	shows := linkShows{Link: link}
	var bodies [][]byte
	target := link
	for hop := 0; ; hop++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		bodies = append(bodies, rec.Body.Bytes())
		loc := rec.Header().Get("Location")
		if rec.Code < 300 || rec.Code > 399 || loc == "" {
			shows.Status = rec.Code
			shows.Numbers, shows.Problems = extractNumbers(t, link, rec.Header().Get("Content-Type"), rec.Body.Bytes())
			if shows.Numbers == nil {
				shows.Numbers = []string{} // "numbers": [], not null
			}
			return shows, bodies
		}
		if hop == 5 {
			t.Fatalf("%s: more than 5 redirects: %q", link, shows.Redirects)
		}
		shows.Redirects = append(shows.Redirects, strconv.Itoa(rec.Code)+" "+loc)
		target = loc
	}
}

// extract finds the numbers an answer shows, by its media type.
func extractNumbers(t *testing.T, link, contentType string, body []byte) (numbers, problems []string) {
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

// csvNumbers is every cell that reads as a number, one group per record.
func csvNumbers(body []byte) ([]string, error) {
	records, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	var groups []string
	for _, rec := range records {
		var ns []string
		for _, cell := range rec {
			if _, err := strconv.ParseFloat(cell, 64); err == nil {
				ns = append(ns, cell)
			}
		}
		groups = appendNumberGroup(groups, ns)
	}
	return groups, err
}

// jsonNumbers is every number in document order, one group per array (and
// per run of numbers outside arrays).
func jsonNumbers(body []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var groups, ns []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return appendNumberGroup(groups, ns), nil
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case json.Number:
			ns = append(ns, tok.String())
		case json.Delim:
			if tok == '[' || tok == ']' {
				groups, ns = appendNumberGroup(groups, ns), nil
			}
		}
	}
}

func appendNumberGroup(groups, ns []string) []string {
	if len(ns) == 0 {
		return groups
	}
	return append(groups, strings.Join(ns, " "))
}

// problemLists are the data-testid of the lists of warnings and errors.
var problemLists = []string{"warnings", "form-errors", "errors", "batch-errors", "compare-errors"}

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
func markupNumbers(body []byte, lesson bool) (numbers, problems []string, err error) {
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	c := numberCollector{}
	c.walk(doc, !lesson, "")
	return appendNumberGroup(c.groups, c.cur), c.problems, nil
}

type numberCollector struct {
	groups, cur []string
	group       *html.Node // the node the current group belongs to
	problems    []string
}

// walk visits n; counted says whether n is in a part whose numbers count,
// problemList is the data-testid of the problem list n is in, if any.
func (c *numberCollector) walk(n *html.Node, counted bool, problemList string) {
	switch n.Type {
	case html.ElementNode:
		switch n.Data {
		case "head", "script", "style", "template", "select", "textarea":
			return // not shown, or the editor's choices and text
		case "math":
			// Typeset math shows the numbers of its TeX source, kept in
			// <annotation>: read them there, as the text they were.
			if counted {
				c.textOf(n, plainDigits(mathSource(n)))
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
					c.add(n, v)
				}
			}
		}
	case html.TextNode:
		if counted {
			c.textOf(n, plainDigits(n.Data))
		}
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.walk(ch, counted, problemList)
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
func (c *numberCollector) textOf(n *html.Node, s string) {
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
			c.add(block, f.num)
		}
	}
}

// numberGroupTags are the elements whose numbers are grouped on one line of the
// golden file.
var numberGroupTags = map[string]bool{
	"tr": true, "li": true, "p": true, "desc": true, "caption": true, "figcaption": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "dt": true, "dd": true, "div": true, "section": true,
}

// add appends a number to the group of node n, starting a new group when n
// is another element than the last number's.
func (c *numberCollector) add(n *html.Node, num string) {
	for n != nil && n.Type == html.ElementNode && !numberGroupTags[n.Data] && n.Parent != nil {
		n = n.Parent
	}
	if n != c.group {
		c.groups, c.cur, c.group = appendNumberGroup(c.groups, c.cur), nil, n
	}
	c.cur = append(c.cur, num)
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

// firstBodyDiff is the index of the first body that differs, or -1.
func firstBodyDiff(a, b [][]byte) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || !bytes.Equal(a[i], b[i]) {
			return i
		}
	}
	return -1
}

// bodyDiff shows where two bodies first differ.
func bodyDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	around := func(x []byte) string { return string(x[max(i-60, 0):min(i+60, len(x))]) }
	return fmt.Sprintf("at byte %d: %q vs %q", i, around(a), around(b))
}
