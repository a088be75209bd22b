package play_test

import (
	"encoding/csv"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// cell returns the text of the table cell of a row at t.
func cell(doc *goquery.Document, row string, t int) string {
	return strings.TrimSpace(doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Eq(t).Text())
}

func TestPlaySeedBNumbers(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b")
	checks := []struct {
		row  string
		t    int
		want string
	}{
		{"adv", 0, "0.6211"}, {"white", 5, "-1.7901"}, {"kld", 4, "0.2000"}, {"reward", 5, "0.9950"},
		{"delta", 2, "0.0550"}, {"ret", 0, "0.8211"}, {"next", 5, "0.0000"}, {"value", 3, "0.3500"},
	}
	for _, c := range checks {
		if got := cell(doc, c.row, c.t); got != c.want {
			t.Errorf("%s at t=%d shows %q, want %q", c.row, c.t, got, c.want)
		}
	}
	if got := doc.Find(`[data-testid="summary"]`).Text(); !strings.Contains(got, "0.0750") {
		t.Errorf("summary %q does not show the KL metric 0.0750", got)
	}
}

// Every preset's table shows exactly the engine's numbers, in both languages.
func TestPlayPresetsMatchEngine(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, "/play?v=1&p="+id+"&lang="+lang)
			s, _ := scenario.Preset(id)
			res := s.Compute()
			want := map[string][]float64{
				"reward": res.Rewards, "delta": res.GAE.Deltas[0], "adv": res.GAE.Advantages[0],
				"ret": res.GAE.Returns[0], "next": res.GAE.NextValues[0],
			}
			if res.GAE.Whitened != nil {
				want["white"] = res.GAE.Whitened[0]
			}
			for row, xs := range want {
				for k, x := range xs {
					if got := cell(doc, row, k); got != page.Num(x) {
						t.Errorf("%s/%s: %s at t=%d shows %q, engine %s", id, lang, row, k, got, page.Num(x))
					}
				}
			}
			if n := doc.Find(`[data-testid="token-table"] thead th[data-t]`).Length(); n != s.Len() {
				t.Errorf("%s: %d token columns, want %d", id, n, s.Len())
			}
			if doc.Find(`.presets a.current`).Length() != 1 {
				t.Errorf("%s: the current preset is not marked", id)
			}
		}
	}
}

// Every selectable cell has a formula, every step renders, in both languages.
func TestPlayFormulasAndSteps(t *testing.T) {
	s, _ := scenario.Preset("multi-turn")
	for _, lang := range []string{"en", "zh"} {
		for _, row := range scenario.Rows {
			doc := webtest.Page(t, "/play?v=1&p=multi-turn&sel="+row+".2&lang="+lang)
			f := doc.Find(`[data-testid="formula"]`)
			if row != "white" && f.Length() == 0 {
				t.Errorf("sel=%s.2: no formula", row)
			}
			if f.Length() > 0 && !strings.Contains(f.Text(), "verl") {
				t.Errorf("sel=%s.2: the formula does not name the verl function: %q", row, f.Text())
			}
		}
		for k := 0; k <= s.Len(); k++ {
			doc := webtest.Page(t, "/play?v=1&p=multi-turn&step="+strconv.Itoa(k)+"&lang="+lang)
			if doc.Find(`[data-testid="step-status"]`).Length() != 1 {
				t.Errorf("step=%d: no status", k)
			}
			hidden := doc.Find(`tr[data-row="adv"] td`).FilterFunction(func(_ int, c *goquery.Selection) bool {
				return strings.TrimSpace(c.Text()) == "·"
			}).Length()
			if hidden != s.Len()-k {
				t.Errorf("step=%d: %d advantages not yet computed, want %d", k, hidden, s.Len()-k)
			}
		}
	}
	// The formula is typeset: MathML whose TeX source holds the numbers.
	doc := webtest.Page(t, "/play?v=1&p=seed-b&sel=delta.2")
	lines := doc.Find(`[data-testid="formula"] .formula-line math annotation`)
	if got := lines.Last().Text(); got != `= 0.0050 + 1.0000 \cdot 0.3500 - 0.3000 = 0.0550` {
		t.Errorf("δ_2 formula's numbers = %q", got)
	}
	if doc.Find(`#formula-heading math`).Length() != 2 {
		t.Errorf("the formula's heading typesets its symbol and t: %q", doc.Find(`#formula-heading`).Text())
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-b&num=1&sel=delta.2")
	if got := doc.Find(`[data-testid="formula"] .formula-line annotation`).First().Text(); got != `\delta_{3} = r_{3} + \gamma \cdot V_{\text{next}} - V(s_{3})` {
		t.Errorf("1-based δ formula = %q", got)
	}
}

func TestNum(t *testing.T) {
	for x, want := range map[float64]string{0: "0.0000", 0.65099: "0.6510", -1.79012: "-1.7901", 1e-5: "1.0e-5", -2.5e-7: "-2.5e-7", 0.00005: "0.0001"} {
		if got := page.Num(x); got != want {
			t.Errorf("num(%g) = %q, want %q", x, got, want)
		}
	}
}

// A canonical link with Chinese token text arrives percent-encoded; it must
// not redirect to itself.
func TestPlayNoRedirectLoop(t *testing.T) {
	rec := webtest.Get(t, "/play?v=1&p=seed-a&tok=%E5%B1%B1&V=0.6&r=1")
	if rec.Code != 200 {
		t.Errorf("status %d → %q; the canonical link must be served, not redirected", rec.Code, rec.Header().Get("Location"))
	}
}

func TestPlayRedirectsToCanonical(t *testing.T) {
	tests := map[string]string{
		"/play":                               "/play?v=1&p=seed-b",
		"/":                                   "/play",
		"/play?p=seed-a&v=1":                  "/play?v=1&p=seed-a",
		"/play?v=1&p=seed-a&lam=0.95&gamma=1": "/play?v=1&p=seed-a",
		// The form without JavaScript: every field, one parameter per token.
		"/play?v=1&p=seed-a&tok=从前&tok=有座&tok=山&mask=1&mask=1&mask=1&r=0&r=0&r=2&V=0.3&V=0.4&V=0.6&rw=0&rw=1&gamma=1&lam=0.9&beta=0.1&kl=kl&ver=newest&num=0": "/play?v=1&p=seed-a&r=0,0,2&lam=0.9",
	}
	for from, to := range tests {
		rec := webtest.Get(t, from)
		if loc := rec.Header().Get("Location"); rec.Code/100 != 3 || loc != to {
			t.Errorf("GET %s: %d → %q, want a redirect to %q", from, rec.Code, loc, to)
		}
	}
}

func TestPlayBadInputStillRenders(t *testing.T) {
	tests := []struct {
		name, query, field string
	}{
		{"not a number", "p=seed-b&V=0.2,abc,0.3,0.35,0.45,0.6", "V.1"},
		{"NaN", "p=seed-b&V=0.2,NaN,0.3,0.35,0.45,0.6", "V.1"},
		{"Inf", "p=seed-b&score=0,0,0,0,0,Inf", "score.5"},
		{"gamma out of range", "p=seed-b&gamma=7", "gamma"},
		{"lambda negative", "p=seed-b&lam=-1", "lam"},
		{"bad mask", "p=seed-b&mask=1,1,1,1,1,2", "mask.5"},
		{"KL unknown to v0.2", "p=seed-b&ver=v0.2&kl=k3", "kl"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := webtest.Page(t, "/play?v=1&"+tc.query)
			input := doc.Find(`[id="` + tc.field + `"]`)
			if v, _ := input.Attr("aria-invalid"); v != "true" {
				t.Errorf("field %s is not marked invalid", tc.field)
			}
			if doc.Find(`[data-testid="form-errors"]`).Length() == 0 {
				t.Error("no error summary")
			}
			if cell(doc, "adv", 0) == "" {
				t.Error("the results are gone; the last valid result must stay visible")
			}
		})
	}
	// Mismatched lengths, too many tokens, malformed escapes, unknown parameters.
	for _, q := range []string{
		"p=seed-b&V=0.1,0.2",
		"p=seed-b" + strings.Repeat("&tok=x", scenario.MaxTokens+5),
		"p=seed-b&tok=%zz&V=%",
		"p=seed-b&frobnicate=1",
		"p=no-such-preset",
		"v=9&p=seed-b",
	} {
		doc := webtest.Page(t, "/play?"+q)
		if doc.Find(`[data-testid="form-errors"], [data-testid="warnings"]`).Length() == 0 {
			t.Errorf("%.60s: no visible warning or error", q)
		}
		if doc.Find(`[data-testid="token-table"]`).Length() != 1 {
			t.Errorf("%.60s: no table", q)
		}
	}
}

// Token text is data: markup in it is rendered inert everywhere.
func TestPlayEscapesTokenText(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(2)>`
	q := "/play?v=1&p=seed-a&prompt=" + url.QueryEscape(evil) + "&tok=" + url.QueryEscape(evil) + "&tok=b&tok=c"
	rec := webtest.Get(t, q)
	body := rec.Body.String()
	if rec.Code != 200 || strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") {
		t.Fatalf("status %d; the token text reached the page unescaped", rec.Code)
	}
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(body))
	if got := doc.Find(`thead th[data-t="0"] .t-text`).Text(); got != evil {
		t.Errorf("token 0 shows %q, want the text itself", got)
	}
}

func TestPlayHTMXFragments(t *testing.T) {
	rec := webtest.Get(t, "/play?v=1&p=seed-a&lam=0.5", "HX-Request", "true", "HX-Target", "results")
	body := rec.Body.String()
	if rec.Code != 200 || strings.Contains(body, "<html") || !strings.Contains(body, `id="results"`) {
		t.Errorf("results fragment: status %d, %.200s", rec.Code, body)
	}
	if got := rec.Header().Get("HX-Replace-Url"); got != "/play?v=1&p=seed-a&lam=0.5" {
		t.Errorf("HX-Replace-Url = %q", got)
	}
	rec = webtest.Get(t, "/play?v=1&p=seed-a&tok=a&tok=b&tok=c&op=add", "HX-Request", "true", "HX-Target", "main")
	if !strings.Contains(rec.Body.String(), `id="main"`) || rec.Header().Get("HX-Push-Url") == "" {
		t.Errorf("main fragment: %.200s, push %q", rec.Body.String(), rec.Header().Get("HX-Push-Url"))
	}
}

func TestPlayLanguages(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b", "Accept-Language", "zh-CN,zh;q=0.9")
	if lang, _ := doc.Find("html").Attr("lang"); lang != "zh" {
		t.Errorf("Accept-Language zh: html lang %q", lang)
	}
	if !strings.Contains(doc.Find("h1").Text(), "实验台") {
		t.Errorf("zh heading %q", doc.Find("h1").Text())
	}
	doc = webtest.Page(t, "/play?v=1&p=seed-b&lam=0.5&lang=en", "Accept-Language", "zh")
	href, _ := doc.Find("a.lang-switch").Attr("href")
	if switchTarget(href, "zh") != "/play?v=1&p=seed-b&lam=0.5&lang=zh" {
		t.Errorf("language switch %q must keep the state", href)
	}
}

func TestPlayExports(t *testing.T) {
	rec := webtest.Get(t, "/play/table.csv?v=1&p=seed-b&tok="+url.QueryEscape("=SUM(A1)")+"&tok=b&tok=c&tok=d&tok=e&tok=f")
	rows, err := csv.NewReader(rec.Body).ReadAll()
	if err != nil || len(rows) != 7 {
		t.Fatalf("CSV: %v, %d rows", err, len(rows))
	}
	if rows[1][1] != "'=SUM(A1)" {
		t.Errorf("a formula in token text must be defused, got %q", rows[1][1])
	}
	var ex play.TableExport
	rec = webtest.Get(t, "/play/table.json?v=1&p=seed-b")
	if err := json.Unmarshal(rec.Body.Bytes(), &ex); err != nil {
		t.Fatal(err)
	}
	if a := ex.Rows["advantages"][5]; a > -1.79 || a < -1.7902 {
		t.Errorf("JSON whitened A_5 = %v, want −1.7901", a)
	}
	for _, name := range play.ChartNames {
		rec := webtest.Get(t, "/play/chart/"+name+".svg?v=1&p=seed-b")
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "<svg") {
			t.Errorf("chart %s: %d %q", name, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	if rec := webtest.Get(t, "/play/chart/nope.svg"); rec.Code != 404 {
		t.Errorf("unknown chart: %d", rec.Code)
	}
}
