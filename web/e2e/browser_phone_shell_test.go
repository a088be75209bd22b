package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// phoneRooms are the shell's rooms of issue 35 (play, batch, compare,
// update), each page once.
var phoneRooms = []string{
	"/play?v=1&p=seed-b",
	"/play?v=1&p=seed-b&step=3",
	"/batch?v=1",
	"/compare/lambda?v=1&p=seed-b",
	"/compare/variance?v=1&p=seed-b",
	"/compare/estimators?v=1&p=seed-b",
	"/compare/versions?v=1&p=seed-b",
	"/compare/bugs?v=1&p=seed-b",
	"/compare?v=1&p=seed-b",
	"/update?v=1&p=seed-b",
	"/update/critic?v=1&p=seed-b",
	"/update/actor?v=1&p=seed-b",
	"/play?v=1&p=seed-b&sel=white.1", // the formula panel, its lines wider than the phone
}

// phoneShellJS lists what is wrong with a page on a 375 px phone (issue
// 35): the page wider than the window; a header taller than 64 px; the
// navigation not in a <details> menu; chart text under 12 px; a chart wider
// than its box that does not scroll in it behind an edge shadow; a drag
// handle under 24 px; a display formula wider than its box that does not
// scroll in it, reachable by the keyboard, behind an edge shadow.
// The window's width is the layout viewport's (clientWidth): on a phone a
// page wider than the screen widens innerWidth with it.
// It returns the nav's links too, to compare pages, and how many formulas
// scroll.
const phoneShellJS = `() => {
	const wrong = [], W = document.documentElement.clientWidth;
	const sw = document.documentElement.scrollWidth;
	if (sw > W + 1) {
		let widest = "";
		for (const el of document.querySelectorAll("main *")) {
			const r = el.getBoundingClientRect();
			if (r.right > W + 1 && el.getClientRects().length && !el.closest("[data-scroll], .table-scroll, .scroll")) {
				let p = el.parentElement, clipped = false;
				for (; p && p !== document.body; p = p.parentElement) {
					const o = getComputedStyle(p).overflowX;
					if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") { clipped = true; break; }
				}
				if (!clipped) { widest = el.tagName.toLowerCase() + "." + el.className + " to " + Math.round(r.right); break; }
			}
		}
		wrong.push("page " + sw + " px wide (" + widest + ")");
	}
	const h = document.querySelector(".site-header").getBoundingClientRect();
	if (h.height > 64.5) wrong.push("header " + Math.round(h.height) + " px tall");
	const menu = document.querySelector(".site-header details.site-menu");
	if (!menu) wrong.push("no <details> menu in the header");
	else if (!menu.querySelector("#site-nav")) wrong.push("the menu holds no navigation");
	let minFont = 1e9, where = "";
	for (const t of document.querySelectorAll("main .chart svg text, main figure svg text")) {
		if (!t.textContent.trim() || !t.getClientRects().length) continue;
		const m = t.getScreenCTM();
		const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
		if (px < minFont) { minFont = px; where = (t.closest("svg").closest("[id]") || {}).id + ": " + t.textContent.trim().slice(0, 20); }
	}
	if (minFont < 11.95) wrong.push("chart text " + minFont.toFixed(1) + " px (" + where + ")");
	for (const f of document.querySelectorAll("main .chart")) {
		const svg = f.querySelector("svg");
		if (!svg || svg.getBoundingClientRect().width <= f.clientWidth + 1) continue;
		const cs = getComputedStyle(f), bg = svg.querySelector(":scope > rect");
		if (cs.overflowX !== "auto" || !/radial-gradient/.test(cs.backgroundImage) || !cs.backgroundAttachment.includes("scroll") || (bg && getComputedStyle(bg).fill !== "rgba(0, 0, 0, 0)" && getComputedStyle(bg).fill !== "transparent")) {
			wrong.push((f.id || "a chart") + " is wider than its box without scrolling in it behind a shadow: " + [cs.overflowX, cs.backgroundImage.slice(0, 40), bg && getComputedStyle(bg).fill]);
			break;
		}
	}
	for (const c of document.querySelectorAll("main svg .handles circle")) {
		const r = c.getBoundingClientRect();
		if (!c.getClientRects().length || !r.width) continue;
		if (Math.min(r.width, r.height) < 23.95) { wrong.push("drag handle " + r.width.toFixed(1) + " px"); break; }
	}
	let formulas = 0;
	for (const f of document.querySelectorAll("main :is(.math-display, .math-wide)")) {
		if (!f.getClientRects().length || f.scrollWidth <= f.clientWidth + 1) continue;
		formulas++;
		const cs = getComputedStyle(f), r = f.getBoundingClientRect();
		if (cs.overflowX !== "auto" || f.tabIndex < 0 || !/radial-gradient/.test(cs.backgroundImage) || !cs.backgroundAttachment.includes("scroll") || r.right > W + 1) {
			wrong.push("a formula " + f.scrollWidth + " px wide in a box of " + f.clientWidth + " does not scroll in it behind a shadow: " + [cs.overflowX, f.tabIndex, cs.backgroundImage.slice(0, 40), Math.round(r.right)] + " (" + f.textContent.trim().slice(0, 30) + ")");
			break;
		}
	}
	const nav = [...document.querySelectorAll("#site-nav a")].map(a => a.pathname);
	return {wrong: wrong.join("; "), nav: nav.join(" "), formulas};
}`

// menuOpensJS opens the header's menu by its summary, as a tap would
// without JavaScript, and says "" when its links are on the screen.
const menuOpensJS = `() => {
	const m = document.querySelector(".site-header details.site-menu");
	if (!m) return "no menu";
	if (!m.open) m.querySelector("summary").click();
	const a = m.querySelectorAll("#site-nav a");
	if (!a.length) return "no links";
	for (const l of a) {
		const r = l.getBoundingClientRect();
		if (!r.width || r.right > innerWidth + 1 || r.height < 23.95) return "link " + l.textContent + " " + [r.left, r.top, r.width, r.height].map(Math.round);
	}
	return "";
}`

// The phone pass (issue 35) at 375×812, English from a Chinese browser and
// Chinese from an English one: on the playground, the batch view and every
// compare and update page, no page is wider than the window, the header is
// one row of at most 64 px with the navigation in a <details> menu that
// opens (no JavaScript needed: a <details>), chart text is ≥ 12 px (a
// wider chart scrolls in its own box, a shadow on the edge), drag handles are
// ≥ 24 px, and the navigation is the same on every page, /train included.
// Display formulas wider than the phone (the formula panel's lines, the λ
// sweep's n-step estimate) scroll in their own box, which the keyboard
// reaches, behind an edge shadow. Each page passes axe-core at 375 px
// without a serious or critical violation.
func TestBrowserPhoneShell(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ lang, browser string }{{"en", "zh-CN"}, {"zh", "en-US"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("a 375×812 phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, phone375)
				return err
			}))
			nav, formulas := "", 0
			axe := axeSource(t)
			for _, p := range phoneRooms {
				tb.open(p + "&lang=" + c.lang)
				// axe-core at 375 px, on the page as loaded (issue 35: 0
				// serious or critical at 1280 and 375; the window's run at
				// 1280 is each room's own a11y test's).
				tb.axeFails(axe, p+" at 375 px", true, c.lang == "zh")
				got := eval[struct {
					Wrong, Nav string
					Formulas   int
				}](tb, "("+phoneShellJS+")()")
				formulas += got.Formulas
				if got.Wrong != "" {
					t.Errorf("%s at 375 px: %s", p, got.Wrong)
				}
				if nav == "" {
					nav = got.Nav
				} else if got.Nav != nav {
					t.Errorf("%s: the navigation is %q, on %s it is %q", p, got.Nav, phoneRooms[0], nav)
				}
			}
			if formulas < 2 {
				t.Errorf("%d display formulas wider than the phone: the formula panel's and the λ sweep's should be", formulas)
			}
			tb.until("the menu opens", menuOpensJS)
			if !strings.Contains(nav, "/train") {
				t.Errorf("the navigation %q has no /train", nav)
			}
		})
	}
}
