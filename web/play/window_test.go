package play_test

import (
	"fmt"
	"gaelab/web/webtest"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// nTokens is a seed-b playground of n tokens t1…tn in presentation mode.
func nTokens(n int, extra string) string {
	var b strings.Builder
	b.WriteString("/play?v=1&p=seed-b")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "&tok=t%d", i)
	}
	return b.String() + "&present=1" + extra
}

// windowCols are the token indices t of the table's columns, and those only
// the wide window shows.
func windowCols(doc *goquery.Document) (all, wideOnly []string) {
	doc.Find(`[data-testid="token-table"] thead th[data-t]`).Each(func(_ int, s *goquery.Selection) {
		t, _ := s.Attr("data-t")
		all = append(all, t)
		if s.HasClass("w-wide") {
			wideOnly = append(wideOnly, t)
		}
	})
	return all, wideOnly
}

// Presentation mode shows a window of a long scenario's tokens, around the
// step or the selected cell, moved by links that work without JavaScript;
// up to 8 tokens, and outside presentation mode, the whole table shows.
func TestPresentationWindow(t *testing.T) {
	q20 := nTokens(20, "")
	at := func(extra, view string) string { // the canonical order: state, then the view
		return strings.Replace(q20, "&present=1", extra+"&present=1", 1) + view
	}
	for _, c := range []struct {
		name, path    string
		cols, wide    string // t of the columns, of the wide-only ones
		narrow, wide2 bool   // arrows
	}{
		{"8 tokens whole", nTokens(8, ""), "0 1 2 3 4 5 6 7", "", false, false},
		{"not presenting", strings.Replace(q20, "&present=1", "", 1), "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", "", false, false},
		{"from the start", q20, "0 1 2 3 4 5 6 7 8 9 10 11", "8 9 10 11", true, true},
		// step 5 of 20 writes t = 15: the narrow window 11…18, the wide one 9…20 clamped to 8…19
		{"around the step", at("&step=5", ""), "8 9 10 11 12 13 14 15 16 17 18 19", "8 9 10 19", true, true},
		{"around the selection", at("&sel=adv.10", ""), "4 5 6 7 8 9 10 11 12 13 14 15", "4 5 14 15", true, true},
		{"moved by the teacher", at("", "&win=19"), "8 9 10 11 12 13 14 15 16 17 18 19", "8 9 10 11", true, true},
		{"10 tokens: narrow window only", nTokens(10, ""), "0 1 2 3 4 5 6 7 8 9", "8 9", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := webtest.Page(t, c.path)
			all, wide := windowCols(doc)
			if got := strings.Join(all, " "); got != c.cols {
				t.Errorf("columns t = %s, want %s", got, c.cols)
			}
			if got := strings.Join(wide, " "); got != c.wide {
				t.Errorf("wide-only columns t = %s, want %s", got, c.wide)
			}
			rows := doc.Find(`tr[data-row="adv"] td`)
			if rows.Length() != len(all) {
				t.Errorf("%d cells in a row for %d columns", rows.Length(), len(all))
			}
			if got := doc.Find(`[data-testid="window-narrow"]`).Length() == 1; got != c.narrow {
				t.Errorf("narrow arrows shown: %v, want %v", got, c.narrow)
			}
			if got := doc.Find(`[data-testid="window-wide"]`).Length() == 1; got != c.wide2 {
				t.Errorf("wide arrows shown: %v, want %v", got, c.wide2)
			}
		})
	}

	// Following the narrow "later" arrow from the start opens t = 8…15, and
	// its "earlier" arrow goes back; at the start "earlier" is no link.
	doc := webtest.Page(t, q20)
	arrows := doc.Find(`[data-testid="window-narrow"]`).Children()
	if arrows.First().Is("a") {
		t.Error("at the first token the earlier arrow is a link")
	}
	later, ok := arrows.Last().Attr("href")
	if !ok || !strings.Contains(later, "&win=12") {
		t.Fatalf("the later arrow links %q, want the window centred on t = 12", later)
	}
	doc = webtest.Page(t, later)
	all, wide := windowCols(doc)
	var narrow []string
	for _, t := range all {
		if !strings.Contains(" "+strings.Join(wide, " ")+" ", " "+t+" ") {
			narrow = append(narrow, t)
		}
	}
	if got := strings.Join(narrow, " "); got != "8 9 10 11 12 13 14 15" {
		t.Errorf("after the later arrow the narrow window is t = %s, want 8…15", got)
	}
	if title, _ := doc.Find(`[data-testid="window-narrow"] a`).First().Attr("title"); title != "Earlier tokens (0–7)" {
		t.Errorf("the earlier arrow says %q", title)
	}

	// A step link lets the teacher's window go: it follows the step again.
	doc = webtest.Page(t, at("&step=5", "&win=3"))
	if next, _ := doc.Find(`[data-testid="step-next"]`).Attr("href"); strings.Contains(next, "win=") {
		t.Errorf("the step link %q keeps the moved window", next)
	}
	// win= outside presentation mode means nothing and leaves the link.
	rec := webtest.Get(t, strings.Replace(q20, "&present=1", "", 1)+"&win=4")
	if rec.Code != http.StatusSeeOther || strings.Contains(rec.Header().Get("Location"), "win=") {
		t.Errorf("win= without present=1: %d to %q, want 303 without it", rec.Code, rec.Header().Get("Location"))
	}
}

// Presentation mode's table shows 3 decimals; the exact value stays on the
// number (and in the formula panel).
func TestPresentationThreeDecimals(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-a&present=1")
	if got := cell(doc, "adv", 0); got != "0.651" {
		t.Errorf("A_0 shows %q in presentation mode, want 0.651", got)
	}
	if got := cell(doc, "white", 0); got != "0.830" {
		t.Errorf("whitened A_0 shows %q in presentation mode, want 0.830", got)
	}
	if f, _ := doc.Find(`tr[data-row="white"] td button`).First().Attr("data-f"); !strings.HasPrefix(f, "0.82956") {
		t.Errorf("whitened A_0's exact value is %q on its number, want 0.82956…", f)
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-a")
	if got := cell(doc, "adv", 0); got != "0.6510" {
		t.Errorf("A_0 shows %q outside presentation mode, want 0.6510", got)
	}
}
