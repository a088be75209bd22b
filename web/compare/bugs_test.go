package compare_test

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// bugBatch is the batch the bugs page must compute for a link: the
// scenario's rewards under the newest verl, and with rows=2 a second
// sequence whose reward and score at the last valid token are 1 lower.
func bugBatch(t *testing.T, query string, rows int) engine.BugInput {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Decode(q, "bug", "rows", "lang")
	s.Version = engine.VerlNewest
	res := s.Compute()
	vals := make([]float64, s.Len())
	for k, tok := range s.Tokens {
		vals[k] = tok.Value
	}
	in := engine.BugInput{Rewards: [][]float64{res.Rewards}, Scores: [][]float64{res.Scores}, Values: [][]float64{vals}, Mask: [][]float64{res.Mask}, Gamma: s.Gamma, Lam: s.Lam}
	if rows == 2 {
		r, sc := slices.Clone(res.Rewards), slices.Clone(res.Scores)
		last := -1
		for k, m := range res.Mask {
			if m == 1 {
				last = k
			}
		}
		if last >= 0 {
			r[last], sc[last] = r[last]-1, sc[last]-1
		}
		in.Rewards, in.Scores = append(in.Rewards, r), append(in.Scores, sc)
		in.Values, in.Mask = append(in.Values, vals), append(in.Mask, res.Mask)
	}
	return in
}

// checkSeries compares one row of a table with the engine's numbers and
// returns how many of its cells are marked.
func checkSeries(t *testing.T, name string, table *goquery.Selection, row, series string, want []float64) int {
	t.Helper()
	marked := 0
	for k := range want {
		got, td := compareCell(table, row, series, k)
		if want == nil {
			continue
		}
		if got != page.Num(want[k]) {
			t.Errorf("%s: %s/%s at t=%d shows %s, engine %s", name, row, series, k, got, page.Num(want[k]))
		}
		if td.HasClass("differs") {
			marked++
		}
	}
	return marked
}

// Every bug on several scenarios, one and two sequences, both languages:
// each table shows the engine's correct and buggy numbers, and marks (with
// class and text) exactly the cells where they differ.
func TestCompareBugsMatchEngine(t *testing.T) {
	all := make([]string, len(engine.Bugs))
	for i, b := range engine.Bugs {
		all[i] = string(b)
	}
	for _, scen := range []string{"v=1&p=v02-eos-leak", "v=1&p=multi-turn", "v=1&p=seed-b", "v=1&p=eos-padding&lam=1", "v=1&p=v02-eos-leak&V=0.4,0.5,0.7,0.8,0.5,0.3"} {
		for _, rows := range []int{1, 2} {
			for _, lang := range []string{"en", "zh"} {
				link := "/compare/bugs?" + scen + "&bug=" + strings.Join(all, ",")
				if rows == 2 {
					link += "&rows=2"
				}
				doc := comparePage(t, link+"&lang="+lang)
				in := bugBatch(t, scen, rows)
				correct := engine.CorrectGAE(in)
				for _, bug := range engine.Bugs {
					buggy, _ := engine.GAEWithBug(bug, in)
					sec := doc.Find(`section#bug-` + string(bug))
					if sec.Length() != 1 {
						t.Fatalf("%s: no section for %s", link, bug)
					}
					if tables := sec.Find(`[data-testid="compare-table"]`); tables.Length() != rows {
						t.Fatalf("%s %s: %d tables, want one per sequence (%d)", link, bug, tables.Length(), rows)
					}
					for i := range rows {
						table := sec.Find(`[data-testid="compare-table"]`).Eq(i)
						name := link + " " + string(bug) + " row " + strconv.Itoa(i)
						for _, q := range []struct {
							id       string
							ok, ko   [][]float64
							inputRow bool
						}{
							{"reward", correct.Rewards, buggy.Rewards, true}, {"value", correct.Values, buggy.Values, true},
							{"next", correct.NextValues, buggy.NextValues, false}, {"delta", correct.Deltas, buggy.Deltas, false},
							{"adv", correct.Advantages, buggy.Advantages, false}, {"ret", correct.Returns, buggy.Returns, false},
							{"white", correct.Whitened, buggy.Whitened, false},
						} {
							ok, ko := rowOfTest(q.ok, i), rowOfTest(q.ko, i)
							want := 0
							for k := range ok {
								if ko != nil && realDiff(ok[k], ko[k]) {
									want++
								}
							}
							if q.inputRow && want == 0 { // unchanged inputs: one shared row
								checkSeries(t, name, table, q.id, "", ok)
								continue
							}
							got := checkSeries(t, name, table, q.id, "correct", ok)
							if ko != nil {
								checkSeries(t, name, table, q.id, "buggy", ko)
							}
							if got != want {
								t.Errorf("%s: %s has %d marked cells, want %d", name, q.id, got, want)
							}
						}
						marks := table.Find(`td.differs`).Length()
						if text := strings.Count(table.Find(`td.differs .differs-mark`).Text(), "≠"); text != marks {
							t.Errorf("%s: %d marked cells but %d text markers", name, marks, text)
						}
					}
					if sec.Find(`figure.chart svg[role="img"]`).Length() != rows {
						t.Errorf("%s %s: want one chart per sequence", link, bug)
					}
				}
			}
		}
	}
}

func rowOfTest(m [][]float64, i int) []float64 {
	if m == nil {
		return nil
	}
	return m[i]
}

// What each bug's story says, on the page.
func TestCompareBugsStories(t *testing.T) {
	// eos-leak: with λ = 0.9 every valid token changes; with λ = 1 none
	// does, and the page says why and where it shows.
	doc := webtest.Page(t, "/compare/bugs?v=1&p=v02-eos-leak&bug=eos-leak")
	for k := 0; k < 4; k++ {
		if _, td := compareCell(doc.Selection, "adv", "buggy", k); !td.HasClass("differs") {
			t.Errorf("eos-leak λ=0.9: A_%d is not marked", k)
		}
	}
	doc = webtest.Page(t, "/compare/bugs?v=1&p=v02-eos-leak&lam=1&bug=eos-leak")
	for k := 0; k < 4; k++ {
		if _, td := compareCell(doc.Selection, "adv", "buggy", k); td.HasClass("differs") {
			t.Errorf("eos-leak λ=1: A_%d is marked; the leak cancels", k)
		}
	}
	sec := doc.Find("#bug-eos-leak")
	if !strings.Contains(sec.Text(), "no advantage or return of a valid token changes") || !strings.Contains(sec.Text(), "λ < 1") {
		t.Errorf("eos-leak λ=1: the section does not say why nothing valid changes: %q", sec.Find(".note").Text())
	}
	if href := sec.Find(`[data-testid="bug-try"]`).AttrOr("href", ""); href != "/compare/bugs?v=1&p=v02-eos-leak&bug=eos-leak&lang=en" {
		t.Errorf("eos-leak: try link %q", href)
	}

	// per-seq-whiten: one sequence changes nothing and the page says so;
	// two change the whitened advantages only.
	doc = webtest.Page(t, "/compare/bugs?v=1&p=seed-b&bug=per-seq-whiten")
	sec = doc.Find("#bug-per-seq-whiten")
	if sec.Find("td.differs").Length() != 0 || !strings.Contains(sec.Text(), "whitening per batch") {
		t.Errorf("per-seq-whiten, one sequence: marked %d cells; note %q", sec.Find("td.differs").Length(), sec.Find(".note").Text())
	}
	if href := sec.Find(`[data-testid="bug-try"]`).AttrOr("href", ""); href != "/compare/bugs?v=1&p=seed-b&bug=per-seq-whiten&rows=2&lang=en" {
		t.Errorf("per-seq-whiten: try link %q", href)
	}
	doc = webtest.Page(t, "/compare/bugs?v=1&p=seed-b&bug=per-seq-whiten&rows=2")
	doc.Find("#bug-per-seq-whiten td.differs").Each(func(_ int, td *goquery.Selection) {
		if row := td.Parent().AttrOr("data-row", ""); row != "white" {
			t.Errorf("per-seq-whiten changed %s, want the whitened advantages only", row)
		}
	})
	if doc.Find("#bug-per-seq-whiten td.differs").Length() == 0 {
		t.Error("per-seq-whiten on two sequences marks nothing")
	}
	if !strings.Contains(doc.Text(), "scored 1 lower") {
		t.Error("rows=2: the page does not say what the second sequence is")
	}

	// whitened-returns changes the returns only; shift every δ;
	// trl-reward-slot moves the reward and shows its own rewards row.
	doc = webtest.Page(t, "/compare/bugs?v=1&p=dense&bug=shift,whitened-returns")
	doc.Find("#bug-whitened-returns td.differs").Each(func(_ int, td *goquery.Selection) {
		if row := td.Parent().AttrOr("data-row", ""); row != "ret" {
			t.Errorf("whitened-returns changed %s", row)
		}
	})
	for k := 0; k < 6; k++ {
		if _, td := compareCell(doc.Find("#bug-shift"), "delta", "buggy", k); !td.HasClass("differs") {
			t.Errorf("shift: δ_%d is not marked", k)
		}
	}
	doc = webtest.Page(t, "/compare/bugs?v=1&p=eos-padding&bug=trl-reward-slot")
	sec = doc.Find("#bug-trl-reward-slot")
	if _, td := compareCell(sec, "reward", "buggy", 4); !td.HasClass("differs") {
		t.Error("trl-reward-slot: the reward is not marked as moved to the slot after EOS (t=4)")
	}
	if !strings.Contains(sec.Find(`[data-testid="bug-ref"]`).Text(), "huggingface/trl#1893") {
		t.Errorf("trl-reward-slot: reference %q", sec.Find(`[data-testid="bug-ref"]`).Text())
	}
}

// Without a bug the page shows the correct result and how to pick a bug.
func TestCompareBugsNone(t *testing.T) {
	doc := webtest.Page(t, "/compare/bugs?v=1&p=seed-b")
	if doc.Find(`[data-testid="bug-hint"]`).Length() != 1 || doc.Find(`section.bug`).Length() != 0 {
		t.Fatal("no hint, or bug sections without a bug")
	}
	correct := engine.CorrectGAE(bugBatch(t, "v=1&p=seed-b", 1))
	checkSeries(t, "no bug", doc.Selection, "adv", "correct", correct.Advantages[0])
	checkSeries(t, "no bug", doc.Selection, "white", "correct", correct.Whitened[0])
	if n := doc.Find(`input[type="checkbox"][name="bug"]`).Length(); n != len(engine.Bugs) {
		t.Errorf("%d bug checkboxes, want %d", n, len(engine.Bugs))
	}
}

// Links: bug= in engine.Bugs' order (from a list or from checkboxes),
// rows=2 after it, unknown values reported, every page link kept.
func TestCompareBugsLinks(t *testing.T) {
	for from, to := range map[string]string{
		"/compare/bugs?v=1&p=seed-b&bug=shift,eos-leak":                 "/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift",
		"/compare/bugs?v=1&p=seed-b&bug=no-reverse&bug=shift&bug=shift": "/compare/bugs?v=1&p=seed-b&bug=shift,no-reverse",
		"/compare/bugs?rows=2&v=1&p=seed-b&bug=shift":                   "/compare/bugs?v=1&p=seed-b&bug=shift&rows=2",
		"/compare/bugs?v=1&p=seed-b&rows=1&lang=zh":                     "/compare/bugs?v=1&p=seed-b&lang=zh",
		"/compare/bugs?v=1&p=seed-b&bug=":                               "/compare/bugs?v=1&p=seed-b",
	} {
		rec := webtest.Get(t, from)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != to {
			t.Errorf("GET %s: %d to %q, want 303 to %q", from, rec.Code, rec.Header().Get("Location"), to)
		}
	}
	for _, bad := range []string{"/compare/bugs?v=1&p=seed-b&bug=off-by-two", "/compare/bugs?v=1&p=seed-b&rows=3"} {
		doc := webtest.Page(t, bad)
		if w := doc.Find(`[data-testid="warnings"]`).Text(); !strings.Contains(w, "off-by-two") && !strings.Contains(w, "«3»") {
			t.Errorf("%s: not reported (%q)", bad, w)
		}
	}
	doc := webtest.Page(t, "/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift&rows=2&lang=zh")
	if got := doc.Find(`a.lang-switch`).AttrOr("href", ""); switchTarget(got, "en") != "/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift&rows=2&lang=en" {
		t.Errorf("the language switch goes to %q", got)
	}
	if got := doc.Find(`button.copy-link`).AttrOr("data-url", ""); got != "/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift&rows=2&lang=zh" {
		t.Errorf("the copy button copies %q", got)
	}
	form := doc.Find(`form[data-testid="compare-form"]`)
	for _, b := range engine.Bugs {
		checked := form.Find(`input[name="bug"][value="` + string(b) + `"]`).Is("[checked]")
		if want := b == engine.BugEOSLeak || b == engine.BugShift; checked != want {
			t.Errorf("checkbox %s checked = %v", b, checked)
		}
	}
	if form.Find(`select#rows option[value="2"]`).AttrOr("selected", "no") == "no" {
		t.Error("rows=2 is not selected in the form")
	}

	rec := webtest.Get(t, "/compare/bugs?v=1&p=seed-b&bug=shift&bug=eos-leak", "HX-Request", "true", "HX-Target", "compare-results")
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "<html") || !strings.Contains(rec.Body.String(), `id="bug-shift"`) {
		t.Fatalf("htmx answer: %d %.200s", rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("HX-Replace-Url"); got != "/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift" {
		t.Errorf("HX-Replace-Url %q", got)
	}
}

// Bad scenarios keep the page working.
func TestCompareBugsBadInput(t *testing.T) {
	for _, link := range []string{
		"/compare/bugs?v=1&p=seed-b&mask=0,0,0,0,0,1&bug=whitened-returns,per-seq-whiten",
		"/compare/bugs?v=1&p=seed-b&mask=0,0,0,0,0,0&bug=eos-leak,trl-reward-slot,bootstrap&rows=2",
		"/compare/bugs?v=1&p=seed-b&mask=1,0,0,0,0,0&bug=no-reverse,shift&rows=2",
		"/compare/bugs?v=1&p=seed-b&lam=abc&bug=shift",
		"/compare/bugs?v=1&p=seed-b&V=1000000,-1000000,1000000,-1000000,1000000,-1000000&lam=0&bug=shift",
	} {
		doc := comparePage(t, link)
		if doc.Find(`[data-testid="compare-results"]`).Length() != 1 {
			t.Errorf("%s: no results", link)
		}
	}
	doc := webtest.Page(t, "/compare/bugs?v=1&p=seed-b&mask=0,0,0,0,0,1&bug=whitened-returns")
	if got := doc.Find(`#bug-whitened-returns [data-testid="compare-errors"]`).Text(); !strings.Contains(got, "one valid token") {
		t.Errorf("whitened-returns without whitening: %q", got)
	}
}

// Budget: a 64-token page with every bug (7 sections, 8 GAE runs) renders
// in a few milliseconds.
func BenchmarkCompareBugs64(b *testing.B) {
	all := make([]string, len(engine.Bugs))
	for i, bug := range engine.Bugs {
		all[i] = string(bug)
	}
	target := strings.Replace(webtest.LongScenario(64), "/play?", "/compare/bugs?", 1) + "&bug=" + strings.Join(all, ",")
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		rec := compareServe(h, target)
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/page")
}

// /compare/bugs opened from a link without bug= (issue 26, point 8) shows
// the correct result's chart, an inline SVG with its download link that
// answers, and each bug one tick away, in both languages.
func TestCompareBugsCorrectChart(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/compare/bugs?v=1&p=seed-b&lang="+lang)
		fig := doc.Find(`[data-testid="compare-results"] figure`)
		if fig.Length() != 1 || fig.Find("svg").Length() != 1 {
			t.Fatalf("%s: %d charts without a bug, want the correct result's", lang, fig.Length())
		}
		href, _ := fig.Find("a[download]").Attr("href")
		if rec := webtest.Get(t, href); rec.Code != 200 || !strings.Contains(rec.Body.String(), "<svg") {
			t.Errorf("%s: the correct chart's link %s answers %d", lang, href, rec.Code)
		}
		if n := doc.Find(`input[type="checkbox"][name="bug"]`).Length(); n != len(engine.Bugs) {
			t.Errorf("%s: %d bug checkboxes, want %d", lang, n, len(engine.Bugs))
		}
	}
}
