package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Links never rot: testdata/links/v1.txt lists v=1 links (one per line, '#'
// comments), and testdata/links/v1.golden.json records, for each, the redirects
// it takes, its final status, the problems it reports and the numbers it shows,
// each under its identity: the quantity, row and token its markup names
// (data-q, data-row, data-t, data-series, … and the data-testid/id of the parts
// around it; a JSON path; a CSV column and record). TestLinksNeverRot renders
// every link and fails, naming the link and the number's identity, when a
// number it showed is gone or has another value, or a problem changed. Where
// a number stands in the page does not matter: layout, element order and
// added panels change nothing. When a change is meant to alter what old links
// show (a verl fix, say), edit those entries of the golden file by hand and
// say so in the commit message. New links get their entries with
//
//	go test ./web -run 'TestLinksNeverRot|TestLinksV2NeverRot|TestLinksV3NeverRot' -update-links
//
// which records the links that have none and keeps every existing entry as
// it is: an entry changes only by a deliberate edit of the golden file.
var updateLinks = flag.Bool("update-links", false, "add to testdata/links/v1.golden.json (and v2, v3.golden.json) the entries of links that have none, from what they show now")

// linkCorpus is one corpus of links and the golden file of what they show.
type linkCorpus struct{ links, golden string }

var (
	corpusV1 = linkCorpus{"testdata/links/v1.txt", "testdata/links/v1.golden.json"}
	corpusV2 = linkCorpus{"testdata/links/v2.txt", "testdata/links/v2.golden.json"}
	corpusV3 = linkCorpus{"testdata/links/v3.txt", "testdata/links/v3.golden.json"}
	// corpusTrain is /train's: every preset at iterations 0, 49 and 50, the exports, bad links.
	corpusTrain = linkCorpus{"testdata/links/train.txt", "testdata/links/train.golden.json"}
)

// linkShows is what one link shows. Values maps each number's identity (see
// shownNumber) to the number as printed; order lists the identities in
// document order, for writing.
type linkShows struct {
	Link      string
	Redirects []string // "303 <Location>" for each redirect followed
	Status    int
	Problems  []string // one per listed warning or error: its list's data-testid, ":field" when it names one
	Values    map[string]string
	order     []string
}

// goldenEntry is a linkShows as the golden files store it: the numbers
// grouped by the identities around them (the key up to its last '/', or a
// JSON path up to its first '['), each group one line of "leaf value"
// pairs in document order, so that a table row or a chart reads as one
// line:
//
//	"/main/editor/results/token-table/q=adv": "t=0 0.8224 t=0@data-f 0.8224120546738856 t=1 0.7136 …"
type goldenEntry struct {
	Link      string            `json:"link"`
	Redirects []string          `json:"redirects,omitempty"`
	Status    int               `json:"status"`
	Problems  []string          `json:"problems,omitempty"`
	Values    map[string]string `json:"values"`
}

// splitKey cuts a key into the group it is stored in and its leaf.
func splitKey(key string) (group, leaf string) {
	if i := strings.LastIndexByte(key, '/'); i > 0 {
		return key[:i], key[i+1:]
	}
	if i := strings.IndexByte(key, '['); i > 0 {
		return key[:i], key[i:]
	}
	return "", key
}

func (s linkShows) entry() goldenEntry {
	e := goldenEntry{Link: s.Link, Redirects: s.Redirects, Status: s.Status, Problems: s.Problems, Values: map[string]string{}}
	order := s.order
	if len(order) != len(s.Values) {
		order = sortedKeys(s.Values)
	}
	for _, k := range order {
		g, leaf := splitKey(k)
		if e.Values[g] != "" {
			e.Values[g] += " "
		}
		e.Values[g] += leaf + " " + s.Values[k]
	}
	return e
}

func (e goldenEntry) shows() (linkShows, error) {
	s := linkShows{Link: e.Link, Redirects: e.Redirects, Status: e.Status, Problems: e.Problems, Values: map[string]string{}}
	for g, line := range e.Values {
		f := strings.Fields(line)
		if len(f)%2 != 0 {
			return s, fmt.Errorf("%s: values of %q are not leaf-value pairs", e.Link, g)
		}
		for i := 0; i < len(f); i += 2 {
			k := f[i]
			switch {
			case g == "":
			case strings.HasPrefix(k, "["):
				k = g + k
			default:
				k = g + "/" + k
			}
			if _, dup := s.Values[k]; dup {
				return s, fmt.Errorf("%s: %s stored twice", e.Link, k)
			}
			s.Values[k] = f[i+1]
		}
	}
	return s, nil
}

func TestLinksNeverRot(t *testing.T) { checkCorpus(t, corpusV1) }

// TestLinksV2NeverRot checks the v=2 corpus (links naming a whole verl
// release) by the same rule.
func TestLinksV2NeverRot(t *testing.T) { checkCorpus(t, corpusV2) }

// TestLinksV3NeverRot checks the v=3 corpus (links naming a whole verl
// release, /update pages included) by the same rule.
func TestLinksV3NeverRot(t *testing.T) { checkCorpus(t, corpusV3) }

// TestLinksTrainNeverRot is TestLinksNeverRot for /train's links: their
// curves (each chart's data in its <desc>), token rows and heat maps.
func TestLinksTrainNeverRot(t *testing.T) { checkCorpus(t, corpusTrain) }

func checkCorpus(t *testing.T, c linkCorpus) {
	links := readLinks(t, c.links)
	// Two handlers, so that the second rendering is not the first one's
	// answer from the cache of recent answers.
	h, fresh := Routes(), Routes()
	var got []linkShows
	for _, link := range links {
		v, bodies := visitLink(t, h, link)
		_, again := visitLink(t, fresh, link)
		if i := firstBodyDiff(bodies, again); i >= 0 {
			t.Errorf("%s is not deterministic: rendered twice, response %d differs: %s", link, i, bodyDiff(bodies[i], again[i]))
		}
		got = append(got, v.shows())
	}
	sameInBothLanguages(t, got)
	var want []linkShows
	if _, err := os.Stat(c.golden); err == nil || !*updateLinks {
		want = readLinksGolden(t, c.golden)
	}
	byLink := map[string]linkShows{}
	for _, w := range want {
		byLink[w.Link] = w
	}
	var written []linkShows
	for _, g := range got {
		w, ok := byLink[g.Link]
		if !ok {
			if !*updateLinks {
				t.Errorf("%s has no golden entry: run go test ./web -run TestLinksNeverRot -update-links", g.Link)
			}
			written = append(written, g)
			continue
		}
		delete(byLink, g.Link)
		written = append(written, w)
		compareShows(t, w, g)
	}
	if *updateLinks {
		writeLinksGolden(t, c.golden, written)
	}
	for _, w := range want {
		if _, left := byLink[w.Link]; left {
			t.Errorf("%s is in %s but no longer in %s: links are never removed", w.Link, c.golden, c.links)
		}
	}
}

// sameInBothLanguages checks that a link with lang=zh shows the numbers of
// the same link without it, under the same identities: the language changes
// words, never a number (and the extraction reads no number from the
// wording).
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
			for _, d := range valueDiffs(en.Values, zh.Values, true) {
				t.Errorf("%s shows other numbers than %s: %s", zh.Link, en.Link, d)
			}
		}
	}
}

// compareShows reports every difference between what a link showed when
// the golden file was written and what it shows now. Numbers shown now that
// the golden file does not hold (a new panel, a new chart) are no
// difference.
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
	for _, d := range valueDiffs(want.Values, got.Values, false) {
		t.Errorf("%s: %s", got.Link, d)
	}
}

// valueDiffs lists, in the order of their identities, the numbers of want
// that got no longer shows or shows with another value, and, when both ways
// is set, the numbers got shows that want does not. A page number whose key
// got lacks is looked for under the same identity inside other parts (see
// movedKey): a part wrapped around it or taken away is layout.
func valueDiffs(want, got map[string]string, bothWays bool) []string {
	var out []string
	var moved map[string][]string
	for _, k := range sortedKeys(want) {
		g, ok := got[k]
		if !ok {
			if moved == nil {
				moved = keysByShape(got)
			}
			if gk, found := movedKey(k, moved); found {
				g, ok = got[gk], true
				if !sameShown(want[k], g) {
					out = append(out, fmt.Sprintf("%s (now %s) is %s, golden %s", k, gk, g, want[k]))
				}
				continue
			}
		}
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s no longer shown (golden %s)", k, want[k]))
		case !sameShown(want[k], g):
			out = append(out, fmt.Sprintf("%s is %s, golden %s", k, g, want[k]))
		}
	}
	if bothWays {
		for _, k := range sortedKeys(got) {
			if _, ok := want[k]; !ok {
				out = append(out, fmt.Sprintf("%s = %s shown only here", k, got[k]))
			}
		}
	}
	return out
}

// sameShown reports whether a page shows the golden number: the same text,
// or the same number written with fewer decimals (formatting, e.g. the 3
// decimals of presentation mode where the golden has 4). Both must then
// be roundings of one value: 0.6211 may show as 0.621, never as 0.622.
func sameShown(golden, shown string) bool {
	if golden == shown {
		return true
	}
	gd, sd := decimals(golden), decimals(shown)
	if sd < 0 || gd <= sd {
		return false
	}
	g, err1 := strconv.ParseFloat(golden, 64)
	s, err2 := strconv.ParseFloat(shown, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	half := func(d int) float64 { return 0.5 * math.Pow(10, -float64(d)) }
	return math.Abs(g-s) <= half(gd)+half(sd)+1e-12
}

// decimals is the number of digits after the point of a plain decimal
// number ("-0.0500" → 4, "3" → 0), or −1 for anything else.
func decimals(x string) int {
	x = strings.TrimPrefix(x, "-")
	whole, frac, _ := strings.Cut(x, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" {
		return -1
	}
	return len(frac)
}

// keyShape splits a page number's key into its parts (the data-testid and
// id values around it) and its identity: every name=value part (quantity,
// token, row, …) and the last part (what shows it), which must stay as
// they are. Keys of exports (no leading '/') have no parts.
func keyShape(key string) (parts []string, identity string) {
	if !strings.HasPrefix(key, "/") {
		return nil, key
	}
	f := strings.Split(key[1:], "/")
	var id []string
	for i, p := range f {
		if i < len(f)-1 && !strings.Contains(p, "=") {
			parts = append(parts, p)
			continue
		}
		id = append(id, p)
	}
	return parts, strings.Join(id, "/")
}

func keysByShape(m map[string]string) map[string][]string {
	by := map[string][]string{}
	for k := range m {
		if _, id := keyShape(k); strings.HasPrefix(k, "/") {
			by[id] = append(by[id], k)
		}
	}
	return by
}

// movedKey finds the one key of got with want's identity whose parts hold
// want's parts, or are held by them, in order: the number inside a part
// added around it, or one taken away.
func movedKey(want string, byShape map[string][]string) (string, bool) {
	if !strings.HasPrefix(want, "/") {
		return "", false
	}
	parts, id := keyShape(want)
	found := ""
	for _, k := range byShape[id] {
		kp, _ := keyShape(k)
		if isSubsequence(parts, kp) || isSubsequence(kp, parts) {
			if found != "" {
				return "", false // ambiguous: not the same number for sure
			}
			found = k
		}
	}
	return found, found != ""
}

// isSubsequence reports whether a's items stand in b in the same order.
func isSubsequence(a, b []string) bool {
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
		}
	}
	return i == len(a)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
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
	var entries []goldenEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatalf("%s: %v", linksGoldenFile, err)
	}
	var shows []linkShows
	for _, e := range entries {
		if e.Values == nil {
			t.Fatalf("%s: %s has no \"values\" (a file in the positional format of before: TestConvertLinksGolden, in git history at af56075, converts it)", linksGoldenFile, e.Link)
		}
		s, err := e.shows()
		if err != nil {
			t.Fatalf("%s: %v", linksGoldenFile, err)
		}
		shows = append(shows, s)
	}
	return shows
}

func writeLinksGolden(t *testing.T, linksGoldenFile string, shows []linkShows) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // links keep their & and < readable
	enc.SetIndent("", " ")
	entries := make([]goldenEntry, len(shows))
	for i, s := range shows {
		entries[i] = s.entry()
		if back, err := entries[i].shows(); err != nil || !maps.Equal(back.Values, s.Values) {
			t.Fatalf("%s: its numbers do not read back as written (%v)", s.Link, err)
		}
	}
	if err := enc.Encode(entries); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(linksGoldenFile, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d links", linksGoldenFile, len(shows))
}

// visited is what one link's final answer showed: its status, problems and
// numbers in document order.
type visited struct {
	link      string
	redirects []string
	status    int
	problems  []string
	numbers   []shownNumber
}

// shows keys the numbers by their identities.
func (v visited) shows() linkShows {
	s := linkShows{Link: v.link, Redirects: v.redirects, Status: v.status, Problems: v.problems, Values: map[string]string{}}
	for _, n := range v.numbers {
		s.Values[n.key] = n.n
		s.order = append(s.order, n.key)
	}
	return s
}

// visitLink requests a link as a browser without JavaScript would (no
// Accept-Encoding, no Accept-Language, no htmx headers), follows redirects
// and extracts what the final answer shows. It returns every body, redirects
// included, for the determinism check.
func visitLink(t *testing.T, h http.Handler, link string) (visited, [][]byte) {
	t.Helper()
	v := visited{link: link}
	var bodies [][]byte
	target := link
	for hop := 0; ; hop++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		bodies = append(bodies, rec.Body.Bytes())
		loc := rec.Header().Get("Location")
		if rec.Code < 300 || rec.Code > 399 || loc == "" {
			v.status = rec.Code
			v.numbers, v.problems = extractNumbers(t, link, rec.Header().Get("Content-Type"), rec.Body.Bytes())
			return v, bodies
		}
		if hop == 5 {
			t.Fatalf("%s: more than 5 redirects: %q", link, v.redirects)
		}
		v.redirects = append(v.redirects, strconv.Itoa(rec.Code)+" "+loc)
		target = loc
	}
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
