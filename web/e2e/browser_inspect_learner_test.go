package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// mapsReadableJS lists what of the batch view's heat maps a learner at
// 1280 px cannot read: a map image narrower than 480 px or lower than
// 90 px (the example's 6 × 10 batch is drawn 160 × 72 px), outside the
// window's width, axis ticks missing or in text under 12 px, or a
// quantity's map without its colour key.
const mapsReadableJS = `() => {
	const wrong = [], maps = [...document.querySelectorAll("[data-testid=inspect-map]")];
	if (maps.length < 4) return maps.length + " maps";
	for (const m of maps) {
		const img = m.querySelector("img.heatmap"), r = img.getBoundingClientRect();
		if (!img.complete || img.naturalWidth === 0) { wrong.push(m.id + " not drawn"); continue; }
		if (r.width < 480 || r.height < 90 || r.right > innerWidth) wrong.push(m.id + " " + Math.round(r.width) + "×" + Math.round(r.height) + " at right " + Math.round(r.right));
		const x = m.querySelector("[data-testid=inspect-map-x]");
		if (!x || x.children.length < 2 || x.firstElementChild.textContent !== "0") wrong.push(m.id + " token axis " + (x ? x.textContent : "missing"));
		const axes = [x, m.querySelector("[data-testid=inspect-map-y]"), m.querySelector(".heat-xlabel")].filter(Boolean);
		for (const a of axes) {
			const px = parseFloat(getComputedStyle(a).fontSize), b = a.getBoundingClientRect();
			if (px < 12 || b.width === 0) wrong.push(m.id + " axis text " + px + " px, " + Math.round(b.width) + " wide");
		}
		if (m.id !== "map-mask" && m.id !== "map-share") {
			const k = m.querySelector("[data-testid=inspect-map-key]");
			if (!k || k.getBoundingClientRect().width === 0 || !k.textContent.includes("+")) wrong.push(m.id + " no colour key");
		}
		if (m.id !== "map-share" && !m.querySelector("[data-testid=inspect-map-y]")) wrong.push(m.id + " no row axis");
	}
	return wrong.join("; ");
}`

// TestInspectBrowserLearner: at 1280 × 720, "Try an example batch" is
// wholly above the fold on the form, in both languages (en from a zh-CN
// browser, zh from an en-US one); its button leads to the batch view,
// whose heat maps are drawn at least 480 × 90 px with token and row axes
// and a colour key, in text of 12 px or more.
func TestInspectBrowserLearner(t *testing.T) {
	t.Parallel()
	requireChromium(t)
	srv, _, _ := inspectBrowserServer(t)
	for _, tc := range []struct{ lang, locale string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		tb := newTab(t, srv)
		tb.speaks(tc.locale)
		tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
		tb.open("/inspect?lang=" + tc.lang)
		if got := eval[string](tb, `(() => {
			const f = document.querySelector("[data-testid=inspect-example]");
			if (!f) return "no example form";
			const r = f.getBoundingClientRect(), b = f.querySelector("button").getBoundingClientRect();
			return r.top >= 0 && r.bottom <= innerHeight && b.height > 0 ? "" : "example at " + Math.round(r.top) + "–" + Math.round(r.bottom) + " of " + innerHeight;
		})()`); got != "" {
			t.Errorf("%s: %s", tc.lang, got)
		}
		tb.do("try the example", chromedp.Click(chromedp.CSS(`[data-testid="inspect-example"] button`)))
		tb.until(tc.lang+": the batch view", `() => document.querySelector("[data-testid=inspect-batch]") ? "" : location.pathname`)
		tb.until(tc.lang+": maps readable at 1280", mapsReadableJS)
	}
}
