package web

import (
	"encoding/json"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
)

// The golden files first recorded each link's numbers by position: one
// string per element, numbers in document order. TestConvertLinksGolden
// turned them into numbers keyed by identity, mechanically: it renders each
// link, checks that the numbers it shows, in document order, are exactly
// the stored ones (what the positional test compared), and then
// stores the i-th stored number under the identity of the i-th number
// shown. An entry that does not match number for number is not converted
// and fails the run. Nothing is re-recorded: every value comes from the
// stored file.
//
//	go test ./web -run TestConvertLinksGolden -convert-links
var convertLinks = flag.Bool("convert-links", false, "convert testdata/links/v*.golden.json from the positional format to numbers keyed by identity")

// positionalShows is an entry of the positional format.
type positionalShows struct {
	Link      string   `json:"link"`
	Redirects []string `json:"redirects,omitempty"`
	Status    int      `json:"status"`
	Problems  []string `json:"problems,omitempty"`
	Numbers   []string `json:"numbers"`
}

func TestConvertLinksGolden(t *testing.T) {
	if !*convertLinks {
		t.Skip("converts the golden files only with -convert-links")
	}
	for _, c := range []linkCorpus{corpusV1, corpusV2} {
		data, err := os.ReadFile(c.golden)
		if err != nil {
			t.Fatal(err)
		}
		var old []positionalShows
		if err := json.Unmarshal(data, &old); err != nil {
			t.Fatalf("%s: %v", c.golden, err)
		}
		h := Routes()
		var converted []linkShows
		for _, o := range old {
			if o.Numbers == nil {
				t.Fatalf("%s: %s is not in the positional format", c.golden, o.Link)
			}
			v, _ := visitLink(t, h, o.Link)
			s, ok := convertShows(t, o, v)
			if !ok {
				continue
			}
			converted = append(converted, s)
		}
		if t.Failed() {
			t.Fatalf("%s: not every entry converts; nothing written", c.golden)
		}
		writeLinksGolden(t, c.golden, converted)
	}
}

// convertShows keys the stored numbers of entry o by the identities of the
// numbers the link shows now, v, after checking that v shows exactly what o
// stored.
func convertShows(t *testing.T, o positionalShows, v visited) (linkShows, bool) {
	t.Helper()
	if !slices.Equal(o.Redirects, v.redirects) || o.Status != v.status || !slices.Equal(o.Problems, v.problems) {
		t.Errorf("%s: redirects, status or problems differ from the stored entry", o.Link)
		return linkShows{}, false
	}
	// The positional test compared the numbers in order, not their
	// grouping (markup that regrouped them did not fail it), so neither
	// does the conversion.
	var stored, shown []string
	for _, g := range o.Numbers {
		stored = append(stored, strings.Fields(g)...)
	}
	for _, n := range v.numbers {
		shown = append(shown, n.n)
	}
	if !slices.Equal(stored, shown) {
		t.Errorf("%s: shows %q, stored %q", o.Link, positionalGroups(v.numbers), o.Numbers)
		return linkShows{}, false
	}
	s := linkShows{Link: o.Link, Redirects: o.Redirects, Status: o.Status, Problems: o.Problems, Values: map[string]string{}}
	for i, n := range v.numbers {
		if _, dup := s.Values[n.key]; dup {
			t.Errorf("%s: two numbers under %s", o.Link, n.key)
			return linkShows{}, false
		}
		s.Values[n.key] = stored[i]
		s.order = append(s.order, n.key)
	}
	return s, true
}

// positionalGroups writes numbers as the positional format did: one string
// per group, numbers separated by spaces.
func positionalGroups(numbers []shownNumber) []string {
	var out, cur []string
	for i, n := range numbers {
		if i > 0 && n.group != numbers[i-1].group {
			out, cur = append(out, strings.Join(cur, " ")), nil
		}
		cur = append(cur, n.n)
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}
