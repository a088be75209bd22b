package e2e

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// presentPages are the pages that offer presentation mode, in it: /play's
// first screen, its step-through (the step panel, its formulas, the speed
// chips) and a question with hidden rows (Reveal), the lessons' index and a
// lesson's prose, measured in both languages (bothLanguages); then the
// update and compare pages, each in one language, in turn.
var presentPages = []string{
	"/play?v=1&p=seed-a&present=1",
	"/play?v=1&p=seed-a&present=1&step=2",
	"/play?v=1&p=seed-b&present=1&hide=adv,ret",
	"/lessons?present=1",
	"/lessons/gae?present=1",
	"/update?present=1",
	"/update/critic?present=1",
	"/update/actor?present=1",
	"/compare?present=1",
	"/compare/versions?present=1",
	"/compare/bugs?present=1",
	"/compare/lambda?present=1",
	"/compare/estimators?present=1",
	"/compare/variance?present=1",
}

// bothLanguages is how many of presentPages are measured in both languages.
const bothLanguages = 5

// typeSize is what presentTypeJS measures on a page, in CSS px.
type typeSize struct {
	Texts    int     `json:"texts"`    // visible text nodes measured
	Smallest float64 `json:"smallest"` // the smallest computed font size of a visible text's element
	Where    string  `json:"where"`    // that element, as a selector, and its text
	// Chart labels: font size × the SVG's scale (getScreenCTM).
	ChartTexts    int     `json:"chartTexts"`
	ChartSmallest float64 `json:"chartSmallest"`
	ChartWhere    string  `json:"chartWhere"`
	Wide          string  `json:"wide"` // what runs off the screen or makes the page scroll sideways, "" for nothing
}

// presentTypeJS walks every text node the page shows (screen-reader-only
// text, which is clipped to a pixel, and closed or hidden parts aside) and
// measures its element's computed font size; SVG text at the size it is
// drawn. It names the smallest of each, and a text that runs off the
// screen to the right (outside a box that scrolls sideways) or else what
// makes the page wider than the viewport.
const presentTypeJS = `(() => {
	const out = {texts: 0, smallest: 1e9, where: "", chartTexts: 0, chartSmallest: 1e9, chartWhere: "", wide: ""};
	const name = e => {
		const parts = [];
		for (let a = e; a && a !== document.body && parts.length < 4; a = a.parentElement) {
			let s = a.localName;
			if (a.id) s += "#" + a.id;
			else if (typeof a.className === "string" && a.className.trim()) s += "." + a.className.trim().split(/\s+/).join(".");
			else if (a.dataset && a.dataset.testid) s += '[data-testid="' + a.dataset.testid + '"]';
			parts.unshift(s);
			if (a.id) break;
		}
		return parts.join(" > ");
	};
	const clipped = e => {
		for (let a = e; a && a !== document.body; a = a.parentElement) {
			const r = a.getBoundingClientRect(), cs = getComputedStyle(a);
			if ((r.width <= 1 || r.height <= 1) && (cs.overflow !== "visible" || cs.clipPath !== "none")) return true;
			if (cs.opacity === "0") return true;
		}
		return false;
	};
	// scrolls: e sits in a box that scrolls sideways (a wide table's).
	const scrolls = e => {
		for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
			if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
		}
		return false;
	};
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const el = n.parentElement;
		if (!n.data.trim() || !el || el.closest("script, style, title, desc, noscript, template")) continue;
		const range = document.createRange();
		range.selectNodeContents(n);
		const rects = [...range.getClientRects()].filter(b => b.width > 0 && b.height > 0);
		if (!rects.length) continue;
		if (getComputedStyle(el).visibility === "hidden" || clipped(el)) continue;
		const text = JSON.stringify(n.data.trim().slice(0, 30));
		const right = Math.max(...rects.map(b => b.right));
		if (right > innerWidth + 1 && !out.wide && !scrolls(el)) out.wide = name(el.closest("svg") ? el.closest("svg").parentElement : el) + " " + text + " runs off the screen to x = " + right.toFixed(0);
		const fs = parseFloat(getComputedStyle(el).fontSize);
		if (el instanceof SVGElement) {
			const m = el.getScreenCTM(), px = fs * Math.hypot(m.a, m.b);
			out.chartTexts++;
			if (px < out.chartSmallest) { out.chartSmallest = px; out.chartWhere = name(el.closest("svg").parentElement) + " svg text " + text; }
			continue;
		}
		out.texts++;
		if (fs < out.smallest) { out.smallest = fs; out.where = name(el) + " " + text; }
	}
	const d = document.documentElement;
	if (!out.wide && d.scrollWidth > innerWidth + 1) {
		let widest = null;
		for (const e of document.body.querySelectorAll("*")) {
			const r = e.getBoundingClientRect();
			if (r.right > innerWidth + 1 && (!widest || r.right > widest.r)) widest = {e, r: r.right};
		}
		out.wide = "the page is " + d.scrollWidth + " px wide in " + innerWidth + (widest ? ": " + name(widest.e) + " ends at x = " + widest.r.toFixed(0) : "");
	}
	return JSON.stringify(out);
})()`

// In presentation mode every text of every page that offers it is ≥ 24 px
// at 1280×720 and ≥ 32 px at 1920×1080, and no text runs off the screen
// sideways (a wide table scrolls in its own box): in Chinese from an
// English browser and in English from a Chinese one (issue 27, point 6).
// Chart labels, drawn at their rendered size, are ≥ 32 px at 1920 and
// ≥ 20 px at 1280, where the playground's charts share 720 px with the
// table and the step panel (21–26 px up to 8 tokens). Each page loads once
// and is measured at both sizes; each language's pages load one after
// another in one tab (a new tab is a new renderer).
func TestBrowserPresentTypeFloor(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for l, c := range []struct{ lang, browser string }{{"zh", "en-US"}, {"en", "zh-CN"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			for i, path := range presentPages {
				if i >= bothLanguages && i%2 != l {
					continue
				}
				path := path + "&lang=" + c.lang
				t.Run(path, func(t *testing.T) {
					defer tb.in(t)()
					for i, size := range []struct {
						w, h         int64
						floor, chart float64
					}{{1280, 720, 24, 20}, {1920, 1080, 32, 32}} {
						tb.do("size the window", chromedp.EmulateViewport(size.w, size.h))
						if i == 0 {
							tb.open(path)
						}
						var m typeSize
						if err := json.Unmarshal([]byte(eval[string](tb, presentTypeJS)), &m); err != nil {
							t.Fatal(err)
						}
						at := fmt.Sprintf("%d×%d", size.w, size.h)
						t.Logf("%s: %d texts ≥ %.1f px (%s); %d chart labels ≥ %.1f px (%s)", at, m.Texts, m.Smallest, m.Where, m.ChartTexts, m.ChartSmallest, m.ChartWhere)
						if m.Texts == 0 {
							t.Errorf("%s: no text measured", at)
						}
						if m.Smallest < size.floor-0.05 {
							t.Errorf("%s: text of %.1f px, want ≥ %v: %s", at, m.Smallest, size.floor, m.Where)
						}
						if m.ChartTexts > 0 && m.ChartSmallest < size.chart-0.05 {
							t.Errorf("%s: a chart label of %.1f px, want ≥ %v: %s", at, m.ChartSmallest, size.chart, m.ChartWhere)
						}
						if m.Wide != "" {
							t.Errorf("%s: %s", at, m.Wide)
						}
					}
				})
			}
		})
	}
}
