package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"gaelab/web/scenario"
)

// firstScreenJS lists what is wrong with the playground's first screen at
// the window's size: each part a learner needs must lie wholly inside the
// window without scrolling, the caption must be one line and the header's
// right-hand cluster one row. wide adds the other two charts (1920×1080).
const firstScreenJS = `(wide) => {
	const wrong = [], W = innerWidth, H = innerHeight;
	if (scrollY !== 0) wrong.push("scrolled to " + scrollY);
	const parts = {
		"boundary chart": "#chart-values svg",
		"token table": ".results .token-table",
		"γ": "#gamma", "λ": "#lam",
		"presets": '[data-testid="presets"] ul',
		"caption": '[data-testid="caption"]',
	};
	if (wide) { parts["rewards chart"] = "#chart-rewards svg"; parts["advantages chart"] = "#chart-advantages svg"; }
	for (const [name, sel] of Object.entries(parts)) {
		const el = document.querySelector(sel);
		if (!el) { wrong.push(name + " missing"); continue; }
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) wrong.push(name + " not shown");
		if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
			wrong.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + W + "×" + H);
	}
	// Every row of the table is on screen (the wrapper may scroll sideways).
	const rows = document.querySelectorAll('[data-testid="token-table"] tbody tr');
	if (rows.length && rows[rows.length - 1].getBoundingClientRect().bottom > H + 1) wrong.push("the table's last row is below the fold");
	const cap = document.querySelector('[data-testid="caption"]');
	if (cap) {
		const lh = parseFloat(getComputedStyle(cap).lineHeight) || 1.6 * parseFloat(getComputedStyle(cap).fontSize);
		if (cap.getBoundingClientRect().height > 1.5 * lh) wrong.push("caption wraps: " + Math.round(cap.getBoundingClientRect().height) + " px");
	}
	const tops = Array.from(document.querySelectorAll(".header-actions > :not([hidden])"), e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
	if (tops.length && Math.max(...tops) - Math.min(...tops) > 4) wrong.push("header cluster is not one row: centres " + tops);
	return wrong.join("; ");
}`

// The first screen of /play shows the boundary chart, the token table, γ, λ,
// the presets and a one-line caption without scrolling, at 1280×720 for every
// preset (all have at most 16 tokens), in Chinese from an English browser and
// in English from a Chinese one; at 1920×1080 the other two charts too.
func TestBrowserFirstScreen(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"zh", "en-US"}, {"en", "zh-CN"}} {
		t.Run(c.lang+" from "+c.browser, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.do("a "+c.browser+" browser", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				if _, err := cdp.Call(ctx, tgt, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: c.browser}); err != nil {
					return err
				}
				if _, err := cdp.Call(ctx, tgt, network.Enable, network.EnableParams{}); err != nil {
					return err
				}
				_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": c.browser}})
				return err
			}))
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			for _, id := range scenario.PresetIDs {
				s, _ := scenario.Preset(id)
				if s.Len() > 16 {
					continue
				}
				tb.open("/play?v=1&p=" + id + "&lang=" + c.lang)
				tb.until(fmt.Sprintf("preset %s fits 1280×720", id), firstScreenJS, false)
			}
			tb.do("1920×1080", chromedp.EmulateViewport(1920, 1080))
			tb.open("/play?v=1&p=seed-b&lang=" + c.lang)
			tb.until("seed-b with all three charts fits 1920×1080", firstScreenJS, true)
		})
	}
}
