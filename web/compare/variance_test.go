package compare_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// varianceEngine is an independent run of the lab on a preset: the toy's
// shape from the preset's valid tokens and largest reward, the page's λ and
// critics.
func varianceEngine(t *testing.T, s scenario.Scenario, n int, seed uint64, bias float64) engine.VarianceLab {
	t.Helper()
	res := s.Compute()
	T, outcome, best := 0, 0, -1.0
	for k, m := range res.Mask {
		if m != 1 {
			continue
		}
		if a := max(res.Rewards[k], -res.Rewards[k]); a >= best {
			best, outcome = a, T
		}
		T++
	}
	lams := []float64{0, 0.5, 0.9, 0.95, 1}
	if s.Lam != 0 && s.Lam != 0.5 && s.Lam != 0.9 && s.Lam != 0.95 && s.Lam != 1 {
		t.Fatalf("preset λ %g is not in the sweep; the test assumes it is", s.Lam)
	}
	lab, err := engine.SampleVariance(engine.NewVarianceToy(T, outcome, s.Gamma), s.Gen(), n, seed, lams, []float64{0, bias})
	if err != nil {
		t.Fatal(err)
	}
	return lab
}

// Every number of the table is the engine's, for several presets, in both
// languages and with the page's own parameters; the two charts draw one
// histogram per λ.
func TestVariancePageMatchesEngine(t *testing.T) {
	for _, c := range []struct {
		preset, query string
		n             int
		seed          uint64
		bias          float64
	}{
		{"seed-a", "&lang=en", 1000, 1, 0.2},
		{"seed-b", "&n=300&seed=9&bias=-0.5&lang=zh", 300, 9, -0.5},
		{"dense", "&n=2000&bias=0", 2000, 1, 0},
		{"eos-padding", "&n=50&seed=0", 50, 0, 0.2},
	} {
		s, _ := scenario.Preset(c.preset)
		lab := varianceEngine(t, s, c.n, c.seed, c.bias)
		target := "/compare/variance?v=1&p=" + c.preset + c.query
		doc := webtest.Page(t, target)
		rows := doc.Find(`[data-testid="variance-table"] tbody tr`)
		if rows.Length() != 10 {
			t.Fatalf("%s: %d rows, want 2 critics × 5 λ", target, rows.Length())
		}
		for ci, critic := range compare.VarianceChartNames {
			for _, r := range lab.Runs[ci] {
				tr := doc.Find(`tr[data-critic="` + critic + `"][data-lam="` + scenario.FormatNumber(r.Lam) + `"]`)
				want := map[string]float64{
					"mean": r.Sample.Mean, "true": lab.True, "bias2": r.Sample.Bias * r.Sample.Bias, "var": r.Sample.Var,
					"mse": r.Sample.MSE, "exact-bias2": r.Exact.Bias * r.Exact.Bias, "exact-var": r.Exact.Var, "exact-mse": r.Exact.MSE,
				}
				for col, x := range want {
					if got := strings.TrimSpace(tr.Find(`td[data-col="` + col + `"]`).Text()); got != page.Num(x) {
						t.Errorf("%s: %s λ=%g %s shows %q, engine %s", target, critic, r.Lam, col, got, page.Num(x))
					}
				}
			}
			svg := doc.Find("#var-" + critic + " svg")
			if svg.Length() != 1 || svg.Find("g.hist").Length() != 5 || svg.Find("path.mean").Length() != 5 {
				t.Errorf("%s: chart %s: %d svg, %d histograms, %d means; want 1, 5, 5", target, critic,
					svg.Length(), svg.Find("g.hist").Length(), svg.Find("path.mean").Length())
			}
		}
		if toy := doc.Find(`[data-testid="variance-toy"] li`); toy.Length() != 4 || !strings.Contains(toy.Eq(2).Text(), page.Num(lab.True)) {
			t.Errorf("%s: toy lines %q lack the true advantage %s", target, toy.Text(), page.Num(lab.True))
		}
		if doc.Find(`tr.own`).Length() != 2 {
			t.Errorf("%s: %d rows marked as the scenario's λ, want one per critic", target, doc.Find(`tr.own`).Length())
		}
	}
}

// A λ outside the sweep is added to it, in order.
func TestVarianceOwnLambda(t *testing.T) {
	doc := webtest.Page(t, "/compare/variance?v=1&p=seed-b&lam=0.7&n=20")
	var lams []string
	doc.Find(`tr[data-critic="perfect"]`).Each(func(_ int, s *goquery.Selection) { lams = append(lams, s.AttrOr("data-lam", "")) })
	if strings.Join(lams, " ") != "0 0.5 0.7 0.9 0.95 1" {
		t.Errorf("λ rows %v, want 0 0.5 0.7 0.9 0.95 1", lams)
	}
	if own := doc.Find(`tr.own[data-critic="perfect"]`).AttrOr("data-lam", ""); own != "0.7" {
		t.Errorf("the scenario's λ row is %q, want 0.7", own)
	}
}

// Bad values of the page's own parameters are reported at their field in
// the page's language, and the defaults are used; a default written out
// redirects to the canonical link without it.
func TestVarianceBadParams(t *testing.T) {
	for _, c := range []struct{ query, field, en, zh string }{
		{"n=abc", "n", "is not a number", "不是数字"},
		{"n=0", "n", "whole number from 1 to 2000", ""},
		{"n=2001", "n", "whole number from 1 to 2000", ""},
		{"n=2.5", "n", "whole number", ""},
		{"seed=-1", "seed", "whole number from 0 to 999999", ""},
		{"seed=1e9", "seed", "too large", ""},
		{"bias=2", "bias", "outside [-1, 1]", ""},
		{"bias=NaN", "bias", "is not a number", ""},
		{"bias=1e300", "bias", "too large", ""},
	} {
		for _, lang := range []string{"en", "zh"} {
			target := "/compare/variance?v=1&p=seed-a&" + c.query + "&lang=" + lang
			rec := webtest.Get(t, target)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d, want 200 with the field's message", target, rec.Code)
			}
			doc := webtest.Page(t, target)
			in := doc.Find("input#" + c.field)
			if in.AttrOr("aria-invalid", "") != "true" {
				t.Errorf("%s: field %s not marked invalid", target, c.field)
			}
			_, raw, _ := strings.Cut(c.query, "=")
			if in.AttrOr("value", "") != raw {
				t.Errorf("%s: field %s shows %q, want what was typed, %q", target, c.field, in.AttrOr("value", ""), raw)
			}
			msg := doc.Find(`[data-testid="sweep-form"]`).Text()
			if lang == "en" && !strings.Contains(msg, c.en) {
				t.Errorf("%s: no %q in the form's messages: %q", target, c.en, msg)
			}
			if lang == "zh" && c.zh != "" && !strings.Contains(msg, c.zh) {
				t.Errorf("%s: no %q in the form's messages", target, c.zh)
			}
			if doc.Find(`[data-testid="variance-table"] tbody tr`).Length() != 10 {
				t.Errorf("%s: the results with the default are missing", target)
			}
		}
	}
	rec := webtest.Get(t, "/compare/variance?v=1&p=seed-a&n=1000&seed=1&bias=0.2&lang=en")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/compare/variance?v=1&p=seed-a&lang=en" {
		t.Errorf("defaults written out: %d to %q, want 303 to the link without them", rec.Code, rec.Header().Get("Location"))
	}
	rec = webtest.Get(t, "/compare/variance?bias=0.30&n=500&v=1&p=seed-a&lang=en")
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || loc != "/compare/variance?v=1&p=seed-a&n=500&bias=0.3&lang=en" {
		t.Errorf("non-canonical: %d to %q, want 303 to /compare/variance?v=1&p=seed-a&n=500&bias=0.3&lang=en", rec.Code, loc)
	}
}

// The charts are SVG files of their own; another name is a 404.
func TestVarianceChartRoutes(t *testing.T) {
	for _, name := range compare.VarianceChartNames {
		rec := webtest.Get(t, "/compare/variance/chart/"+name+".svg?v=1&p=seed-b&n=40")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), `class="hist"`) {
			t.Errorf("%s: %d %q", name, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	for _, bad := range []string{"lines", "perfect2", "..%2Fperfect"} {
		if rec := webtest.Get(t, "/compare/variance/chart/"+bad+".svg?v=1&p=seed-b"); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, rec.Code)
		}
	}
}

// The playground links to the lab, and the lab to the playground and the
// other compare views, each with the scenario's state.
func TestVarianceLinks(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b&lam=0.9&lang=zh")
	href, ok := doc.Find(`a[href^="/compare/variance?"]`).Attr("href")
	if !ok || !strings.Contains(href, "lam=0.9") || !strings.Contains(href, "lang=zh") {
		t.Errorf("the playground's link to the lab: %q", href)
	}
	doc = webtest.Page(t, "/compare/variance?v=1&p=seed-b&lam=0.9&n=30&lang=zh")
	for _, id := range []string{"open-play", "open-lambda", "open-estimators"} {
		href := doc.Find(`[data-testid="`+id+`"]`).AttrOr("href", "")
		if !strings.Contains(href, "lam=0.9") || strings.Contains(href, "n=30") {
			t.Errorf("%s: %q, want the scenario's state without the lab's own parameters", id, href)
		}
	}
	for _, p := range []string{"/compare/lambda", "/compare/estimators"} {
		doc := webtest.Page(t, p+"?v=1&p=seed-b&lang=en")
		if doc.Find(`[data-testid="open-variance"]`).Length() != 1 {
			t.Errorf("%s does not link to the variance lab", p)
		}
	}
}

// FuzzVarianceParams: whatever n, seed and bias hold, the values used are
// in range, and the canonical part reads back as the same values without a
// problem.
func FuzzVarianceParams(f *testing.F) {
	for _, s := range [][3]string{{"", "", ""}, {"2000", "999999", "-1"}, {"0", "-1", "2"}, {"1e3", "７", "０．５"}, {"NaN", "0x10", "1e400"}, {"2.5", " 3 ", "-0"}} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, n, seed, bias string) {
		q := url.Values{"n": {n}, "seed": {seed}, "bias": {bias}}
		var rep scenario.Report
		p, extra := compare.ReadVarianceParams(q, &rep)
		if p.N < 1 || p.N > engine.MaxVarianceSamples || p.Seed > compare.VarianceMaxSeed || !(p.Bias >= -1 && p.Bias <= 1) {
			t.Fatalf("out of range: %+v", p)
		}
		for _, pb := range rep.Problems {
			if rep.Raw[pb.Field] != q.Get(pb.Field) {
				t.Errorf("%s: raw %q, typed %q", pb.Field, rep.Raw[pb.Field], q.Get(pb.Field))
			}
		}
		back, err := url.ParseQuery(strings.TrimPrefix(extra, "&"))
		if err != nil {
			t.Fatalf("canonical part %q: %v", extra, err)
		}
		var rep2 scenario.Report
		p2, extra2 := compare.ReadVarianceParams(back, &rep2)
		if p2 != p || extra2 != extra || len(rep2.Problems) > 0 {
			t.Errorf("%q reads back as %+v %q %v, want %+v %q", extra, p2, extra2, rep2.Problems, p, extra)
		}
	})
}

// FuzzVariancePage sends the page any query: never a server error; a 303
// points to a link that answers 200.
func FuzzVariancePage(f *testing.F) {
	for _, s := range []string{"v=1&p=seed-a", "v=1&p=dense&n=2000&seed=5&bias=-1", "n=%zz&seed=&bias=1e999", "p=multi-turn&lam=0.3&n=x&lang=zh",
		"v=2&p=eos-padding&ver=v0.2&gamma=0", "rw=1&r=0,0,0&tok=a&tok=b&tok=c&n=3"} {
		f.Add(s)
	}
	h := webtest.Routes()
	f.Fuzz(func(t *testing.T, raw string) {
		if len(raw) > 2000 {
			return
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/compare/variance", nil)
		req.URL.RawQuery = raw
		h.ServeHTTP(rec, req)
		switch {
		case rec.Code == http.StatusSeeOther:
			loc := rec.Header().Get("Location")
			rec2 := httptest.NewRecorder()
			h.ServeHTTP(rec2, httptest.NewRequest(http.MethodGet, loc, nil))
			if rec2.Code != http.StatusOK {
				t.Fatalf("%q redirects to %q, which answers %d", raw, loc, rec2.Code)
			}
		case rec.Code >= 500:
			t.Fatalf("%q: %d %.200s", raw, rec.Code, rec.Body)
		case rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), "%!"):
			t.Fatalf("%q: a badly formatted message", raw)
		}
	})
}
