package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// svgTextJS measures every <text> of the SVGs under a selector at its
// rendered size: the computed font size × the SVG's scale (getScreenCTM),
// and its client box height. It returns the smallest of each, with the
// text and the chart it belongs to, and how many texts it measured.
const svgTextJS = `((sel) => {
	const out = {n: 0, font: 1e9, boxH: 1e9, text: "", chart: "", widths: []};
	for (const svg of document.querySelectorAll(sel)) {
		out.widths.push(svg.getBoundingClientRect().width);
		for (const t of svg.querySelectorAll("text")) {
			if (!t.textContent.trim() || t.getClientRects().length === 0) continue;
			const m = t.getScreenCTM(), scale = Math.hypot(m.a, m.b);
			const f = parseFloat(getComputedStyle(t).fontSize) * scale;
			out.n++;
			if (f < out.font) { out.font = f; out.text = t.textContent; out.chart = svg.closest("figure")?.id ?? ""; }
			const r = t.getBoundingClientRect();
			out.boxH = Math.min(out.boxH, r.height);
		}
	}
	return JSON.stringify(out);
})`

// svgText is what svgTextJS measures.
type svgText struct {
	N      int       `json:"n"`
	Font   float64   `json:"font"`
	BoxH   float64   `json:"boxH"`
	Text   string    `json:"text"`
	Chart  string    `json:"chart"`
	Widths []float64 `json:"widths"`
}

// measureSVGText measures the SVG texts under sel on the open page.
func measureSVGText(t *testing.T, tb *tab, sel string) svgText {
	t.Helper()
	var m svgText
	if err := json.Unmarshal([]byte(eval[string](tb, svgTextJS+"("+jsQuote(sel)+")")), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// jsQuote is s as a JavaScript string literal.
func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The λ sweep's per-λ charts are readable on a laptop: at a 1280 px
// viewport every text of every small chart renders at ≥ 12 px.
func TestBrowserLambdaSmallReadable(t *testing.T) {
	srv := playServer(t)
	tb := newTab(t, srv)
	long := "/compare/lambda?v=1&p=seed-b" + strings.Repeat("&tok=x", 64)
	for _, path := range []string{"/compare/lambda?v=1&p=seed-b", "/compare/lambda?v=1&p=pipeline&lang=zh", long} {
		tb.do("size the window", chromedp.EmulateViewport(1280, 720))
		tb.open(path)
		m := measureSVGText(t, tb, `figure[id^="sweep-small-"] svg`)
		t.Logf("%s: %d texts, smallest %.1f px (%q in %s), box %.1f px, svg widths %v", path, m.N, m.Font, m.Text, m.Chart, m.BoxH, m.Widths)
		if m.N == 0 {
			t.Fatalf("%s: no text in the small charts", path)
		}
		if len(m.Widths) != len(sweepLambdas) {
			t.Errorf("%s: %d small charts, want one per λ (%d)", path, len(m.Widths), len(sweepLambdas))
		}
		if m.Font < 12 {
			t.Errorf("%s: the smallest text of the small charts renders at %.1f px (%q in %s), want ≥ 12", path, m.Font, m.Text, m.Chart)
		}
	}
}
