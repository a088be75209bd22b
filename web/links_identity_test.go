package web

import (
	"maps"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestLinkNumbersByIdentity checks that the corpus test keys numbers by
// what names them, so that moving a panel changes no key, and that a
// changed value is reported under its quantity and token.
func TestLinkNumbersByIdentity(t *testing.T) {
	page := func(panels ...string) []byte {
		return []byte(`<html><body><main id="main">` + strings.Join(panels, "") + `</main></body></html>`)
	}
	table := `<section data-testid="results"><table data-testid="token-table"><tr data-row="adv" data-q="adv">` +
		`<th scope="row">A</th><td data-t="0"><button data-f="0.82241205">0.8224</button></td>` +
		`<td data-t="3">-0.5161</td></tr></table></section>`
	summary := `<ul data-testid="summary"><li>0.0750</li><li>0.5499 0.0075</li></ul>`
	keyed := func(body []byte) map[string]string {
		t.Helper()
		numbers, _, err := markupNumbers(body, false)
		if err != nil {
			t.Fatal(err)
		}
		return visited{numbers: numbers}.shows().Values
	}
	a, b := keyed(page(table, summary)), keyed(page(summary, table))
	if !maps.Equal(a, b) {
		t.Errorf("moving a panel changed the keys: %v vs %v", a, b)
	}
	want := map[string]string{
		"/main/results/token-table/q=adv/t=0@data-f": "0.82241205",
		"/main/results/token-table/q=adv/t=0":        "0.8224",
		"/main/results/token-table/q=adv/t=3":        "-0.5161",
		"/main/summary":                              "0.0750",
		"/main/summary#2":                            "0.5499",
		"/main/summary#3":                            "0.0075",
	}
	if !maps.Equal(a, want) {
		t.Errorf("keys %v, want %v", a, want)
	}
	changed := keyed(page(strings.Replace(table, "-0.5161", "-0.5162", 1), summary))
	diffs := valueDiffs(a, changed, false)
	if len(diffs) != 1 || !strings.Contains(diffs[0], "q=adv/t=3 is -0.5162, golden -0.5161") {
		t.Errorf("a changed value is reported as %q", diffs)
	}
	gone := keyed(page(summary))
	if d := valueDiffs(a, gone, false); len(d) != 3 || !strings.Contains(d[0], "no longer shown") {
		t.Errorf("numbers no longer shown are reported as %q", d)
	}
	if d := valueDiffs(a, keyed(page(table, summary, `<p data-testid="new">0.1234</p>`)), false); len(d) != 0 {
		t.Errorf("a new panel is reported as %q", d)
	}
	wrapped := `<div data-testid="wrapper">` + table + `</div>`
	if d := valueDiffs(a, keyed(page(wrapped, summary)), false); len(d) != 0 {
		t.Errorf("a part wrapped around the table is reported as %q", d)
	}
	if d := valueDiffs(keyed(page(wrapped, summary)), a, false); len(d) != 0 {
		t.Errorf("a part taken away around the table is reported as %q", d)
	}
	d := valueDiffs(a, keyed(page(strings.Replace(wrapped, "-0.5161", "-0.5162", 1), summary)), false)
	if len(d) != 1 || !strings.Contains(d[0], "q=adv/t=3 (now /main/wrapper/results/token-table/q=adv/t=3) is -0.5162, golden -0.5161") {
		t.Errorf("a changed value in a wrapped table is reported as %q", d)
	}
}

// TestLinkExportNumbersByIdentity checks the keys of the exports: a JSON
// number's path, a CSV cell's record and column.
func TestLinkExportNumbersByIdentity(t *testing.T) {
	js, err := jsonNumbers([]byte(`{"gamma": 1, "rows": {"advantages": [0.5, -0.25]}, "m": [[1, 0]], "s": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	csv, err := csvNumbers([]byte("t,advantages\n0,0.5\n1,-0.25\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		got  []shownNumber
		want map[string]string
	}{
		{js, map[string]string{"gamma": "1", "rows.advantages[0]": "0.5", "rows.advantages[1]": "-0.25", "m[0][0]": "1", "m[0][1]": "0"}},
		{csv, map[string]string{"r1/t": "0", "r1/advantages": "0.5", "r2/t": "1", "r2/advantages": "-0.25"}},
	} {
		got := visited{numbers: c.got}.shows()
		if !maps.Equal(got.Values, c.want) {
			t.Errorf("keys %v, want %v", got.Values, c.want)
		}
		back, err := got.entry().shows()
		if err != nil || !maps.Equal(back.Values, c.want) {
			t.Errorf("stored as %v, read back as %v (%v)", got.entry().Values, back.Values, err)
		}
	}
}

// TestLinkCorpusTablesCarryIdentity checks that the shared tables name the
// quantity on every row (data-q) and the token on every number cell
// (data-t).
func TestLinkCorpusTablesCarryIdentity(t *testing.T) {
	for _, link := range []string{"/play?v=1&p=seed-b", "/compare/versions?v=1&p=seed-b"} {
		rec := httptest.NewRecorder()
		Routes().ServeHTTP(rec, httptest.NewRequest("GET", link, nil))
		doc, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		cells := doc.Find(`[data-testid=token-table] td, [data-testid=compare-table] td`)
		if cells.Length() == 0 {
			t.Fatalf("%s: no table cell", link)
		}
		if bare := cells.Not(`tr[data-q] > td[data-t]`).Length(); bare != 0 {
			t.Errorf("%s: %d of %d cells lack data-q or data-t", link, bare, cells.Length())
		}
		if doc.Find(`tr[data-q="adv"] > td[data-t="3"]`).Length() == 0 {
			t.Errorf("%s: no cell for adv at t = 3", link)
		}
	}
}

// TestSameShown: a number may be shown with fewer decimals than the golden
// has (formatting), never as another number.
func TestSameShown(t *testing.T) {
	for _, c := range []struct {
		golden, shown string
		same          bool
	}{
		{"0.6211", "0.6211", true},
		{"0.6211", "0.621", true},
		{"-0.0500", "-0.050", true},
		{"0.3950", "0.395", true},
		{"0.6215", "0.622", true}, // 0.62152 rounds to both
		{"0.6211", "0.622", false},
		{"0.6211", "0.6212", false},
		{"0.621", "0.6211", false}, // more decimals is not formatting
		{"0.6211", "0.62", true},
		{"0.6211", "0.63", false},
		{"1.0000", "1", true},
		{"NaN", "NaN", true},
		{"NaN", "0.000", false},
		{"0.0000", "-0.000", true},
		{"2", "2.0", false},
	} {
		if got := sameShown(c.golden, c.shown); got != c.same {
			t.Errorf("sameShown(%q, %q) = %v, want %v", c.golden, c.shown, got, c.same)
		}
	}
}
