package e2e

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
	t.Parallel()
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

// klInsetJS measures the reward chart's KL panel as the browser draws it:
// the rendered height of each KL bar (its SVG height × the panel's scale),
// the panel's and the chart's boxes, and the smallest rendered label.
const klInsetJS = `(() => {
	const svg = document.querySelector("#chart-rewards svg"), g = svg && svg.querySelector("g.gae-kl-inset");
	if (!g) return JSON.stringify({found: false});
	const out = {found: true, bars: [], font: 1e9};
	for (const p of g.querySelectorAll('path[fill*="hatch-kl"]')) {
		const m = p.getScreenCTM(), scale = Math.hypot(m.c, m.d);
		for (const [, h] of p.getAttribute("d").matchAll(/h-?[\d.]+v(-?[\d.]+)h/g)) out.bars.push(Math.abs(parseFloat(h)) * scale);
	}
	for (const t of g.querySelectorAll("text")) {
		const m = t.getScreenCTM();
		out.font = Math.min(out.font, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
	}
	const r = g.getBoundingClientRect(), s = svg.getBoundingClientRect();
	out.panel = [r.left, r.top, r.right, r.bottom];
	out.chart = [s.left, s.top, s.right, s.bottom];
	out.aboveBottom = Math.max(...[...svg.querySelectorAll(":scope > g.labels text")].map(t => t.getBoundingClientRect().bottom));
	return JSON.stringify(out);
})()`

// The reward-composition chart's KL panel, as seed-b's page draws it at
// 1280×720 in both languages: it lies inside the chart, under everything
// the chart above it writes, and every KL bar renders ≥ 10 px tall.
func TestBrowserKLInset(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	for _, path := range []string{"/play?v=1&p=seed-b&lang=en", "/play?v=1&p=seed-b&lang=zh", "/play?v=1&p=pipeline&lang=en"} {
		tb.do("size the window", chromedp.EmulateViewport(1280, 720))
		tb.open(path)
		var m struct {
			Found       bool      `json:"found"`
			Bars        []float64 `json:"bars"`
			Font        float64   `json:"font"`
			Panel       []float64 `json:"panel"`
			Chart       []float64 `json:"chart"`
			AboveBottom float64   `json:"aboveBottom"`
		}
		if err := json.Unmarshal([]byte(eval[string](tb, klInsetJS)), &m); err != nil {
			t.Fatal(err)
		}
		if !m.Found {
			t.Fatalf("%s: no KL panel in the reward chart", path)
		}
		t.Logf("%s: KL bars %v px, smallest label %.1f px, panel %v in chart %v, chart above ends at y = %.1f", path, m.Bars, m.Font, m.Panel, m.Chart, m.AboveBottom)
		if len(m.Bars) == 0 {
			t.Fatalf("%s: no KL bars in the panel", path)
		}
		for _, h := range m.Bars {
			if h < 10 {
				t.Errorf("%s: a KL bar renders %.1f px tall, want ≥ 10 (bars %v)", path, h, m.Bars)
			}
		}
		const eps = 0.5
		if m.Panel[0] < m.Chart[0]-eps || m.Panel[2] > m.Chart[2]+eps || m.Panel[3] > m.Chart[3]+eps {
			t.Errorf("%s: the panel %v reaches out of the chart %v", path, m.Panel, m.Chart)
		}
		if m.Panel[1] < m.AboveBottom-eps {
			t.Errorf("%s: the panel starts at y = %.1f, over the chart's labels (down to %.1f)", path, m.Panel[1], m.AboveBottom)
		}
	}
}
