package web

// Tests of the comparison views' chart routes (compare_svg.go): every chart
// a page draws inline has a download link; the link answers the figure's SVG
// byte for byte after an XML prolog, as does the chart's route on the page's
// own query; unknown names are 404; hostile text stays text.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/i18n"
)

// svgProlog is the line every standalone chart starts with.
const svgProlog = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// compareSVGRoutes are every chart path the states of compareSVGPages must
// link, together: each new route, and each name of the named ones.
var compareSVGRoutes = []string{
	"/compare/lambda/chart/lines.svg", "/compare/lambda/chart/small-0.svg", "/compare/lambda/chart/small-1.svg",
	"/compare/lambda/chart/small-2.svg", "/compare/lambda/chart/small-3.svg", "/compare/lambda/chart/small-4.svg",
	"/compare/lambda/chart/heat.svg", "/compare/lambda/chart/weights.svg",
	"/compare/estimators/chart.svg",
	"/compare/versions/chart.svg",
	"/compare/bugs/chart/eos-leak-0.svg", "/compare/bugs/chart/eos-leak-1.svg",
	"/compare/bugs/chart/shift-0.svg", "/compare/bugs/chart/shift-1.svg",
	"/compare/bugs/chart/whitened-returns-0.svg", "/compare/bugs/chart/per-seq-whiten-1.svg",
}

// hostile is token text and parameter values meant to break out of SVG or HTML.
const svgHostile = `<script>alert(1)</script>`

// compareSVGPages are states of the four pages: plain, with their own
// parameters, in Chinese, dark and in presentation mode, with bad values
// (the page reports them and keeps its defaults; so must the charts) and
// with hostile token text and parameters.
var compareSVGPages = []string{
	"/compare/lambda?v=1&p=seed-b&t=3",
	"/compare/lambda?v=1&p=multi-turn&t=4&lang=zh&theme=dark",
	"/compare/lambda?v=1&p=seed-b&present=1",
	"/compare/lambda?v=1&p=seed-b&t=99&gamma=2&zz=1",
	"/compare/lambda?v=1&p=seed-a&" + injQuery("", "tok", svgHostile, `"><img src=x>`, "c") + "&t=" + url.QueryEscape(svgHostile),
	"/compare/estimators?v=1&p=dense&lam=0.5",
	"/compare/estimators?v=1&p=multi-turn&ver=v0.2&lang=zh",
	"/compare/estimators?v=1&p=seed-b&V=a,b&lam=x",
	"/compare/estimators?v=1&p=seed-a&" + injQuery("", "tok", svgHostile, "b", "c") + "&" + url.QueryEscape(svgHostile) + "=1",
	"/compare/versions?v=1&p=multi-turn&show=adv,ret",
	"/compare/versions?v=1&p=v02-eos-leak&lang=zh&theme=dark",
	"/compare/versions?v=1&p=seed-b&show=nope&gamma=-1",
	"/compare/versions?v=1&p=seed-a&" + injQuery("", "tok", svgHostile, "b", "c") + "&show=" + url.QueryEscape(svgHostile),
	"/compare/bugs?v=1&p=seed-b&bug=eos-leak,shift&rows=2",
	"/compare/bugs?v=1&p=seed-b&bug=per-seq-whiten,whitened-returns&rows=2&lang=zh",
	"/compare/bugs?v=1&p=eos-padding&bug=trl-reward-slot,bootstrap&present=1&theme=dark",
	"/compare/bugs?v=1&p=seed-b&bug=nope,shift&rows=3",
	"/compare/bugs?v=1&p=seed-a&" + injQuery("", "tok", svgHostile, "b", "c") + "&bug=eos-leak," + url.QueryEscape(svgHostile) + "&rows=2",
}

// TestCompareChartsMatchThePage fetches every state of compareSVGPages and,
// for every figure on it, its download link and the chart's route on the
// page's own query: each answers 200 with an SVG document that parses as
// XML and is the figure's inline SVG, byte for byte, after the prolog.
func TestCompareChartsMatchThePage(t *testing.T) {
	h := Routes()
	seen := map[string]bool{}
	for _, target := range compareSVGPages {
		rec, final := injFetch(t, h, target)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", final, rec.Code)
			continue
		}
		body := rec.Body.String()
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		lang := i18n.En
		if l, _ := doc.Find("html").Attr("lang"); strings.HasPrefix(l, "zh") {
			lang = i18n.Zh
		}
		_, query, _ := strings.Cut(final, "?")
		figures := doc.Find("figure.chart")
		if figures.Length() == 0 {
			t.Errorf("GET %s: no chart", final)
		}
		figures.Each(func(_ int, fig *goquery.Selection) {
			id := fig.AttrOr("id", "")
			where := fmt.Sprintf("GET %s, figure #%s", final, id)
			link := fig.Find("figcaption a[download]")
			if link.Length() != 1 {
				t.Errorf("%s: %d download links, want 1", where, link.Length())
				return
			}
			if got, want := link.Text(), lang.T("chart.download"); got != want {
				t.Errorf("%s: the link says %q, want the catalog's chart.download %q", where, got, want)
			}
			href := link.AttrOr("href", "")
			path, _, _ := strings.Cut(href, "?")
			seen[path] = true
			inline := inlineSVG(body, id)
			if inline == "" {
				t.Errorf("%s: no inline <svg> right after the figure's start tag", where)
				return
			}
			for _, chartURL := range []string{href, path + "?" + query} {
				svg := fetchChartSVG(t, h, chartURL)
				if svg != "" && svg != inline {
					t.Errorf("%s: GET %s is not the inline SVG: %s", where, chartURL, bodyDiff([]byte(svg), []byte(inline)))
				}
			}
		})
	}
	for _, path := range compareSVGRoutes {
		if !seen[path] {
			t.Errorf("no page links %s", path)
		}
	}
}

// inlineSVG is what a page writes in the figure with element id id before
// its caption: the chart's <svg> element as written; "" when there is none.
func inlineSVG(page, id string) string {
	start := fmt.Sprintf(`<figure class="chart" id="%s" data-testid="%s">`, id, id)
	i := strings.Index(page, start)
	if i < 0 {
		return ""
	}
	rest := page[i+len(start):]
	end := strings.Index(rest, "<figcaption>")
	if !strings.HasPrefix(rest, "<svg") || end < 0 {
		return ""
	}
	return rest[:end]
}

// fetchChartSVG fetches a chart route and checks that it answers a
// standalone SVG document: 200, image/svg+xml, the XML prolog, then one
// <svg> that parses strictly as XML with nothing active in it. It returns
// the document after the prolog, "" after a failure.
func fetchChartSVG(t *testing.T, h http.Handler, target string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	body := rec.Body.String()
	switch {
	case rec.Code != http.StatusOK:
		t.Errorf("GET %s: status %d, want 200: %.200s", target, rec.Code, body)
		return ""
	case rec.Header().Get("Content-Type") != "image/svg+xml":
		t.Errorf("GET %s: Content-Type %q, want image/svg+xml", target, rec.Header().Get("Content-Type"))
	case !strings.HasPrefix(body, svgProlog):
		t.Errorf("GET %s: starts %.60q, want the XML prolog", target, body)
		return ""
	}
	svg := strings.TrimPrefix(body, svgProlog)
	if !strings.HasPrefix(svg, "<svg") || !strings.HasSuffix(strings.TrimSpace(svg), "</svg>") {
		t.Errorf("GET %s: after the prolog %.40q … %q, want one <svg> element", target, svg, svg[max(0, len(svg)-20):])
	}
	if _, problems := injSVGProblems(rec.Body.Bytes()); len(problems) > 0 {
		t.Errorf("GET %s: %s", target, strings.Join(problems, "; "))
	}
	return svg
}

// TestCompareChartsWeightsOnlyWhereDrawn: the λ sweep draws the weights of
// token t only when t has a time step; where it has none (a padding token
// with no valid token after it, in newest verl) the page draws no chart and
// its route is 404.
func TestCompareChartsWeightsOnlyWhereDrawn(t *testing.T) {
	h := Routes()
	for _, tc := range []struct {
		t     string
		drawn bool
	}{{"3", true}, {"4", false}, {"6", false}} {
		q := "v=1&p=eos-padding&t=" + tc.t
		rec, final := injFetch(t, h, "/compare/lambda?"+q)
		doc, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.Find("figure#sweep-weights").Length() == 1; got != tc.drawn {
			t.Errorf("GET %s: weights chart shown %v, want %v", final, got, tc.drawn)
		}
		chart := get(t, "/compare/lambda/chart/weights.svg?"+q)
		if want := map[bool]int{true: 200, false: 404}[tc.drawn]; chart.Code != want {
			t.Errorf("GET weights.svg?%s: status %d, want %d", q, chart.Code, want)
		}
	}
}

// TestCompareChartsUnknownName: a name no page of that state draws is a
// 404 in the learner's language, the one error page, never an SVG.
func TestCompareChartsUnknownName(t *testing.T) {
	const q = "?v=1&p=seed-b&bug=eos-leak&lang=zh"
	for _, path := range []string{
		"/compare/lambda/chart/nope.svg", "/compare/lambda/chart/Lines.svg", "/compare/lambda/chart/small-5.svg",
		"/compare/lambda/chart/small-01.svg", "/compare/lambda/chart/small-.svg", "/compare/lambda/chart/.svg",
		"/compare/lambda/chart/sweep-lines.svg", "/compare/lambda/chart/lines.png",
		"/compare/bugs/chart/eos-leak.svg", "/compare/bugs/chart/eos-leak-1.svg", "/compare/bugs/chart/nope-0.svg",
		"/compare/bugs/chart/shift-0.svg", // a bug the page does not show (bug=eos-leak)
		"/compare/bugs/chart/eos-leak-00.svg", "/compare/bugs/chart/eos-leak--1.svg", "/compare/bugs/chart/" + url.PathEscape(svgHostile) + ".svg",
		"/compare/estimators/chart/lines.svg", "/compare/estimators/chart.png",
		"/compare/versions/chart/adv.svg", "/compare/versions/charts.svg",
	} {
		rec := get(t, path+q)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path+q, rec.Code)
			continue
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("GET %s: Content-Type %q, want the error page's text/html", path+q, ct)
		}
		doc, err := goquery.NewDocumentFromReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := doc.Find(`[data-testid="error-message"]`).Text(), i18n.Zh.T("error.not_found"); got != want {
			t.Errorf("GET %s: the error page says %q, want %q", path+q, got, want)
		}
	}
	// A second sequence exists only with rows=2.
	if rec := get(t, "/compare/bugs/chart/eos-leak-1.svg?v=1&p=seed-b&bug=eos-leak&rows=2"); rec.Code != http.StatusOK {
		t.Errorf("eos-leak-1 with rows=2: status %d, want 200", rec.Code)
	}
}

// TestCompareChartsHostileText puts script and markup into the token text,
// the pages' own parameters and unknown parameters of every chart route:
// each answer is a well-formed SVG (or, for a name the state lacks, a
// 404), never a 500, with the payload nowhere as markup; the charts that
// label tokens show the token text as text.
func TestCompareChartsHostileText(t *testing.T) {
	h := Routes()
	labels := map[string]bool{} // the routes whose charts label the tokens
	for _, path := range compareSVGRoutes {
		labels[path] = !strings.HasSuffix(path, "/weights.svg")
	}
	for _, p := range injCore {
		queries := []string{
			injQuery("v=1&p=seed-a&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", "tok", p, "b", "c"),
			injQuery("v=1&p=seed-a&rows=2", "bug", p, "eos-leak", "shift", "whitened-returns", "per-seq-whiten"),
			injQuery("v=1&p=seed-b&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", "t", p),
			injQuery("v=1&p=seed-b&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", "show", p),
			injQuery("v=1&p=seed-b&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", "lang", p),
			injQuery("v=1&p=seed-b&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", "theme", p),
			injQuery("v=1&p=seed-b&bug=eos-leak,shift,whitened-returns,per-seq-whiten&rows=2", p, "1"),
		}
		for qi, q := range queries {
			for _, path := range compareSVGRoutes {
				target := path + "?" + q
				rec, _ := injFetch(t, h, target)
				where := fmt.Sprintf("GET %s (%q)", target, p)
				if rec.Code != http.StatusOK {
					t.Errorf("%s: status %d, want 200", where, rec.Code)
					continue
				}
				text := injCheckSVG(t, where, rec.Body.Bytes())
				if injMarkup(rec.Body.String(), p) {
					t.Errorf("%s: the payload is in the SVG as markup", where)
				}
				if qi == 0 && labels[path] && injPrintable(p) && !text.shows(p) {
					t.Errorf("%s: no text of the chart shows the token %q", where, p)
				}
			}
		}
	}
}
