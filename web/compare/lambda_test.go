package compare_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/engine/explain"
	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// sweepEngine is an independent run of verl's GAE on a scenario with λ: the
// scenario's rewards (KL included), values, mask, γ and version.
func sweepEngine(s scenario.Scenario, lam float64) engine.GAEResult {
	res := s.Compute()
	vals := make([]float64, s.Len())
	for t, tok := range s.Tokens {
		vals[t] = tok.Value
	}
	return engine.GAE(s.Version.V1Gen(), [][]float64{res.Rewards}, [][]float64{vals}, [][]float64{res.Mask}, s.Gamma, lam)
}

// sweepRowCells are the texts of a token-table row's cells.
func sweepRowCells(doc *goquery.Document, row string) []string {
	var out []string
	doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Each(func(_ int, td *goquery.Selection) {
		out = append(out, strings.TrimSpace(td.Text()))
	})
	return out
}

// Every λ row of the sweep, A_t and R_t, shows the engine's numbers, for every
// preset in both languages and with a γ of the form; the heat map has one
// cell per λ and token.
func TestLambdaSweepMatchesEngine(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, q := range []string{"&lang=en", "&lang=zh", "&gamma=0.9"} {
			s, _ := scenario.Preset(id)
			if q == "&gamma=0.9" {
				s.Gamma = 0.9
			}
			doc := webtest.Page(t, "/compare/lambda?v=1&p="+id+q)
			if n := doc.Find(`tr[data-row^="adv-"]`).Length(); n != 5 {
				t.Errorf("%s%s: %d λ rows, want 5", id, q, n)
			}
			for _, lam := range []float64{0, 0.5, 0.9, 0.95, 1} {
				g := sweepEngine(s, lam)
				l := scenario.FormatNumber(lam)
				for row, want := range map[string][]float64{"adv-" + l: g.Advantages[0], "ret-" + l: g.Returns[0]} {
					got := sweepRowCells(doc, row)
					if len(got) != s.Len() {
						t.Fatalf("%s%s: row %s has %d cells, want %d", id, q, row, len(got), s.Len())
					}
					for k, x := range want {
						if got[k] != page.Num(x) {
							t.Errorf("%s%s: %s at t=%d shows %q, engine %s", id, q, row, k, got[k], page.Num(x))
						}
					}
				}
			}
			cells := doc.Find(`#sweep-heat svg g.cells rect`).Length()
			if rows := doc.Find(`#sweep-heat svg g.heat-row`).Length(); rows != 5 || cells != 5*s.Len() {
				t.Errorf("%s%s: heat map has %d rows and %d cells, want 5 and %d", id, q, rows, cells, 5*s.Len())
			}
			for _, c := range []string{"sweep-lines", "sweep-heat"} {
				if doc.Find("#"+c+" svg").Length() != 1 {
					t.Errorf("%s%s: no %s chart", id, q, c)
				}
			}
		}
	}
}

// The identity behind the weights panel (GAE's A_t is the mix of the n-step
// estimates) is tested in engine/explain.

// The weights panel: a check ✓ for every token of every preset, the
// mask-0 cases explained, and the token picker keeps the state.
func TestLambdaWeightsPanel(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		s, _ := scenario.Preset(id)
		for k := range s.Len() {
			link := "/compare/lambda?v=1&p=" + id
			if k > 0 {
				link += "&t=" + strconv.Itoa(k)
			}
			doc := webtest.Page(t, link)
			w := doc.Find(`[data-testid="weights"]`)
			steps := explain.Steps(s.Gen(), s.Compute().Mask, k)
			if len(steps) == 0 {
				if w.Find("svg").Length() != 0 || !strings.Contains(w.Text(), "nothing to mix") {
					t.Errorf("%s t=%d: no step ahead, want no chart and the reason: %q", id, k, w.Text())
				}
				continue
			}
			if ok, _ := w.Find(`[data-testid="check"]`).Attr("data-ok"); ok != "true" {
				t.Errorf("%s t=%d: the mix check shows %q", id, k, w.Find(`[data-testid="check"]`).Text())
			}
			if n := w.Find(`svg .hl`).Length(); n != len(steps) {
				t.Errorf("%s t=%d: %d bars, want %d", id, k, n, len(steps))
			}
			if sel, _ := doc.Find(`select#t option[selected]`).Attr("value"); sel != strconv.Itoa(k) {
				t.Errorf("%s t=%d: the picker selects %q", id, k, sel)
			}
		}
	}
	doc := webtest.Page(t, "/compare/lambda?v=1&p=multi-turn&t=2")
	if !strings.Contains(doc.Find(`[data-testid="weights"]`).Text(), "carried from the next valid token") {
		t.Error("multi-turn t=2 (an observation token): the panel does not say its weights are the next valid token's")
	}
}

// sweepFormQuery is what a browser without JavaScript submits from the page's
// form: its hidden inputs, text inputs and selected options, in order.
func sweepFormQuery(doc *goquery.Document, sel string) string {
	var pairs []string
	doc.Find(sel + ` input[name], ` + sel + ` select[name]`).Each(func(_ int, in *goquery.Selection) {
		name, _ := in.Attr("name")
		val, _ := in.Attr("value")
		if goquery.NodeName(in) == "select" {
			val, _ = in.Find("option[selected]").Attr("value")
		}
		pairs = append(pairs, url.QueryEscape(name)+"="+url.QueryEscape(val))
	})
	return strings.Join(pairs, "&")
}

// Without JavaScript the GET form keeps the whole scenario and answers with
// the canonical link: scenario query, then t=, then lang=.
func TestLambdaFormWithoutJS(t *testing.T) {
	start := "/compare/lambda?v=1&p=multi-turn&V=0.5,0.55,2,2,0.7,0.8,0.95&t=4&lang=zh"
	doc := webtest.Page(t, start)
	if got, _ := doc.Find("form[data-testid=sweep-form]").Attr("method"); got != "get" {
		t.Fatalf("form method %q, want get", got)
	}
	q := sweepFormQuery(doc, "form[data-testid=sweep-form]")
	q = strings.Replace(q, "gamma=1", "gamma=0.9", 1)
	rec := webtest.Get(t, "/compare/lambda?"+q)
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	want := "/compare/lambda?v=3&p=multi-turn&V=0.5,0.55,2,2,0.7,0.8,0.95&gamma=0.9&ver=v0.9.0&t=4&lang=zh"
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
		t.Fatalf("submitting %s: %d to %q, want 303 to %q", q, rec.Code, rec.Header().Get("Location"), want)
	}
	if rec := webtest.Get(t, want); rec.Code != http.StatusOK {
		t.Fatalf("the canonical link answers %d", rec.Code)
	}
	doc = webtest.Page(t, want)
	if got, _ := doc.Find("button.copy-link").Attr("data-url"); got != want {
		t.Errorf("copy link %q, want %q", got, want)
	}
	if href, _ := doc.Find(`a[data-testid="open-play"]`).Attr("href"); href != "/play?v=3&p=multi-turn&V=0.5,0.55,2,2,0.7,0.8,0.95&gamma=0.9&ver=v0.9.0&lang=zh" {
		t.Errorf("open in the playground: %q", href)
	}
	if href, _ := doc.Find("a.lang-switch").Attr("href"); !strings.Contains(switchTarget(href, "en"), "&t=4") || !strings.HasSuffix(switchTarget(href, "en"), "lang=en") {
		t.Errorf("the language switch %q loses t or the language", href)
	}
	if rec := webtest.Get(t, "/compare/lambda?v=1&p=seed-a&t=0"); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/compare/lambda?v=1&p=seed-a" {
		t.Errorf("t=0 (the default) answers %d to %q, want the link without it", rec.Code, rec.Header().Get("Location"))
	}
}

// Bad input never breaks the page: it says what is wrong at the field and
// shows the results with the fallback.
func TestLambdaBadInput(t *testing.T) {
	for q, field := range map[string]string{
		"t=abc": "t", "t=99": "t", "t=-1": "t", "gamma=2": "gamma", "lam=x": "lam", "V=1,2": "V",
	} {
		doc := webtest.Page(t, "/compare/lambda?v=1&p=seed-b&"+q)
		if doc.Find(`[data-testid="form-errors"] li[data-field="`+field+`"]`).Length() == 0 {
			t.Errorf("%s: no error for the field %s", q, field)
		}
		if n := doc.Find(`tr[data-row^="adv-"]`).Length(); n != 5 {
			t.Errorf("%s: %d λ rows, want the results with the fallback", q, n)
		}
	}
	doc := webtest.Page(t, "/compare/lambda?v=1&p=seed-b&t=abc")
	if v, _ := doc.Find(`select#t option[selected]`).Attr("value"); v != "0" {
		t.Errorf("a bad t falls back to %q, want 0", v)
	}
	if !strings.Contains(webtest.Page(t, "/compare/lambda?v=1&p=seed-b&zz=1").Find(`[data-testid="warnings"]`).Text(), "zz") {
		t.Error("an unknown parameter is not reported")
	}
	if rec := webtest.Get(t, "/compare/lambda?v=1&p=no-such&t=%zz"); rec.Code != http.StatusOK {
		t.Errorf("a broken link answers %d, want 200 with warnings", rec.Code)
	}
}

// A 512-token scenario, the playground's largest, renders.
func TestLambdaLong(t *testing.T) {
	target := strings.Replace(webtest.LongScenario(512), "/play?", "/compare/lambda?", 1)
	doc := webtest.Page(t, target)
	if n := doc.Find(`#sweep-heat svg g.cells rect`).Length(); n != 5*512 {
		t.Errorf("512 tokens: %d heat map cells, want %d", n, 5*512)
	}
}

// Budget: the λ sweep page of 64 tokens (5 GAE runs, table, line chart, heat
// map, weights) in at most 15 ms of server time.
func BenchmarkLambdaPage64(b *testing.B) {
	target := strings.Replace(webtest.LongScenario(64), "/play?", "/compare/lambda?", 1)
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/page")
}

// The λ sweep draws the slider's λ (issue 35: λ = 0.7 was not drawn): an
// extra, highlighted line in its lines chart (chart.HighlightStyle's colour,
// its legend naming the λ) that moves with the slider, and a row of Aₜ and
// of Rₜ in its table, marked as the scenario's, with the engine's numbers,
// the raw advantages not tagged verl's (whitened) `advantages`; in both
// languages.
func TestLambdaSweepDrawsTheLinksLambda(t *testing.T) {
	highlighted := func(doc *goquery.Document) string {
		d := ""
		doc.Find(`#sweep-lines svg path`).Each(func(_ int, p *goquery.Selection) {
			if strings.EqualFold(p.AttrOr("stroke", ""), chart.HighlightStyle.Color) && d == "" {
				d = p.AttrOr("d", "")
			}
		})
		return d
	}
	s, _ := scenario.Preset("seed-b")
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		lines := map[string]string{}
		for _, lam := range []float64{0.7, 0.3} {
			l := scenario.FormatNumber(lam)
			target := "/compare/lambda?v=1&p=seed-b&lam=" + l + "&lang=" + string(lang)
			doc := webtest.Page(t, target)
			if lines[l] = highlighted(doc); lines[l] == "" {
				t.Errorf("%s: no highlighted line in the lines chart", target)
			}
			if legend := lang.T("sweep.legend.own", l); !strings.Contains(doc.Find("#sweep-lines svg").Text(), legend) {
				t.Errorf("%s: the lines chart's legend lacks %q", target, legend)
			}
			g := sweepEngine(s, lam)
			for row, want := range map[string][]float64{"adv-" + l: g.Advantages[0], "ret-" + l: g.Returns[0]} {
				th := doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] th`).First()
				label := strings.TrimSpace(th.Text())
				// Raw advantages are not verl's `advantages`, which on /play
				// and in verl names the whitened tensor (issue 35).
				if code := th.Find("code").Text(); strings.HasPrefix(row, "adv-") && code == "advantages" {
					t.Errorf("%s: row %s, raw advantages, is tagged %q", target, row, code)
				}
				if mark := lang.T("sweep.row.scenario", ""); !strings.Contains(label, strings.TrimSpace(mark)) {
					t.Errorf("%s: row %s is labelled %q, want it marked %q", target, row, label, mark)
				}
				got := sweepRowCells(doc, row)
				if len(got) != s.Len() {
					t.Fatalf("%s: row %s has %d cells, want %d", target, row, len(got), s.Len())
				}
				for k, x := range want {
					if got[k] != page.Num(x) {
						t.Errorf("%s: %s at t=%d shows %q, engine %s", target, row, k, got[k], page.Num(x))
					}
				}
			}
		}
		if lines["0.7"] == lines["0.3"] {
			t.Errorf("%s: the highlighted line is the same for λ = 0.7 and 0.3", lang)
		}
	}
}
