package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/webtest"
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

// wallDuringJS measures the wall during a question (before Show): the join
// banner's box and texts, the cell question's table (its box and the
// texts of the asked row's cells), and the screen.
const wallDuringJS = `(() => {
	const box = e => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
	const q = s => document.querySelector(s);
	const row = q('[data-testid="class-wall-table"] tr[data-row="adv"]');
	return {banner: box(q('[data-testid="class-wall-banner"]')), code: q('[data-testid="class-wall-code"]')?.textContent ?? "",
		at: q(".class-wall-at")?.textContent ?? "", word: q('[data-testid="class-wall-word"]')?.textContent ?? "",
		table: box(q('[data-testid="class-wall-table"]')), advRow: row ? [...row.querySelectorAll("td")].map(td => td.textContent.trim()) : null,
		nav: !!q(".site-nav"), at2: q('[data-testid="flow-at"]')?.textContent ?? "", vw: innerWidth, vh: innerHeight};
})()`

// wallQRJS measures the open QR overlay: the QR code's box, and whether
// the QR code is what the screen shows at its centre (nothing over it).
const wallQRJS = `(() => {
	const img = document.querySelector('[data-testid="class-qr"]'), r = img.getBoundingClientRect();
	return {qr: [r.left, r.top, r.right, r.bottom], top: document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2) === img};
})()`

// wallBarsJS reads the histogram's bar labels (the texts right-aligned
// before the bars) in order.
const wallBarsJS = `[...document.querySelectorAll('[data-testid="class-histogram"] svg text[text-anchor="end"]')].map(e => e.textContent)`

// inside reports whether box b lies on a w×h screen.
func inside(b []float64, w, h float64) bool {
	return len(b) == 4 && b[0] >= 0 && b[1] >= 0 && b[2] <= w && b[3] <= h
}

// TestBrowserClassWall: the projected view of a class, at 1280×720 and
// 1920×1080, in both languages (a zh page in an en-US browser, an en page
// in a zh-CN one), each on its own class. During a cell question: a join
// banner at the top (where to join, the code, the join word), no site
// navigation and no UTC time, the question's table on the screen with the
// asked row covered, and the QR code as an overlay wholly on the screen.
// Revealed: presentation mode and the dark theme; every text at least
// 24 px and 32 px; the histogram and the count wholly on the screen, in at
// most 6 bars the last of which is "others"; then a sign question's bars
// read −, 0, + in that order; and neither the key in the address bar nor
// in the page.
func TestBrowserClassWall(t *testing.T) {
	t.Parallel()
	srv := server(t, sqliteStore(t), web.Options{})
	for _, c := range []struct{ lang, browser, heading, others string }{{"zh", "en-US", "课堂 ", "其他"}, {"en", "zh-CN", "Class ", "others"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key)
			// Twelve different answers: more than the wall's bars.
			var phones []*webtest.Client
			for _, a := range []string{"0.4", "0.4", "0.3", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"} {
				p := newClient(t, srv.URL)
				p.Answer(code, a)
				phones = append(phones, p)
			}
			flow(t, srv.URL, code, key, "joinword", map[string]any{"on": true})
			flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 600})
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			// An old console link with the key: the cookie, then the same
			// page without the key.
			tb.open("/class/" + code + "/wall?lang=" + c.lang + "&k=" + url.QueryEscape(key))
			if loc := eval[string](tb, "location.pathname + location.search"); loc != "/class/"+code+"/wall?lang="+c.lang {
				t.Fatalf("the wall's address is %s; want it without the key", loc)
			}
			if h := eval[string](tb, `document.querySelector(".class-wall-heading").textContent`); h != c.heading+code {
				t.Errorf("heading %q; want %q", h, c.heading+code)
			}
			sizes := []struct {
				w, h int64
				min  float64
			}{{1280, 720, 24}, {1920, 1080, 32}}
			resize := func(w, h int64) string {
				name := fmt.Sprintf("%d×%d", w, h)
				tb.do("resize to "+name, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
					_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride,
						emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: 1})
					return err
				}))
				tb.until("the layout follows "+name, `(w) => { scrollTo(0, 0); return innerWidth === w && scrollY === 0 ? "" : "width " + innerWidth; }`, w)
				return name
			}
			for _, size := range sizes {
				name := resize(size.w, size.h)
				var d struct {
					Banner, Table  []float64
					Code, At, Word string
					AdvRow         []string
					Nav            bool
					At2            string
					VW, VH         float64
				}
				d2 := eval[map[string]any](tb, wallDuringJS)
				b, _ := json.Marshal(d2)
				if err := json.Unmarshal(b, &d); err != nil {
					t.Fatal(err)
				}
				if !inside(d.Banner, d.VW, d.VH) || d.Banner[1] > 0.02*d.VH || d.Banner[3] > 0.25*d.VH {
					t.Errorf("%s: the join banner's box %v; want it at the top of the %.0f×%.0f screen, within its first quarter", name, d.Banner, d.VW, d.VH)
				}
				if !strings.Contains(d.Code, code) || !strings.Contains(d.At, "/join") || len(strings.Trim(d.Word, "0123456789")) == len(d.Word) {
					t.Errorf("%s: banner code %q, join at %q, join word %q; want the code %s, the join address and a word of digits", name, d.Code, d.At, d.Word, code)
				}
				if d.Nav || strings.Contains(d.At2, ":") {
					t.Errorf("%s: site navigation %v, closing time %q; want neither on the wall", name, d.Nav, d.At2)
				}
				if !inside(d.Table, d.VW, d.VH) || len(d.AdvRow) == 0 || slices.Contains(d.AdvRow, "0.4") || slices.ContainsFunc(d.AdvRow, func(s string) bool { return strings.ContainsAny(s, "123456789") }) {
					t.Errorf("%s: the question's table %v, its asked row %q; want the table on the screen and the row's cells covered", name, d.Table, d.AdvRow)
				}
				// The QR code: hidden until asked for, then over the question,
				// wholly on the screen and large.
				if eval[bool](tb, `document.querySelector('[data-testid="class-qr"]').checkVisibility()`) {
					t.Errorf("%s: the QR code shows before it is asked for", name)
				}
				tb.do("show the QR code", chromedp.Click(chromedp.CSS(`[data-testid="class-wall-join"] summary`)))
				tb.until("the QR code shows", `() => document.querySelector('[data-testid="class-qr"]').checkVisibility() ? "" : "hidden"`)
				var qr struct {
					QR  []float64
					Top bool
				}
				qr2 := eval[map[string]any](tb, wallQRJS)
				b, _ = json.Marshal(qr2)
				_ = json.Unmarshal(b, &qr)
				if !inside(qr.QR, d.VW, d.VH) || !qr.Top || qr.QR[3]-qr.QR[1] < 0.6*d.VH {
					t.Errorf("%s: the QR code's box %v (on top: %v); want it over the question, on the screen and ≥ 60%% of its height", name, qr.QR, qr.Top)
				}
				if j := eval[wallMeasure](tb, wallJS); j.Min < size.min {
					t.Errorf("%s: with the QR code the smallest text is %.1f px (%s); want ≥ %.0f px", name, j.Min, j.MinWhat, size.min)
				}
				tb.do("hide the QR code", chromedp.Click(chromedp.CSS(`[data-testid="class-wall-join"] summary`)))
				tb.until("the QR code hides", `() => document.querySelector('[data-testid="class-qr"]').checkVisibility() ? "shown" : ""`)
				t.Logf("%s %s: banner %v, table %v, QR %v", c.lang, name, d.Banner, d.Table, qr.QR)
			}

			api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
			tb.until("the results show", `() => document.querySelector('[data-testid="class-histogram"] svg') ? "" : "none"`)
			if html := eval[string](tb, "document.documentElement.outerHTML"); strings.Contains(html, key) {
				t.Errorf("the wall's page holds the key")
			}
			for _, size := range sizes {
				name := resize(size.w, size.h)
				m := eval[wallMeasure](tb, wallJS)
				if m.HTMLLang != c.lang || !m.Dark || !m.Present {
					t.Errorf("%s: lang %q, dark %v, present %v; want %s, the dark theme, presentation mode", name, m.HTMLLang, m.Dark, m.Present, c.lang)
				}
				if m.Texts < 8 || m.Min < size.min {
					t.Errorf("%s: the smallest of %d texts is %.1f px (%s); want ≥ %.0f px", name, m.Texts, m.Min, m.MinWhat, size.min)
				}
				for what, b := range map[string][]float64{"histogram": m.Hist, "answer count": m.Count} {
					if !inside(b, m.VW, m.ViewH) {
						t.Errorf("%s: the %s's box %v is not inside the %.0f×%.0f screen", name, what, b, m.VW, m.ViewH)
					}
				}
				if bars := eval[[]string](tb, wallBarsJS); len(bars) != 6 || bars[0] != "✓ 0.4" || bars[5] != c.others {
					t.Errorf("%s: the bars %q; want 6, the most given first (✓ 0.4), the last %q", name, bars, c.others)
				}
				t.Logf("%s %s: smallest text %.1f px (%s) of %d; histogram %v", c.lang, name, m.Min, m.MinWhat, m.Texts, m.Hist)
			}

			// A sign question: its bars −, 0, + in that order, at chart size.
			if st, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/ask", key, map[string]string{"lesson": "scores-and-rewards", "block": "predict-k1-negative-kl"}); st != 201 {
				t.Fatalf("ask a sign question = %d %v", st, m)
			}
			for i, p := range phones[:5] {
				p.Answer(code, []string{"+", "+", "+", "-", "+"}[i])
			}
			api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
			tb.until("the sign question's results show", `() => document.querySelectorAll('[data-testid="class-histogram"] svg text[text-anchor="end"]').length === 3 ? "" : "not yet"`)
			if bars := eval[[]string](tb, wallBarsJS); !slices.Equal(bars, []string{"−", "0", "✓ +"}) {
				t.Errorf("sign question: the bars %q; want −, 0, ✓ +", bars)
			}
			if m := eval[wallMeasure](tb, wallJS); m.Min < 32 || !inside(m.Hist, m.VW, m.ViewH) {
				t.Errorf("sign question at 1920×1080: the smallest text %.1f px (%s), histogram %v; want ≥ 32 px, on the screen", m.Min, m.MinWhat, m.Hist)
			}
		})
	}
}
