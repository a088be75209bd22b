package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// speaks makes the tab's browser one of locale (its locale and its
// Accept-Language), so a page in the other language is tested from it.
func (tb *tab) speaks(locale string) {
	tb.t.Helper()
	tb.do("a "+locale+" browser", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tgt, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: locale}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tgt, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": locale}})
		return err
	}))
}

// pickedJS says what is wrong until δ₂ is selected: its formula wholly in
// the window, the link still v=1 with sel= added, no "changed" marker and
// the results' heading (its release label) as before.
const pickedJS = `(heading, want) => {
	if (!window.__samePage) return "the page reloaded: htmx did not answer the click";
	const f = document.querySelector('[data-testid="formula"]');
	if (!f) return "no formula";
	if (location.pathname + location.search !== want) return "address bar " + location.pathname + location.search;
	if (document.querySelector('[data-testid="changed"]')) return "marked as changed from the preset";
	const h = document.getElementById("results-heading").textContent;
	if (h !== heading) return "heading " + h + ", was " + heading;
	for (const [name, el] of [["formula", f], ["the selected cell", document.querySelector(".token-table td.selected")]]) {
		if (!el) return name + " missing";
		const r = el.getBoundingClientRect();
		if (r.top < -1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1)
			return name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + innerWidth + "×" + innerHeight;
	}
	return "";
}`

// Clicking δ₂ on /play?v=1&p=seed-b (issue 26, point 4) at 1280×720 opens
// its formula in view, the cell still in view above it, and changes nothing
// else: the link stays v=1 with sel= added, nothing is marked as changed,
// the heading keeps its release label; clicking it again closes the
// formula. Both without a reload. In Chinese from an English browser and in
// English from a Chinese one.
func TestBrowserCellFormula(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"zh", "en-US"}, {"en", "zh-CN"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			start := "/play?v=1&p=seed-b&lang=" + c.lang
			tb.open(start)
			heading := eval[string](tb, `window.__samePage = true, document.getElementById("results-heading").textContent`)
			tb.do("click δ₂", chromedp.Click(chromedp.CSS(cellSel("delta", 2)+" button")))
			tb.until("δ₂'s formula, in view, nothing changed", pickedJS, heading, "/play?v=1&p=seed-b&sel=delta.2&lang="+c.lang)
			tb.do("click δ₂ again", chromedp.Click(chromedp.CSS(cellSel("delta", 2)+" button")))
			tb.until("the formula closed, the link as it was", `(want) => !window.__samePage ? "reloaded" :
				document.querySelector('[data-testid="formula"]') ? "formula still open" :
				location.pathname + location.search !== want ? "address bar " + location.search : ""`, start)
		})
	}
}
