package e2e

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// liveLabJS reports what still differs from a live update of a compare
// view: the chart (its SVG as it was before the edit: before) must have
// changed, in the same document (the mark set on window before the edit is
// there; one navigation entry), at the same scroll position, with the
// form's state in the address bar (want: "" until the test knows it).
const liveLabJS = `(chart, before, y, want) => {
	const wrong = [];
	const svg = document.querySelector(chart + " svg");
	if (!svg) wrong.push(chart + " has no chart");
	else if (svg.outerHTML === before) wrong.push(chart + " has not changed");
	if (window.liveMark !== 1) wrong.push("the page was reloaded");
	const navs = performance.getEntriesByType("navigation").length;
	if (navs !== 1) wrong.push(navs + " navigation entries");
	if (Math.abs(scrollY - y) > 1) wrong.push("scrolled from " + y + " to " + scrollY);
	if (want && location.pathname + location.search !== want) wrong.push("the address bar has " + location.pathname + location.search + ", want " + want);
	return wrong.join("; ");
}`

// besideJS reports whether a control and the chart it changes show
// together: the chart scrolled into view (its bottom at the window's), the
// control must lie wholly in the window.
const besideJS = `(control, chart) => {
	document.querySelector(chart).scrollIntoView({block: "end"});
	const r = document.querySelector(control).getBoundingClientRect();
	if (r.top < 0 || r.bottom > innerHeight) return control + " at y " + Math.round(r.top) + "…" + Math.round(r.bottom) + " is out of the window beside " + chart;
	return "";
}`

// qrFollowsJS says what is wrong until the header's QR link encodes the
// address bar's link (issue 35: the QR dialog follows every htmx edit).
const qrFollowsJS = `() => {
	const a = document.querySelector("a.qr-open");
	if (!a) return "no QR link";
	const u = new URL(a.href).searchParams.get("u");
	return u === location.pathname + location.search ? "" : "the QR link encodes " + u + ", the address bar has " + location.pathname + location.search;
}`

// canonicalOf is the canonical link the server redirects a link to (the
// link itself when it is canonical).
func canonicalOf(t *testing.T, base, link string) string {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(base + link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); loc != "" {
		return loc
	}
	return link
}

// The variance lab and the λ sweep answer as one types (issue 26, point 5):
// at 1280×720 the control sits beside the chart it changes; typing a value
// redraws the chart without a reload and without moving the page, and the
// address bar gets the new state's canonical link. Chinese from an English
// browser, English from a Chinese one.
func TestBrowserLiveLabs(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct {
		lang, browser, path, control, value, chart string
	}{
		{"zh", "en-US", "/compare/variance", "#bias", "0.5", "#var-biased"},
		{"en", "zh-CN", "/compare/lambda", "#gamma", "0.9", "#sweep-lines"},
	} {
		t.Run(fmt.Sprintf("%s %s from %s", c.path, c.lang, c.browser), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open(c.path + "?v=1&p=seed-b&lang=" + c.lang)
			tb.until(c.control+" shows beside "+c.chart, besideJS, c.control, c.chart)
			before := eval[string](tb, fmt.Sprintf(`window.liveMark = 1, document.querySelector(%q).outerHTML`, c.chart+" svg"))
			y := eval[float64](tb, "scrollY")
			tb.do("focus "+c.control, chromedp.Focus(chromedp.CSS(c.control)))
			eval[bool](tb, fmt.Sprintf(`document.querySelector(%q).select(), true`, c.control))
			tb.do("type "+c.value, chromedp.KeyEvent(c.value))
			tb.until(c.chart+" redraws in place", liveLabJS, c.chart, before, y, "")
			form := eval[string](tb, `new URLSearchParams(new FormData(document.getElementById("sweep-form"))).toString()`)
			want := canonicalOf(t, srv.URL, c.path+"?"+form)
			tb.until("the address bar has the canonical link", liveLabJS, c.chart, before, y, want)
			tb.until("the QR code follows the edit", qrFollowsJS)
		})
	}
}

// pictureFirstJS lists what is wrong with a page's first chart at the
// window's size (issue 35): the first chart of the page must be a lead
// chart (.lead-charts), drawn, and its bounding box wholly inside the
// window, unscrolled, with the site's header above it.
const pictureFirstJS = `() => {
	const W = innerWidth, H = innerHeight;
	if (scrollY !== 0) return "scrolled to " + scrollY;
	const first = [...document.querySelectorAll("main figure.chart svg")].find(s => s.getClientRects().length > 0);
	if (!first) return "no chart";
	const id = first.closest("figure").id;
	if (!first.closest(".lead-charts")) return "the first chart, #" + id + ", is not a lead chart";
	const r = first.getBoundingClientRect();
	if (r.width < 200 || r.height < 100) return "#" + id + " is " + Math.round(r.width) + "×" + Math.round(r.height);
	if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
		return "#" + id + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " outside " + W + "×" + H;
	const header = document.querySelector(".site-header").getBoundingClientRect();
	if (header.height === 0 || header.bottom > r.top + 1) return "the header (bottom " + Math.round(header.bottom) + ") is not above #" + id;
	return "";
}`

// The first chart of every compare, update and batch page lies within the
// first screen with the site's header, at 1280×720 and 1920×1080 (issue 35,
// picture first): Chinese pages from an English browser, English pages
// from a Chinese one. Each page is loaded once; the second size lays it out
// again. At 1280 the header's navigation shows the same sections on each.
func TestBrowserPictureFirst(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	paths := []string{
		"/compare/lambda?v=1&p=seed-b",
		"/compare/variance?v=1&p=seed-b",
		"/compare/estimators?v=1&p=seed-b",
		"/compare/versions?v=1&p=seed-b",
		"/compare/bugs?v=1&p=v02-eos-leak",
		"/compare/bugs?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak,shift",
		"/update/critic?v=1&p=seed-b",
		"/update/actor?v=1&p=seed-b",
		"/batch?v=1",
	}
	for _, c := range []struct{ lang, browser string }{{"zh", "en-US"}, {"en", "zh-CN"}} {
		t.Run(c.lang+" from "+c.browser, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			nav := ""
			for _, p := range paths {
				tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
				tb.open(p + "&lang=" + c.lang)
				tb.until(p+" at 1280×720", pictureFirstJS)
				// The header's navigation shows the same sections on every
				// page (issue 35, point 8; TestBrowserPhoneShell at 375 px).
				got := eval[string](tb, `[...document.querySelectorAll("#site-nav a")].filter(a => a.getClientRects().length > 0).map(a => a.pathname).join(" ")`)
				if nav == "" {
					nav = got
				} else if got != nav {
					t.Errorf("%s at 1280×720: the navigation shows %q, on %s %q", p, got, paths[0], nav)
				}
				tb.do("1920×1080", chromedp.EmulateViewport(1920, 1080))
				tb.until(p+" at 1920×1080", pictureFirstJS)
			}
		})
	}
}
