package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
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

// legibility is what legibleJS measures on a presentation page, in CSS px.
type legibility struct {
	TableFont  float64  `json:"tableFont"`  // the smallest computed font size of a visible number
	Columns    int      `json:"columns"`    // token columns visible
	TableW     float64  `json:"tableW"`     // the table's width
	BoxW       float64  `json:"boxW"`       // the width the table may fill
	ChartFont  float64  `json:"chartFont"`  // the smallest rendered label: font size × the SVG's scale
	ChartBoxH  float64  `json:"chartBoxH"`  // the smallest label's text box height (getBoundingClientRect)
	LineW      float64  `json:"lineW"`      // the thinnest rendered series line
	Contrast   float64  `json:"contrast"`   // the lowest contrast of a series colour against the page
	Clipped    []string `json:"clipped"`    // what ends below or right of the viewport
	Arrows     int      `json:"arrows"`     // window arrows shown (links or ends)
	ArrowLinks []string `json:"arrowLinks"` // the arrows' links
	RevealFont float64  `json:"revealFont"` // the Reveal button's font size, 0 when none shows
	RevealH    float64  `json:"revealH"`    // and its height
}

// legibleJS measures presentation mode: computed font sizes of the table's
// numbers; every SVG text of the chart at its rendered size (font size times
// getScreenCTM's scale, and its client box); the series lines' rendered
// widths and colours against the computed background; and the bottoms of the
// table, the chart and the step panel against the viewport.
const legibleJS = `(() => {
	const vis = e => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
	const out = {tableFont: 1e9, chartFont: 1e9, chartBoxH: 1e9, lineW: 1e9, contrast: 1e9, clipped: [], arrowLinks: [], arrows: 0};
	const table = document.querySelector('[data-testid="token-table"]');
	for (const td of table.querySelectorAll("tbody td")) {
		if (!vis(td)) continue;
		const el = td.querySelector("button") || td;
		out.tableFont = Math.min(out.tableFont, parseFloat(getComputedStyle(el).fontSize));
	}
	out.columns = [...table.querySelectorAll("thead th[data-t]")].filter(vis).length;
	out.tableW = table.getBoundingClientRect().width;
	out.boxW = document.querySelector(".results").getBoundingClientRect().width;
	const svg = document.querySelector("#chart-values svg");
	if (svg) {
		for (const t of svg.querySelectorAll("text")) {
			if (t.closest("title, desc") || !t.textContent.trim()) continue;
			const m = t.getScreenCTM(), scale = Math.hypot(m.a, m.b);
			out.chartFont = Math.min(out.chartFont, parseFloat(getComputedStyle(t).fontSize) * scale);
			const r = t.getBoundingClientRect();
			out.chartBoxH = Math.min(out.chartBoxH, Math.max(r.height, r.width > r.height * 3 ? r.height : 0) || 1e9);
		}
		const lum = c => {
			const v = c.match(/[\d.]+/g).slice(0, 3).map(x => { x = x / 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
			return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
		};
		const bg = lum(getComputedStyle(svg.querySelector("rect")).fill);
		const page = lum(getComputedStyle(document.body).backgroundColor);
		for (const p of svg.querySelectorAll("path[marker-start]")) {
			const m = p.getScreenCTM(), scale = Math.hypot(m.a, m.b);
			out.lineW = Math.min(out.lineW, parseFloat(getComputedStyle(p).strokeWidth) * scale);
			const l = lum(getComputedStyle(p).stroke);
			for (const b of [bg, page]) out.contrast = Math.min(out.contrast, (Math.max(l, b) + 0.05) / (Math.min(l, b) + 0.05));
		}
	}
	for (const [name, sel] of [["table", '[data-testid="token-table"]'], ["chart", "#chart-values svg"], ["step panel", '[data-testid="step"]'], ["reveal", '[data-testid="reveal-next"]']]) {
		const e = document.querySelector(sel);
		if (!vis(e)) continue;
		const r = e.getBoundingClientRect();
		if (r.bottom > innerHeight + 0.5) out.clipped.push(name + " ends at y = " + r.bottom.toFixed(1) + " of " + innerHeight);
		if (r.right > innerWidth + 0.5) out.clipped.push(name + " ends at x = " + r.right.toFixed(1) + " of " + innerWidth);
	}
	const rev = document.querySelector('[data-testid="reveal-next"]');
	if (vis(rev)) {
		out.revealFont = parseFloat(getComputedStyle(rev).fontSize);
		out.revealH = rev.getBoundingClientRect().height;
	}
	for (const w of document.querySelectorAll(".token-window")) {
		if (!vis(w)) continue;
		for (const a of w.children) { out.arrows++; if (a.href) out.arrowLinks.push(a.getAttribute("href")); }
	}
	return JSON.stringify(out);
})()`

// measure opens a page at a size and measures it.
func measureLegibility(t *testing.T, tb *tab, w, h int) legibility {
	t.Helper()
	tb.do("size the window", chromedp.EmulateViewport(int64(w), int64(h)))
	var l legibility
	if err := json.Unmarshal([]byte(eval[string](tb, legibleJS)), &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// Presentation mode is legible from the back row: at 1280×720 table numbers
// ≥ 24 px and chart labels ≥ 16 px, at 1920×1080 ≥ 32 px and ≥ 20 px; up to
// 8 (1280) or 12 (1920) tokens the whole table shows and fills its width,
// longer scenarios a window of that many tokens with arrows, at the same
// sizes; nothing ends below the screen; in the dark theme every series is
// ≥ 4.5:1 and every line ≥ 3 px.
func TestBrowserPresentationLegible(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	sizes := []struct {
		w, h, tokens  int
		table, labels float64
	}{
		{1280, 720, 8, 24, 16},
		{1920, 1080, 12, 32, 20},
	}
	// Each theme's pages load one after another in one tab (a new tab is a
	// new renderer).
	for _, theme := range []string{"", "&theme=dark"} {
		t.Run("theme"+theme, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			for _, n := range []int{3, 8, 12, 20} {
				for _, extra := range []string{"", "&step=5", "&hide=white,delta&sel=adv.1"} {
					name := fmt.Sprintf("%d tokens%s%s", n, theme, extra)
					// One load, measured at each size it is for (8 and 12 tokens
					// are the widths' whole tables): the new viewport lays the
					// page out again before legibleJS reads it.
					t.Run(name, func(t *testing.T) {
						defer tb.in(t)()
						path := nTokens(n, theme+extra)
						if n == 3 {
							path = "/play?v=1&p=seed-a&present=1" + theme + extra
						}
						tb.open(path)
						for _, size := range sizes {
							if n != 3 && n != 20 && n != size.tokens {
								continue
							}
							l := measureLegibility(t, tb, size.w, size.h)
							at := fmt.Sprintf("%dx%d", size.w, size.h)
							t.Logf("%s: numbers %.1f px, chart labels %.1f px (text boxes ≥ %.1f px), lines %.1f px, contrast %.2f:1, %d columns, table %.0f of %.0f px, reveal %.1f px/%.0f px",
								at, l.TableFont, l.ChartFont, l.ChartBoxH, l.LineW, l.Contrast, l.Columns, l.TableW, l.BoxW, l.RevealFont, l.RevealH)
							if l.TableFont < size.table {
								t.Errorf("%s: table numbers are %.1f px, want ≥ %v", at, l.TableFont, size.table)
							}
							if l.ChartFont < size.labels {
								t.Errorf("%s: chart labels are %.1f px, want ≥ %v", at, l.ChartFont, size.labels)
							}
							if l.LineW < 3 {
								t.Errorf("%s: series lines are %.2f px, want ≥ 3", at, l.LineW)
							}
							if theme != "" && l.Contrast < 4.5 {
								t.Errorf("%s: a series is %.2f:1 against the background, want ≥ 4.5:1", at, l.Contrast)
							}
							if strings.Contains(extra, "hide") && (l.RevealFont < 20 || l.RevealH < 48) {
								t.Errorf("%s: the Reveal button is %.1f px type, %.0f px tall; want ≥ 20 px and ≥ 48 px", at, l.RevealFont, l.RevealH)
							}
							if len(l.Clipped) > 0 {
								t.Errorf("%s: clipped by the viewport: %s", at, strings.Join(l.Clipped, "; "))
							}
							if want := min(n, size.tokens); l.Columns != want {
								t.Errorf("%s: %d token columns show, want %d", at, l.Columns, want)
							}
							if l.TableW < l.BoxW-4 { // its border aside
								t.Errorf("%s: the table is %.0f px wide in %.0f: it does not fill its width", at, l.TableW, l.BoxW)
							}
							switch {
							case n <= size.tokens && l.Arrows != 0:
								t.Errorf("%s: %d tokens fit, yet %d window arrows show", at, n, l.Arrows)
							case n > size.tokens && (l.Arrows != 2 || len(l.ArrowLinks) == 0):
								t.Errorf("%s: %d tokens: want 2 window arrows with a link, got %d (%v)", at, n, l.Arrows, l.ArrowLinks)
							}
						}
					})
				}
			}
		})
	}
}
