package compare_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// compareCell is the number a comparison table shows for quantity row,
// computation series ("" for a shared row) and token t, and its cell.
func compareCell(s *goquery.Selection, row, series string, t int) (string, *goquery.Selection) {
	tr := s.Find(`[data-testid="compare-table"] tr[data-row="` + row + `"][data-series="` + series + `"]`)
	td := tr.Find("td").Eq(t)
	return strings.TrimSpace(td.Find(".num").Text()), td
}

// realDiff is the test's own idea of "differs": beyond float64 rounding.
func realDiff(a, b float64) bool {
	return math.Abs(a-b) > 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// bothGenerations is the scenario's GAE in v0.2 and in the newest verl, on
// the rewards the scenario computes, as the page must show them.
func bothGenerations(t *testing.T, s scenario.Scenario) (early, newest engine.GAEResult, mask []float64) {
	t.Helper()
	res := s.Compute()
	vals := make([]float64, s.Len())
	for k, tok := range s.Tokens {
		vals[k] = tok.Value
	}
	one := func(x []float64) [][]float64 { return [][]float64{x} }
	early = engine.GAE(engine.V1Early, one(res.Rewards), one(vals), one(res.Mask), s.Gamma, s.Lam)
	newest = engine.GAE(engine.V1Newest, one(res.Rewards), one(vals), one(res.Mask), s.Gamma, s.Lam)
	return early, newest, res.Mask
}

// Every preset, in both languages: each cell shows the engine's number for
// its generation, and a cell of next/δ/A/R is marked exactly when the two
// generations differ.
func TestCompareVersionsMatchEngine(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, edit := range []string{"", "&lam=1", "&gamma=0.9"} {
			for _, lang := range []string{"en", "zh"} {
				doc := comparePage(t, "/compare/versions?v=1&p="+id+edit+"&lang="+lang)
				s, _ := scenario.Preset(id)
				q, _ := url.ParseQuery(strings.TrimPrefix(edit, "&"))
				s, _ = scenario.Decode(mergeQuery(url.Values{"p": {id}}, q))
				early, newest, mask := bothGenerations(t, s)
				for _, row := range []struct {
					id         string
					early, new [][]float64
				}{
					{"next", early.NextValues, newest.NextValues}, {"delta", early.Deltas, newest.Deltas},
					{"adv", early.Advantages, newest.Advantages}, {"ret", early.Returns, newest.Returns},
					{"white", early.Whitened, newest.Whitened},
				} {
					if row.early == nil {
						if doc.Find(`tr[data-row="white"]`).Length() != 0 {
							t.Errorf("%s%s: whitening fails, yet the table has whitened rows", id, edit)
						}
						continue
					}
					for k := range mask {
						e, td := compareCell(doc.Selection, row.id, "early", k)
						n, _ := compareCell(doc.Selection, row.id, "newest", k)
						if e != page.Num(row.early[0][k]) || n != page.Num(row.new[0][k]) {
							t.Errorf("%s%s/%s: %s at t=%d shows %s | %s, engine %s | %s", id, edit, lang, row.id, k, e, n, page.Num(row.early[0][k]), page.Num(row.new[0][k]))
						}
						if row.id == "white" {
							continue // the ε of masked_mean: checked in TestCompareVersionsWhitenedNoise
						}
						want := realDiff(row.early[0][k], row.new[0][k])
						if got := td.HasClass("differs"); got != want {
							t.Errorf("%s%s: %s at t=%d marked %v, want %v (%s vs %s)", id, edit, row.id, k, got, want, e, n)
						}
						if got := strings.Contains(td.Text(), "≠"); got != want {
							t.Errorf("%s%s: %s at t=%d: text marker ≠ %v, want %v", id, edit, row.id, k, got, want)
						}
					}
				}
			}
		}
	}
}

// mergeQuery adds q's parameters to base.
func mergeQuery(base, q url.Values) url.Values {
	for k, vs := range q {
		base[k] = vs
	}
	return base
}

// The whitened rows differ by about 1e-8 everywhere (masked_mean's ε): the
// page says so once and marks no cell for it where 4 decimals agree.
func TestCompareVersionsWhitenedNoise(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=seed-b")
	if n := doc.Find(".differs").Length(); n != 0 {
		t.Errorf("seed B has %d marked cells; the generations agree on it up to the ε", n)
	}
	if !strings.Contains(doc.Find("main").Text(), "1e-8") {
		t.Error("the page does not explain the 1e-8 difference of the whitened values")
	}
	if got := doc.Find(`[data-testid="summary"]`).Text(); !strings.Contains(got, "No cell differs") {
		t.Errorf("summary %q does not say that no cell differs", got)
	}
}

// reasonsAt is the set of reason letters of a marked cell.
func reasonsAt(doc *goquery.Document, row, series string, t int) string {
	_, td := compareCell(doc.Selection, row, series, t)
	var out []string
	td.Find(".differs-mark a").Each(func(_ int, a *goquery.Selection) { out = append(out, a.Text()) })
	return strings.Join(out, "")
}

// Each differing cell's reason follows from the scenario: non-zero values
// after EOS (E), an observation span (O), a reward on a mask-0 token (R).
func TestCompareVersionsReasons(t *testing.T) {
	cases := []struct {
		name, link string
		checks     map[[2]any]string // {row, t} → reason letters of v0.2's cell ("-" = not marked)
		reasons    []string          // the ids of the reasons the page explains
	}{
		{"eos leak λ=0.9", "/compare/versions?v=1&p=v02-eos-leak", map[[2]any]string{
			{"adv", 0}: "E", {"adv", 3}: "E", {"next", 3}: "E", {"delta", 3}: "E", {"next", 2}: "-", {"delta", 4}: "-", {"ret", 4}: "E",
		}, []string{"reason-eos"}},
		{"eos leak λ=1 cancels before EOS", "/compare/versions?v=1&p=v02-eos-leak&lam=1", map[[2]any]string{
			{"adv", 0}: "-", {"adv", 3}: "-", {"delta", 3}: "E", {"adv", 4}: "E", {"white", 0}: "-",
		}, []string{"reason-eos"}},
		{"observation span", "/compare/versions?v=1&p=multi-turn", map[[2]any]string{
			{"adv", 0}: "O", {"adv", 1}: "O", {"next", 1}: "O", {"next", 0}: "-", {"adv", 4}: "-", {"adv", 6}: "-", {"white", 6}: "O",
		}, []string{"reason-obs"}},
		{"score on an observation token", "/compare/versions?v=1&p=multi-turn&mask=1,1,o,o,1,1,o", map[[2]any]string{
			{"adv", 5}: "RO", {"adv", 0}: "RO", {"delta", 6}: "-", {"next", 5}: "O",
		}, []string{"reason-obs", "reason-reward"}},
	}
	for _, c := range cases {
		doc := webtest.Page(t, c.link)
		for at, want := range c.checks {
			row, k := at[0].(string), at[1].(int)
			_, td := compareCell(doc.Selection, row, "early", k)
			got := reasonsAt(doc, row, "early", k)
			if !td.HasClass("differs") {
				got = "-"
			}
			if sorted(got) != sorted(want) {
				t.Errorf("%s: %s at t=%d has reasons %q, want %q", c.name, row, k, got, want)
			}
		}
		for _, id := range c.reasons {
			dt := doc.Find("dt#" + id)
			if dt.Length() != 1 {
				t.Errorf("%s: the reason %s is not explained", c.name, id)
				continue
			}
			if !strings.Contains(dt.Next().Text(), "verl#") {
				t.Errorf("%s: the reason %s names no verl pull request: %q", c.name, id, dt.Next().Text())
			}
		}
		if got := doc.Find(".reasons dt").Length(); got != len(c.reasons) {
			t.Errorf("%s: %d reasons explained, want %d", c.name, got, len(c.reasons))
		}
	}
}

func sorted(s string) string {
	r := []rune(s)
	for i := range r {
		for j := i + 1; j < len(r); j++ {
			if r[j] < r[i] {
				r[i], r[j] = r[j], r[i]
			}
		}
	}
	return string(r)
}

// The chart compares the raw advantages and marks the differing tokens.
func TestCompareVersionsChart(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn")
	svg := doc.Find(`#chart-compare-versions svg`)
	if svg.Length() != 1 || svg.AttrOr("role", "") != "img" {
		t.Fatalf("no comparison chart (role=img)")
	}
	marked := 0
	doc.Find(`tr[data-row="adv"][data-series="newest"] td`).Each(func(_ int, td *goquery.Selection) {
		if td.HasClass("differs") {
			marked++
		}
	})
	if got := svg.Find(`text.differs`).Length(); got != marked || marked == 0 {
		t.Errorf("the chart marks %d tokens, the table %d advantages", got, marked)
	}
}

// Links: canonical order (a link in another order redirects), show= in a
// fixed order, and every link of the page keeps the page's parameters.
func TestCompareVersionsLinks(t *testing.T) {
	for from, to := range map[string]string{
		"/compare/versions":                                            "/compare/versions?v=1&p=seed-b",
		"/compare/versions?p=multi-turn&v=1":                           "/compare/versions?v=1&p=multi-turn",
		"/compare/versions?v=1&p=seed-b&show=white,adv":                "/compare/versions?v=1&p=seed-b&show=adv,white",
		"/compare/versions?v=1&p=seed-b&show=ret&show=next":            "/compare/versions?v=1&p=seed-b&show=next,ret",
		"/compare/versions?v=1&p=seed-b&show=next,delta,adv,ret,white": "/compare/versions?v=1&p=seed-b",
		"/compare/versions?v=1&p=seed-b&lang=zh&lam=0.5":               "/compare/versions?v=1&p=seed-b&lam=0.5&lang=zh",
	} {
		rec := webtest.Get(t, from)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != to {
			t.Errorf("GET %s: %d to %q, want 303 to %q", from, rec.Code, rec.Header().Get("Location"), to)
		}
	}
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn&show=adv&lang=en")
	if got := doc.Find(`a.lang-switch`).AttrOr("href", ""); switchTarget(got, "zh") != "/compare/versions?v=1&p=multi-turn&show=adv&lang=zh" {
		t.Errorf("the language switch goes to %q", got)
	}
	if got := doc.Find(`[data-testid="open-playground"]`).AttrOr("href", ""); got != "/play?v=1&p=multi-turn&lang=en" {
		t.Errorf("Open in the playground goes to %q", got)
	}
	if got := doc.Find(`button.copy-link`).AttrOr("data-url", ""); got != "/compare/versions?v=1&p=multi-turn&show=adv&lang=en" {
		t.Errorf("the copy button copies %q", got)
	}
	if n := doc.Find(`tbody[data-group]`).Length(); n != 3 { // rewards, values, advantages
		t.Errorf("show=adv: %d quantities in the table, want 3", n)
	}
	doc.Find(`[data-testid="try"] a`).Each(func(_ int, a *goquery.Selection) {
		if href := a.AttrOr("href", ""); !strings.HasPrefix(href, "/compare/versions?v=1&p=") || !strings.Contains(href, "&show=adv&lang=en") {
			t.Errorf("try link %q does not keep the page's parameters", href)
		}
	})
}

// The form is a GET form of the page with the scenario in hidden inputs, γ
// and λ, and one checkbox per quantity; with htmx the server answers the
// results and the canonical link for the address bar.
func TestCompareVersionsForm(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn&lam=0.5&show=adv")
	form := doc.Find(`form[data-testid="compare-form"]`)
	if form.AttrOr("action", "") != "/compare/versions" || form.AttrOr("method", "") != "get" || form.AttrOr("hx-target", "") != "#compare-results" {
		t.Fatalf("form action %q method %q hx-target %q", form.AttrOr("action", ""), form.AttrOr("method", ""), form.AttrOr("hx-target", ""))
	}
	got := url.Values{}
	form.Find(`input[type="hidden"]`).Each(func(_ int, in *goquery.Selection) { got.Add(in.AttrOr("name", ""), in.AttrOr("value", "")) })
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	if got.Encode() != (url.Values{"v": {"3"}, "p": {"multi-turn"}, "ver": {"v0.9.0"}, "lang": {"en"}}).Encode() {
		t.Errorf("hidden inputs %v, want v=3, p, ver and lang only (λ is a field)", got)
	}
	if v := form.Find(`input#lam`).AttrOr("value", ""); v != "0.5" {
		t.Errorf("λ field holds %q", v)
	}
	if n := form.Find(`input[type="checkbox"][name="show"]`).Length(); n != 5 {
		t.Errorf("%d quantity checkboxes, want 5", n)
	}
	if form.Find(`input[name="show"][value="adv"]`).AttrOr("checked", "no") == "no" || form.Find(`input[name="show"][value="ret"]`).Is("[checked]") {
		t.Error("the checkboxes do not follow show=adv")
	}

	rec := webtest.Get(t, "/compare/versions?v=1&p=multi-turn&show=adv&show=ret", "HX-Request", "true", "HX-Target", "compare-results")
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "<html") || !strings.Contains(rec.Body.String(), `id="compare-results"`) {
		t.Fatalf("htmx answer: %d, %.200s", rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("HX-Replace-Url"); got != "/compare/versions?v=1&p=multi-turn&show=adv,ret" {
		t.Errorf("HX-Replace-Url %q", got)
	}
}

// Bad input is reported in the page's language, never a failure.
func TestCompareVersionsBadInput(t *testing.T) {
	for _, link := range []string{
		"/compare/versions?v=1&p=seed-b&show=entropy",
		"/compare/versions?v=1&p=nope",
		"/compare/versions?v=1&p=seed-b&lam=2&lang=zh",
		"/compare/versions?v=1&p=seed-b&mask=0,0,0,0,0,1",
		"/compare/versions?v=1&p=seed-b&mask=0,0,0,0,0,0",
		"/compare/versions?v=1&p=seed-b&V=1e6,-1e6,1e6,-1e6,1e6,-1e6&lam=0",
		"/compare/versions?v=1&p=seed-b&%zz",
	} {
		doc := comparePage(t, link)
		if doc.Find(`[data-testid="compare-table"]`).Length() != 1 {
			t.Errorf("%s: no table", link)
		}
	}
	doc := webtest.Page(t, "/compare/versions?v=1&p=seed-b&show=entropy")
	if got := doc.Find(`[data-testid="warnings"]`).Text(); !strings.Contains(got, "entropy") {
		t.Errorf("unknown show= not reported: %q", got)
	}
	doc = webtest.Page(t, "/compare/versions?v=1&p=seed-b&mask=0,0,0,0,0,1")
	if got := doc.Find(`[data-testid="compare-errors"]`).Text(); !strings.Contains(got, "one valid token") {
		t.Errorf("whitening with one valid token not reported: %q", got)
	}
}

// Budget: a 64-token comparison (parse, 5 GAE runs, table, chart) renders
// in a few milliseconds.
func BenchmarkCompareVersions64(b *testing.B) {
	target := strings.Replace(webtest.LongScenario(64), "/play?", "/compare/versions?", 1)
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

// compareServe serves one request through h.
func compareServe(h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// comparePage is page after following one redirect to the canonical link.
func comparePage(t *testing.T, target string) *goquery.Document {
	t.Helper()
	if rec := webtest.Get(t, target); rec.Code == http.StatusSeeOther {
		target = rec.Header().Get("Location")
	}
	return webtest.Page(t, target)
}
