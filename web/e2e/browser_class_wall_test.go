package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// wallMeasure is what wallJS measures on the wall, in CSS px.
type wallMeasure struct {
	Min      float64   `json:"min"`      // the smallest text on the screen: computed font size (× the SVG's scale)
	MinWhat  string    `json:"minWhat"`  // which text that is
	Texts    int       `json:"texts"`    // how many texts were measured
	Hist     []float64 `json:"hist"`     // the histogram's box: left, top, right, bottom; nil when none
	Count    []float64 `json:"count"`    // the answer count's box, the same way
	VW       float64   `json:"vw"`       // the viewport's width
	ViewH    float64   `json:"vh"`       // and height
	HTMLLang string    `json:"htmlLang"` // <html lang>
	Dark     bool      `json:"dark"`     // the dark theme is on
	Present  bool      `json:"present"`  // presentation mode is on
}

// wallJS measures every text node the wall shows: its element's computed
// font size, times getScreenCTM's scale for SVG text; screen-reader-only
// text and closed parts (a <details>'s body, dialogs) show nothing.
const wallJS = `(() => {
	const out = {min: 1e9, minWhat: "", texts: 0, hist: null, count: null, vw: innerWidth, vh: innerHeight,
		htmlLang: document.documentElement.lang, dark: document.body.classList.contains("theme-dark"),
		present: document.body.classList.contains("present")};
	const box = sel => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const text = n.textContent.trim();
		const e = n.parentElement;
		if (!text || !e || e.closest("title, desc, script, style, .visually-hidden")) continue;
		if (!e.checkVisibility({visibilityProperty: true})) continue;
		let size = parseFloat(getComputedStyle(e).fontSize);
		if (e instanceof SVGElement) { const m = e.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
		out.texts++;
		if (size < out.min) { out.min = size; out.minWhat = e.tagName.toLowerCase() + "." + e.className + " " + JSON.stringify(text.slice(0, 40)); }
	}
	out.hist = box('[data-testid="class-histogram"]');
	out.count = box('[data-testid="class-count"]');
	return out;
})()`

// TestBrowserClassWall: the projected view of a class with its results, at
// 1280×720 and 1920×1080, in both languages (a zh page in an en-US
// browser, an en page in a zh-CN one): presentation mode and the dark
// theme; every text at least 24 px and 32 px; the histogram and the count
// wholly on the screen; the join card (QR code) only on demand; and
// neither the key in the address bar nor in the page.
func TestBrowserClassWall(t *testing.T) {
	t.Parallel()
	srv := server(t, sqliteStore(t), web.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	// Twelve different answers: the histogram's most bars, its tallest.
	for _, a := range []string{"0.4", "0.4", "0.3", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"} {
		newClient(t, srv.URL).Answer(code, a)
	}
	api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)

	for _, c := range []struct{ lang, browser, heading string }{{"zh", "en-US", "课堂 " + code}, {"en", "zh-CN", "Class " + code}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			// An old console link with the key: the cookie, then the same
			// page without the key.
			tb.open("/class/" + code + "/wall?lang=" + c.lang + "&k=" + url.QueryEscape(key))
			if loc := eval[string](tb, "location.pathname + location.search"); loc != "/class/"+code+"/wall?lang="+c.lang {
				t.Fatalf("the wall's address is %s; want it without the key", loc)
			}
			if html := eval[string](tb, "document.documentElement.outerHTML"); strings.Contains(html, key) {
				t.Errorf("the wall's page holds the key")
			}
			if h := eval[string](tb, `document.querySelector(".class-wall-heading").textContent`); h != c.heading {
				t.Errorf("heading %q; want %q", h, c.heading)
			}
			for _, size := range []struct {
				w, h int64
				min  float64
			}{{1280, 720, 24}, {1920, 1080, 32}} {
				name := fmt.Sprintf("%d×%d", size.w, size.h)
				tb.do("resize to "+name, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
					_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride,
						emulation.SetDeviceMetricsOverrideParams{Width: size.w, Height: size.h, DeviceScaleFactor: 1})
					return err
				}))
				tb.until("the layout follows "+name, `(w) => { scrollTo(0, 0); return innerWidth === w && scrollY === 0 && document.querySelector('[data-testid="class-histogram"] svg') ? "" : "width " + innerWidth; }`, size.w)
				m := eval[wallMeasure](tb, wallJS)
				if m.HTMLLang != c.lang || !m.Dark || !m.Present {
					t.Errorf("%s: lang %q, dark %v, present %v; want %s, the dark theme, presentation mode", name, m.HTMLLang, m.Dark, m.Present, c.lang)
				}
				if m.Texts < 8 || m.Min < size.min {
					t.Errorf("%s: the smallest of %d texts is %.1f px (%s); want ≥ %.0f px", name, m.Texts, m.Min, m.MinWhat, size.min)
				}
				for what, b := range map[string][]float64{"histogram": m.Hist, "answer count": m.Count} {
					if b == nil || b[0] < 0 || b[1] < 0 || b[2] > m.VW || b[3] > m.ViewH {
						t.Errorf("%s: the %s's box %v is not inside the %.0f×%.0f screen", name, what, b, m.VW, m.ViewH)
					}
				}
				t.Logf("%s %s: smallest text %.1f px (%s) of %d; histogram %v", c.lang, name, m.Min, m.MinWhat, m.Texts, m.Hist)

				// The join card: hidden until asked for, then as large.
				if eval[bool](tb, `document.querySelector('[data-testid="class-qr"]').checkVisibility()`) {
					t.Errorf("%s: the QR code shows before it is asked for", name)
				}
				tb.do("show the join card", chromedp.Click(chromedp.CSS(`[data-testid="class-wall-join"] summary`)))
				tb.until("the QR code shows", `() => document.querySelector('[data-testid="class-qr"]').checkVisibility() ? "" : "hidden"`)
				if j := eval[wallMeasure](tb, wallJS); j.Min < size.min || j.Texts <= m.Texts {
					t.Errorf("%s: with the join card the smallest text is %.1f px (%s); want ≥ %.0f px, and more texts than %d", name, j.Min, j.MinWhat, size.min, m.Texts)
				}
				tb.do("hide the join card", chromedp.Click(chromedp.CSS(`[data-testid="class-wall-join"] summary`)))
			}
		})
	}
}
